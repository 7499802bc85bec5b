package org.dtp.adapters.imap;

import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The importer against GreenMail: exact bytes, flags, INTERNALDATE, folders, and no duplicates on a repeat. */
public class ImapMailImporterTest {
    private GreenMailServer server;
    private ImapConnector connector;
    private final UUID job = UUID.randomUUID();

    @Before
    public void start() {
        server = new GreenMailServer().user("bea");
        connector = new ImapConnector(GreenMailServer.settings(), GreenMailServer.LOOPBACK);
    }

    @After
    public void stop() {
        connector.close();
        server.close();
    }

    /** A destination context whose media are the given bytes, whatever the ref. */
    private TestContexts.Destination context(byte[] bytes) {
        return new TestContexts.Destination(job, server.tls("bea"), ref -> new ByteArrayInputStream(bytes));
    }

    private static MailMessage message(String id, String messageId, MailFlags flags, Instant internalDate) {
        return MailMessage.builder()
                .id(id)
                .raw(new MediaRef(id, "message/rfc822", -1))
                .messageId(messageId)
                .subject("a subject")
                .flags(flags)
                .internalDate(internalDate)
                .build();
    }

    private static byte[] raw(String messageId, String body) {
        return (("From: ann@example.org\r\nSubject: a subject\r\n" + (messageId == null ? "" : "Message-ID: " + messageId + "\r\n"))
                + "\r\n" + body + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static final MailFlags NONE = new MailFlags(false, false, false, false, false, List.of());

    @Test
    public void aServerWithoutMultiappendLeavesEveryMessageOfABatchToImportItem() throws Exception {
        byte[] sample = raw("<batch@example.org>", "body");
        List<org.dtp.spi.BatchImporter.Item<MailMessage>> batch = List.of(
                new org.dtp.spi.BatchImporter.Item<>(context(sample), "i:1", message("src-1", "<batch@example.org>", NONE, null)));

        assertEquals(List.of(), new ImapMailImporter(connector).importItems(batch, "INBOX")); // GreenMail offers no MULTIAPPEND
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(0, box.messages("INBOX").size());
        }
    }

    @Test
    public void appendsTheExactBytesWithFlagsAndInternalDate() throws Exception {
        byte[] sample = Samples.crlf("python-msg_15.eml");
        Instant received = Instant.parse("2001-04-30T10:17:50Z");
        MailFlags flags = new MailFlags(true, true, true, false, false, List.of("$Forwarded", "Work"));
        String id = new ImapMailImporter(connector).importItem(context(sample), "i:1", message("src-1", "<xxxx>", flags, received), "INBOX");
        assertTrue(id, id.startsWith("INBOX;UIDVALIDITY="));
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            List<Mailbox.Stored> stored = box.messages("INBOX");
            assertEquals(1, stored.size());
            assertEquals(Mailbox.sha256(sample), stored.get(0).sha256());
            assertEquals(new TreeSet<>(List.of("$Forwarded", "Work", "\\Answered", "\\Flagged", "\\Seen")), stored.get(0).flags());
            assertEquals(received, stored.get(0).internalDate());
        }
    }

    @Test
    public void lineFeedOnlyMessagesAreReportedAsKeptWithCrlf() throws Exception {
        byte[] lf = "From: ann@example.org\nSubject: unix mbox\nMessage-ID: <lf@example.org>\n\nbody\n"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        TestContexts.Destination unix = context(lf);
        new ImapMailImporter(connector).importItem(unix, "i:lf", message("src-lf", "<lf@example.org>", NONE, null), "INBOX");
        assertEquals(List.of("src-lf raw"), unix.notKept);

        TestContexts.Destination crlf = context(raw("<crlf@example.org>", "body"));
        new ImapMailImporter(connector).importItem(crlf, "i:crlf", message("src-crlf", "<crlf@example.org>", NONE, null), "INBOX");
        assertEquals(List.of(), crlf.notKept);
    }

