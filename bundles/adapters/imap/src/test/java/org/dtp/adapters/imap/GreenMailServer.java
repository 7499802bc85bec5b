package org.dtp.adapters.imap;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import org.dtp.spi.TransferEndpoint;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A real IMAP server in this JVM: GreenMail with IMAP and IMAPS on ephemeral loopback ports. IMAPS presents the
 * test certificate in src/test/resources/tls (issued to 127.0.0.1 and localhost), so host names are checked as in
 * production; {@link #trustStore()} trusts it.
 */
final class GreenMailServer implements AutoCloseable {
    static final String PASSWORD = "s3cret-Pa55word!";
    /** Where the tests' servers listen: loopback, allowed as an operator would allow a private network. */
    static final org.dtp.spi.net.OutboundAddresses LOOPBACK =
            new org.dtp.kit.net.OutboundGuard(java.util.List.of(), java.util.List.of("127.0.0.0/8", "::1"));

    static {
        // Read once per JVM by GreenMail's socket factory, before its first IMAPS server starts.
        System.setProperty("greenmail.tls.keystore.file", resource("tls/loopback-server.p12").toString());
        System.setProperty("greenmail.tls.keystore.password", "changeit");
    }

    final GreenMail greenMail;

    GreenMailServer() {
        greenMail = new GreenMail(new ServerSetup[]{
                patient(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_IMAP)),
                patient(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_IMAPS))});
        greenMail.start();
    }

    /** GreenMail waits 2 s for a server to start, which the first TLS server of a JVM on a loaded machine can exceed. */
    private static ServerSetup patient(ServerSetup setup) {
        setup.setServerStartupTimeout(30_000);
        return setup;
    }

    /** Adds a user whose login and address are {@code name}. */
    GreenMailServer user(String name) {
        greenMail.setUser(name, name, PASSWORD);
        return this;
    }

    int imapPort() {
        return greenMail.getImap().getPort();
    }

    int imapsPort() {
        return greenMail.getImaps().getPort();
    }

    /** The user's account over plain IMAP (needs allowPlaintextLogin). */
    TransferEndpoint plain(String user) {
        return endpoint(user, "plain", imapPort(), PASSWORD);
    }

    /** The user's account over IMAPS (needs the trust store). */
    TransferEndpoint tls(String user) {
        return endpoint(user, "tls", imapsPort(), PASSWORD);
    }

    static TransferEndpoint endpoint(String user, String security, int port, String password) {
        Map<String, String> settings = new HashMap<>();
        settings.put(ImapAccount.HOST, "localhost"); // the name in the test certificate
        settings.put(ImapAccount.PORT, String.valueOf(port));
        settings.put(ImapAccount.SECURITY, security);
        settings.put(ImapAccount.USERNAME, user);
        settings.put(ImapAccount.PASSWORD, password);
        return new TransferEndpoint("imap", settings);
    }

    /** Settings for loopback tests: plain logins allowed, the test certificate trusted. */
    static ImapSettings settings() {
        return ImapSettings.defaults().withPlaintextLogin(true).withTrustStore(trustStore(), "changeit");
    }

    static Path trustStore() {
        return resource("tls/loopback-trust.p12");
    }

    static Path resource(String name) {
        try {
            return Path.of(GreenMailServer.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        greenMail.stop();
    }
}
