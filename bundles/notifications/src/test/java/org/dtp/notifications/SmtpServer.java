package org.dtp.notifications;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.internet.MimeMessage;

import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * A real SMTP server in this JVM: GreenMail with SMTP and SMTPS on ephemeral loopback ports, requiring the login
 * {@value #LOGIN}. SMTPS presents the test certificate in src/test/resources/tls (issued to 127.0.0.1 and
 * localhost), so host names are checked as in production; {@link #trustStore()} trusts it. GreenMail's SMTP offers
 * no STARTTLS.
 */
final class SmtpServer implements AutoCloseable {
    static final String LOGIN = "dtp-sender";
    static final String PASSWORD = "smtp-Pa55word-never-logged";
    static final String FROM = "dtp@example.org";

    static {
        // Read once per JVM by GreenMail's socket factory, before its first SMTPS server starts.
        System.setProperty("greenmail.tls.keystore.file", resource("tls/loopback-server.p12").toString());
        System.setProperty("greenmail.tls.keystore.password", "changeit");
    }

    private static final long STARTUP_TIMEOUT_MILLIS = 30_000;

    final GreenMail greenMail;

    SmtpServer() {
        // GreenMail gives a server 2 s to start; SMTPS, with its TLS set-up, took longer on a loaded CI machine.
        ServerSetup smtp = new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP);
        ServerSetup smtps = new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTPS);
        smtp.setServerStartupTimeout(STARTUP_TIMEOUT_MILLIS);
        smtps.setServerStartupTimeout(STARTUP_TIMEOUT_MILLIS);
        greenMail = new GreenMail(new ServerSetup[]{smtp, smtps})
                .withConfiguration(GreenMailConfiguration.aConfig().withUser(FROM, LOGIN, PASSWORD));
        greenMail.start();
    }

    int smtpPort() {
        return greenMail.getSmtp().getPort();
    }

    int smtpsPort() {
        return greenMail.getSmtps().getPort();
    }

    /** Waits until {@code count} messages in all have arrived, and returns every message received. */
    List<MimeMessage> await(int count) {
        if (!greenMail.waitForIncomingEmail(10_000, count)) {
            throw new AssertionError("expected " + count + " messages, got " + greenMail.getReceivedMessages().length);
        }
        return List.of(greenMail.getReceivedMessages());
    }

    /** The message's text, its transfer encoding undone. */
    static String text(MimeMessage message) throws Exception {
        try (InputStream in = message.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The message as it crossed the wire, headers and encoded body. */
    static String raw(MimeMessage message) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        message.writeTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static Path trustStore() {
        return resource("tls/loopback-trust.p12");
    }

    static Path resource(String name) {
        try {
            return Path.of(SmtpServer.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        greenMail.stop();
    }
}
