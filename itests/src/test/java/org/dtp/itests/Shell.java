package org.dtp.itests;

import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.api.console.SessionFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs a Karaf shell command in the container and returns what it printed (an error as "ERROR: ..."). */
final class Shell {
    private Shell() {
    }

    static String run(SessionFactory sessions, String command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        Session session = sessions.create(new java.io.ByteArrayInputStream(new byte[0]), print, print);
        try {
            Object result = session.execute(command);
            if (result != null) {
                print.println(result);
            }
        } catch (Exception e) {
            print.println("ERROR: " + e.getMessage());
        } finally {
            session.close();
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
