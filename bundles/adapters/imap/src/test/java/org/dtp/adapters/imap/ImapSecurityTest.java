package org.dtp.adapters.imap;

import org.dtp.models.mail.MailFolder;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** TLS, required STARTTLS, plaintext refusal and refused logins, against GreenMail's IMAP and IMAPS. */
public class ImapSecurityTest {
    private GreenMailServer server;

    @Before
    public void start() {
        server = new GreenMailServer().user("ann");
    }

    @After
    public void stop() {
        server.close();
    }

    private String root(ImapSettings settings, org.dtp.spi.TransferEndpoint endpoint) throws AdapterException {
        ImapConnector connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        try {
            return new ImapMailExporter(connector).export(TestContexts.source(UUID.randomUUID(), endpoint), ExportCursor.root())
                    .containers().stream().map(MailFolder::id).toList().toString();
        } finally {
            connector.close();
        }
    }

    @Test
    public void tlsWithTheTrustedCertificateWorks() throws Exception {
        assertEquals("[INBOX]", root(ImapSettings.defaults().withTrustStore(GreenMailServer.trustStore(), "changeit"), server.tls("ann")));
    }

    @Test
    public void aCertificateTheJvmDoesNotTrustIsRefused() {
        try {
            root(ImapSettings.defaults(), server.tls("ann"));
            fail("logged in over TLS to a server with an untrusted certificate");
        } catch (AdapterException expected) {
            assertFalse("not worth retrying", expected instanceof TransientAdapterException);
            assertTrue(expected.getMessage(), expected.getMessage().contains("TLS failed"));
        }
    }

    @Test
    public void theCertificateMustNameTheHost() {
        // The test certificate is for localhost and 127.0.0.1; this server listens on 127.0.0.2, a name it does not carry.
        com.icegreen.greenmail.util.GreenMail other = new com.icegreen.greenmail.util.GreenMail(
                new com.icegreen.greenmail.util.ServerSetup(0, "127.0.0.2", com.icegreen.greenmail.util.ServerSetup.PROTOCOL_IMAPS));
        other.start();
        try {
            other.setUser("ann", "ann", GreenMailServer.PASSWORD);
            java.util.Map<String, String> settings = new java.util.HashMap<>(
                    GreenMailServer.endpoint("ann", "tls", other.getImaps().getPort(), GreenMailServer.PASSWORD).settings());
            settings.put(ImapAccount.HOST, "127.0.0.2");
            root(GreenMailServer.settings(), new org.dtp.spi.TransferEndpoint("imap", settings));
            fail("accepted a certificate for another host");
        } catch (AdapterException expected) {
            assertFalse(expected.getMessage(), expected instanceof TransientAdapterException);
            assertTrue(expected.getMessage(), expected.getMessage().contains("TLS failed"));
        } finally {
            other.stop();
        }
    }

    @Test
    public void requiredStarttlsIsNotSkippedWhenTheServerDoesNotOfferIt() {
        // GreenMail's IMAP offers no STARTTLS: the adapter must refuse to log in rather than log in in the clear.
        try {
            root(GreenMailServer.settings(), GreenMailServer.endpoint("ann", "starttls", server.imapPort(), GreenMailServer.PASSWORD));
            fail("logged in without STARTTLS");
        } catch (AdapterException expected) {
            assertFalse(expected instanceof TransientAdapterException);
            assertTrue(expected.getMessage(), expected.getMessage().contains("STARTTLS"));
        }
    }

    @Test
    public void plainLoginsAreRefusedUnlessTheConfigurationAllowsThem() throws Exception {
        try {
            root(ImapSettings.defaults(), server.plain("ann"));
            fail("logged in without TLS");
        } catch (InvalidEndpointException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("allowPlaintextLogin"));
        }
        assertEquals("[INBOX]", root(ImapSettings.defaults().withPlaintextLogin(true), server.plain("ann")));
    }

    @Test
    public void aWrongPasswordIsFinalAndNeverShown() {
        String wrong = "wrong-Secret-42";
        try {
            root(GreenMailServer.settings(), GreenMailServer.endpoint("ann", "tls", server.imapsPort(), wrong));
            fail("logged in with a wrong password");
        } catch (AdapterException expected) {
            assertFalse(expected instanceof TransientAdapterException);
            assertTrue(expected.getMessage(), expected.getMessage().contains("refused the user name or password"));
            assertFalse(expected.getMessage().contains(wrong));
        }
    }

    @Test
    public void noSecretInToString() throws Exception {
        ImapAccount account = ImapAccount.of(server.tls("ann"), GreenMailServer.settings());
        assertFalse(account.toString().contains(GreenMailServer.PASSWORD));
        assertFalse(GreenMailServer.settings().toString().contains("changeit"));
    }
}