    @Test
    public void theSameMessageImportedTwiceIsStoredOnce() throws Exception {
        byte[] bytes = raw("<once@example.org>", "hello");
        MailMessage m = message("src-1", "<once@example.org>", NONE, null);
        String first = new ImapMailImporter(connector).importItem(context(bytes), "i:src-1", m, "INBOX");
        // A new connector: a restart after a crash between the APPEND and the engine's ledger entry.
        ImapConnector restarted = new ImapConnector(GreenMailServer.settings(), GreenMailServer.LOOPBACK);
        try {
            String second = new ImapMailImporter(restarted).importItem(context(bytes), "i:src-1", m, "INBOX");
            assertEquals(first, second);
        } finally {
            restarted.close();
        }
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(1, box.messages("INBOX").size());
        }
    }

    @Test
    public void aMessageWithoutMessageIdIsRecognisedByItsContent() throws Exception {
        byte[] bytes = raw(null, "no id here");
        MailMessage m = message("src-2", null, NONE, null);
        String first = new ImapMailImporter(connector).importItem(context(bytes), "i:src-2", m, "INBOX");
        ImapConnector restarted = new ImapConnector(GreenMailServer.settings(), GreenMailServer.LOOPBACK);
        try {
            assertEquals(first, new ImapMailImporter(restarted).importItem(context(bytes), "i:src-2", m, "INBOX"));
        } finally {
            restarted.close();
        }
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(1, box.messages("INBOX").size());
        }
    }

    @Test
    public void anotherMessageWithTheSameMessageIdIsNotTakenForACopy() throws Exception {
        ImapMailImporter importer = new ImapMailImporter(connector);
        importer.importItem(context(raw("<same@example.org>", "first")), "i:a", message("a", "<same@example.org>", NONE, null), "INBOX");
        importer.importItem(context(raw("<same@example.org>", "second, edited")), "i:b", message("b", "<same@example.org>", NONE, null), "INBOX");
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(2, box.messages("INBOX").size());
        }
    }

    @Test
    public void theSourceHoldingTheSameMessageTwiceGivesTwoCopies() throws Exception {
        ImapMailImporter importer = new ImapMailImporter(connector);
        byte[] bytes = raw("<twice@example.org>", "same");
        String a = importer.importItem(context(bytes), "i:a", message("a", "<twice@example.org>", NONE, null), "INBOX");
        String b = importer.importItem(context(bytes), "i:b", message("b", "<twice@example.org>", NONE, null), "INBOX");
        assertNotEquals(a, b);
        assertEquals("the same key again is the same message", a,
                importer.importItem(context(bytes), "i:a", message("a", "<twice@example.org>", NONE, null), "INBOX"));
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(2, box.messages("INBOX").size());
        }
    }

    @Test
    public void deletedIsNeverSetAndIsReportedAsNotKept() throws Exception {
        TestContexts.Destination ctx = context(raw("<gone@example.org>", "x"));
        new ImapMailImporter(connector).importItem(ctx, "i:d",
                message("d", "<gone@example.org>", new MailFlags(true, false, false, false, true, List.of()), null), "INBOX");
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(new TreeSet<>(List.of("\\Seen")), box.messages("INBOX").get(0).flags());
        }
        assertEquals(List.of("d flags.deleted"), ctx.notKept);
    }

    @Test
    public void aSourceThatFailsMidMessageIsRetriedAndLeavesNothingHalfWritten() throws Exception {
        byte[] bytes = Samples.large("<big@example.org>", 3_000_000);
        int[] opened = {0};
        TestContexts.Destination ctx = new TestContexts.Destination(job, server.tls("bea"), ref -> {
            opened[0]++;
            InputStream in = new ByteArrayInputStream(bytes);
            // The first read (size and hash) goes through; the second (the APPEND) breaks off after 1 MB.
            return opened[0] < 2 ? in : new FilterInputStream(in) {
                long read;

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (read > 1_000_000) {
                        throw new IOException("connection reset by the source");
                    }
                    int n = super.read(b, off, len);
                    read += Math.max(0, n);
                    return n;
                }
            };
        });
        ImapMailImporter importer = new ImapMailImporter(connector);
        MailMessage m = message("big", "<big@example.org>", NONE, null);
        try {
            importer.importItem(ctx, "i:big", m, "INBOX");
            fail("appended a message whose source broke off");
        } catch (TransientAdapterException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("connection reset by the source"));
        }
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals("no half message", 0, box.messages("INBOX").size());
        }
        // The engine's retry: the source works again.
        importer.importItem(context(bytes), "i:big", m, "INBOX");
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            List<Mailbox.Stored> stored = box.messages("INBOX");
            assertEquals(1, stored.size());
            assertEquals(Mailbox.sha256(bytes), stored.get(0).sha256());
        }
    }

    @Test
    public void aMultiMegabyteMessageArrivesByteIdentical() throws Exception {
        byte[] bytes = Samples.large("<huge@example.org>", 12 * 1024 * 1024);
        new ImapMailImporter(connector).importItem(context(bytes), "i:huge", message("huge", "<huge@example.org>", NONE, null), "INBOX");
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(Mailbox.sha256(bytes), box.messages("INBOX").get(0).sha256());
        }
    }

    @Test
    public void foldersAreCreatedUnderTheirParentOnceAndSpecialUseWithoutATargetIsReported() throws Exception {
        ImapMailImporter importer = new ImapMailImporter(connector);
        TestContexts.Destination ctx = context(new byte[0]);
        String archive = importer.importContainer(ctx, "c:a", new MailFolder("Archive", "Archive", "Archive", "/", null, null), null);
        String year = importer.importContainer(ctx, "c:y", new MailFolder("Archive/2001", "2001", "Archive/2001", "/", null, null), archive);
        assertEquals(year, importer.importContainer(ctx, "c:y", new MailFolder("Archive/2001", "2001", "Archive/2001", "/", null, null), archive));
        String dotted = importer.importContainer(ctx, "c:d", new MailFolder("v1.2", "v1.2", "v1.2", "/", null, null), null);
        String sent = importer.importContainer(ctx, "c:s", new MailFolder("Sent Items", "Sent Items", "Sent Items", "/", SpecialUse.SENT, null), null);
        String inbox = importer.importContainer(ctx, "c:i", new MailFolder("INBOX", "INBOX", "INBOX", "/", SpecialUse.INBOX, null), null);
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            char sep = box.separator();
            assertEquals("Archive" + sep + "2001", year);
            assertEquals("INBOX", inbox);
            assertEquals("Sent Items", sent);
            assertEquals(sep == '.' ? "v1_2" : "v1.2", dotted);
            assertTrue(box.folders().containsAll(List.of("Archive", "Archive" + sep + "2001", "Sent Items", dotted)));
        }
        assertTrue(ctx.notKept.toString(), ctx.notKept.contains("Sent Items specialUse"));
        assertFalse(ctx.notKept.toString(), ctx.notKept.stream().anyMatch(s -> s.startsWith("Archive")));
    }

    @Test
    public void keywordsThatAreNotAtomsAreReportedNotSent() throws Exception {
        TestContexts.Destination ctx = context(raw("<kw@example.org>", "k"));
        new ImapMailImporter(connector).importItem(ctx, "i:k",
                message("k", "<kw@example.org>", new MailFlags(false, false, false, false, false, List.of("ok", "bad) (\\Deleted")), null),
                "INBOX");
        try (Mailbox box = new Mailbox(server.plain("bea"))) {
            assertEquals(new TreeSet<>(List.of("ok")), box.messages("INBOX").get(0).flags());
        }
        assertEquals(List.of("k flags.keywords"), ctx.notKept);
    }

    @Test
    public void settingsAreValidatedWithoutAConnection() {
        ImapMailImporter importer = new ImapMailImporter(new ImapConnector(ImapSettings.defaults(), GreenMailServer.LOOPBACK));
        for (Map<String, String> bad : List.of(
                Map.of("host", "mail.example.org", "username", "bea", "password", "x", "security", "plain"),
                Map.of("host", "mail.example.org", "username", "bea", "password", "x", "security", "ssl3"),
                Map.of("host", "mail.example.org", "username", "bea", "password", "x", "port", "99999"),
                Map.of("host", "mail.example.org", "username", "bea"),
                Map.of("host", "a b", "username", "bea", "password", "x"))) {
            try {
                importer.validate(new org.dtp.spi.TransferEndpoint("imap", bad));
                fail("accepted " + bad);
            } catch (org.dtp.spi.InvalidEndpointException expected) {
                assertFalse(expected.getMessage().contains("password\", \"x"));
            }
        }
    }
}
