package org.dtp.shell;

import java.io.IOException;

/** Asks the person at the shell for a secret value, without echoing it (Karaf's {@code Session#readLine} with a mask). */
@FunctionalInterface
interface SecretPrompt {
    String ask(String prompt) throws IOException;
}
