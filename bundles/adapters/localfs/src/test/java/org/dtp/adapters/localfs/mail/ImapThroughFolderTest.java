package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.Configs;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Store;
import org.eclipse.angus.mail.iap.Literal;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.dtp.adapters.imap.ImapConfig;
import org.dtp.adapters.imap.ImapConnector;
import org.dtp.adapters.imap.ImapMailExporter;
import org.dtp.adapters.imap.ImapMailImporter;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;

/**
 * Backup and restore of a mailbox: GreenMail (IMAP) to .eml files in a folder, and the folder to another GreenMail
 * account. Every folder, every message byte for byte, its flags, keywords and INTERNALDATE come back.
 */
public class ImapThroughFolderTest {
    private static final String PASSWORD = "s3cret-Pa55word!";

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private final GreenMail greenMail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_IMAP));

    @After
    public void stop() {
        greenMail.stop();
    }

    private TransferEndpoint account(String user) {
        return new TransferEndpoint("imap", Map.of("host", "127.0.0.1", "port", String.valueOf(greenMail.getImap().getPort()),
                "security", "plain", "username", user, "password", PASSWORD));
    }

    private Store store(String user) throws Exception {
        Properties properties = new Properties();
        properties.setProperty("mail.imap.peek", "true"); // reading the bytes must not set \Seen
        Store store = Session.getInstance(properties).getStore("imap");
        store.connect("127.0.0.1", greenMail.getImap().getPort(), user, PASSWORD);
        return store;
    }

    /** APPENDs the sample's exact bytes (line ends made CRLF, as IMAP carries them) with flags and INTERNALDATE. */
    private static void append(Store store, String folder, String sample, Flags flags, Date arrived) throws Exception {
        IMAPFolder f = (IMAPFolder) store.getFolder(folder);
        if (!f.exists()) {
            f.create(Folder.HOLDS_MESSAGES | Folder.HOLDS_FOLDERS);
        }
        byte[] raw = crlf(MailSamples.bytes(sample));
        Literal literal = new Literal() {
            @Override
            public int size() {
                return raw.length;
            }

            @Override
            public void writeTo(OutputStream out) throws IOException {
                out.write(raw);
            }
        };
        f.doCommand(p -> p.appenduid(folder, flags, arrived, literal));
    }

    private static byte[] crlf(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length + 200);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '\n' && (i == 0 || raw[i - 1] != '\r')) {
                out.write('\r');
            }
            out.write(raw[i]);
        }
        return out.toByteArray();
    }

    /** Each folder's messages: SHA-256 of the bytes, flags and INTERNALDATE, sorted. */
    private static Map<String, List<String>> contents(Store store) throws Exception {
        Map<String, List<String>> out = new TreeMap<>();
        for (Folder f : store.getDefaultFolder().list("*")) {
            if ((f.getType() & Folder.HOLDS_MESSAGES) == 0) {
                continue;
            }
            f.open(Folder.READ_ONLY);
            List<String> messages = new ArrayList<>();
            for (Message m : f.getMessages()) {
                Flags flags = m.getFlags(); // before the bytes are read; \Recent is the server's own, per session
                List<String> names = new ArrayList<>(List.of(flags.getUserFlags()));
                for (Flags.Flag flag : flags.getSystemFlags()) {
                    names.add(flag == Flags.Flag.SEEN ? "\\Seen" : flag == Flags.Flag.ANSWERED ? "\\Answered"
                            : flag == Flags.Flag.FLAGGED ? "\\Flagged" : flag == Flags.Flag.DRAFT ? "\\Draft"
                            : flag == Flags.Flag.DELETED ? "\\Deleted" : "");
                }
                names.removeIf(String::isEmpty);
                names.sort(null);
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                m.writeTo(bytes);
                String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
                messages.add(sha + " " + names + " " + m.getReceivedDate().toInstant());
            }
            f.close(false);
            messages.sort(null);
            out.put(f.getFullName(), messages);
        }
        return out;
    }

    /**
     * The IMAP exporter with each message's announced size dropped: GreenMail 2.1 answers RFC822.SIZE with the size of
     * the body alone (its MimeMessage.getSize()), so the folder importer, which checks the bytes it got against the
     * size announced, would rightly refuse every message. Real servers (Dovecot) announce the whole message.
     */
    private record SizesUnknown(ImapMailExporter imap) implements Exporter<MailFolder, MailMessage> {
        @Override
        public ExportPage<MailFolder, MailMessage> export(TransferContext context, ExportCursor cursor) throws AdapterException {
            ExportPage<MailFolder, MailMessage> page = imap.export(context, cursor);
            List<MailMessage> messages = page.items().stream().map(m -> m.toBuilder()
                    .raw(new MediaRef(m.raw().uri(), m.raw().contentType(), -1))
                    .size(-1)
                    .build()).toList();
            return new ExportPage<>(page.containers(), messages, page.continuation(), page.rejected());
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
            return imap.openMedia(context, ref);
        }
    }

    @Test
    public void greenMailToFolderToGreenMailKeepsEveryMessageByteForByteWithFlagsAndDates() throws Exception {
        greenMail.start();
        greenMail.setUser("ann", "ann", PASSWORD);
        greenMail.setUser("bob", "bob", PASSWORD);
        Date day = Date.from(java.time.Instant.parse("2001-04-20T20:18:00Z"));
        try (Store ann = store("ann")) {
            Flags seen = new Flags(Flags.Flag.SEEN);
            Flags answered = new Flags(Flags.Flag.ANSWERED);
            answered.add("$Forwarded");
            append(ann, "INBOX", MailSamples.DIGEST, seen, day);
            append(ann, "INBOX", MailSamples.OUTLOOK, answered, new Date(day.getTime() + 86_400_000L));
            append(ann, "Archive", MailSamples.EIGHT_BIT, new Flags(Flags.Flag.FLAGGED), day);
            append(ann, "Archive.2001", MailSamples.FROM_LINES, new Flags(), day);
        }
        // no idle connections kept: the connector is not deactivated here (as DS would), and nothing stays open
        ImapConnector connector = new ImapConnector(Configs.of(ImapConfig.class, Map.of("allowPlaintextLogin", true,
                "maxIdleConnections", 0)), org.dtp.webdav.testing.Radicale.LOOPBACK);
        {
            ImapMailExporter imap = new ImapMailExporter(connector);
            TransferContext fromAnn = TestContexts.source(account("ann"));
            Path folder = temp.newFolder("mail").toPath();
            LocalFolderSettings settings = new LocalFolderSettings(List.of(), 1, false);
            TestImportContext toFolder = TestContexts.destination(folder, ref -> imap.openMedia(fromAnn, ref));
            Transfers.copy(new SizesUnknown(imap), fromAnn, new LocalFolderMailImporter(settings), toFolder);
            LocalFolderMailExporter disk = new LocalFolderMailExporter(settings);
            TestImportContext toBob = new TestImportContext(TestContexts.JOB, account("bob"), ref -> disk.openMedia(TestContexts.source(folder), ref));
            Transfers.copy(disk, TestContexts.source(folder), new ImapMailImporter(connector), toBob);
            assertEquals(List.of(), toFolder.notKept());
            assertEquals(List.of(), toBob.notKept());
        }
        try (Store ann = store("ann"); Store bob = store("bob")) {
            Map<String, List<String>> before = contents(ann);
            assertEquals(List.of("Archive", "Archive.2001", "INBOX"), List.copyOf(before.keySet()));
            assertEquals(before, contents(bob));
        }
    }
}
