package org.dtp.adapters.imap;

import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

/**
 * The round trip against a real Dovecot over required STARTTLS: GreenMail A → Dovecot → GreenMail C, byte-identical
 * with flags, dates and folders (Dovecot separates folder levels with '/', GreenMail with '.'), and Dovecot's
 * special-use folders exported as such. Runs when DTP_TEST_DOVECOT_HOST, _PORT, _USER and _PASSWORD are set
 * (with _SECURITY and _CERT for a self-signed certificate): src/test/dovecot/start-dovecot.sh starts a throw-away
 * Dovecot and prints them.
 */
public class DovecotRoundTripTest {
    private GreenMailServer a;
    private GreenMailServer c;
    private TransferEndpoint dovecot;
    private ImapSettings settings;
    private MailTransfers transfers;

    private static String env(String name) {
        String value = System.getenv("DTP_TEST_DOVECOT_" + name);
        return value == null || value.isBlank() ? null : value;
    }

    @Before
    public void start() throws Exception {
        Assume.assumeTrue("DTP_TEST_DOVECOT_HOST/PORT/USER/PASSWORD are not set: the Dovecot round trip is skipped. As root "
                        + "(with dovecot-imapd installed): eval \"$(bundles/adapters/imap/src/test/dovecot/start-dovecot.sh)\"",
                env("HOST") != null && env("PORT") != null && env("USER") != null && env("PASSWORD") != null);
        settings = GreenMailServer.settings().withPageSize(3);
        if (env("CERT") != null) {
            settings = settings.withTrustStore(trustStoreWith(Path.of(env("CERT"))), "changeit");
        }
        dovecot = new TransferEndpoint("imap", Map.of(
                ImapAccount.HOST, env("HOST"), ImapAccount.PORT, env("PORT"),
                ImapAccount.SECURITY, env("SECURITY") == null ? "starttls" : env("SECURITY"),
                ImapAccount.USERNAME, env("USER"), ImapAccount.PASSWORD, env("PASSWORD")));
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            box.clear(); // a throw-away server, maybe used by an earlier run
        }
        a = new GreenMailServer().user("ann");
        c = new GreenMailServer().user("ann");
        transfers = new MailTransfers(settings);
    }

    /** A PKCS12 trust store holding just the server's (self-signed) certificate. */
    static Path trustStoreWith(Path pem) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        try (InputStream in = Files.newInputStream(pem)) {
            store.setCertificateEntry("dovecot", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        Path file = Files.createTempFile("dovecot-trust", ".p12");
        file.toFile().deleteOnExit();
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, "changeit".toCharArray());
        }
        return file;
    }

    @After
    public void stop() {
        if (transfers != null) {
            transfers.close();
            a.close();
            c.close();
        }
    }

    @Test
    public void greenMailToDovecotAndBackKeepsEverything() throws Exception {
        Map<String, List<String>> source;
        int count;
        try (Mailbox box = new Mailbox(a.plain("ann"))) {
            count = MailTransfers.fill(box);
            source = MailTransfers.contents(box);
        }
        TransferJob in = transfers.run(a.plain("ann"), dovecot);
        assertEquals(in.toString(), JobState.COMPLETED, in.state());
        assertEquals(count, in.items());
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            assertEquals(source, only(source, MailTransfers.contents(box)));
        }

        TransferJob out = transfers.run(dovecot, c.plain("ann"));
        assertEquals(out.toString(), JobState.COMPLETED, out.state());
        try (Mailbox box = new Mailbox(c.plain("ann"))) {
            assertEquals(source, only(source, MailTransfers.contents(box)));
        }

        // Dovecot announces its special-use folders; the exporter says what each is for.
        ImapConnector connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        try {
            Map<String, SpecialUse> uses = new TreeMap<>();
            for (MailFolder f : new ImapMailExporter(connector).export(TestContexts.source(UUID.randomUUID(), dovecot),
                    ExportCursor.root()).containers()) {
                if (f.specialUse() != null) {
                    uses.put(f.id(), f.specialUse());
                }
            }
            assertEquals(Map.of("Drafts", SpecialUse.DRAFTS, "INBOX", SpecialUse.INBOX, "Junk", SpecialUse.JUNK,
                    "Sent", SpecialUse.SENT, "Trash", SpecialUse.TRASH), uses);
            // And an import maps another server's special-use folder onto Dovecot's, whatever its name there.
            TestContexts.Destination ctx = new TestContexts.Destination(UUID.randomUUID(), dovecot, ref -> InputStream.nullInputStream());
            assertEquals("Sent", new ImapMailImporter(connector).importContainer(ctx, "c:sent",
                    new MailFolder("Sent Items", "Sent Items", "Sent Items", ".", SpecialUse.SENT, null), null));
            assertEquals(List.of(), ctx.notKept);
        } finally {
            connector.close();
        }
    }

    /** The folders of {@code all} that {@code source} has (Dovecot adds empty special-use folders of its own). */
    private static Map<String, List<String>> only(Map<String, List<String>> source, Map<String, List<String>> all) {
        Map<String, List<String>> out = new TreeMap<>(all);
        out.keySet().retainAll(source.keySet());
        return out;
    }
}
