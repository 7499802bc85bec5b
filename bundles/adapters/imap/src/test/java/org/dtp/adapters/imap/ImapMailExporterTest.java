package org.dtp.adapters.imap;

import jakarta.mail.Flags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The exporter against GreenMail: folders, paging by UID, continuations across restarts, raw bytes, no changes. */
public class ImapMailExporterTest {
    private GreenMailServer server;
    private TransferContext ann;
    private ImapConnector connector;

    @Before
    public void start() {
        server = new GreenMailServer().user("ann");
        ann = TestContexts.source(UUID.randomUUID(), server.plain("ann"));
        connector = new ImapConnector(GreenMailServer.settings().withPageSize(3), GreenMailServer.LOOPBACK);
    }

    @After
    public void stop() {
        connector.close();
        server.close();
    }

    private static byte[] message(int n) {
        return ("From: Bob <bob@example.org>\r\nTo: ann@example.org\r\nSubject: number " + n
                + "\r\nDate: Tue, 03 Dec 2024 09:0" + (n % 10) + ":00 +0100\r\nMessage-ID: <m" + n + "@example.org>\r\n\r\nbody " + n + "\r\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private void fill(String folder, int count) throws Exception {
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            box.create(folder);
            for (int i = 1; i <= count; i++) {
                box.append(folder, message(i), new Flags(), Instant.parse("2024-12-03T08:00:00Z").plusSeconds(i));
            }
        }
    }

    @Test
    public void pagesThroughAFolderToItsEndInUidOrder() throws Exception {
        fill("INBOX", 7);
        ImapMailExporter exporter = new ImapMailExporter(connector);
        List<String> subjects = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<MailFolder, MailMessage> page = exporter.export(ann, new ExportCursor("INBOX", continuation));
            pageSizes.add(page.items().size());
            page.items().forEach(m -> subjects.add(m.subject()));
            continuation = page.continuation();
        } while (continuation != null);
        assertEquals(List.of(3, 3, 1), pageSizes);
        assertEquals(List.of("number 1", "number 2", "number 3", "number 4", "number 5", "number 6", "number 7"), subjects);
    }

    @Test
    public void readsTheSummaryOfEachMessage() throws Exception {
        fill("INBOX", 1);
        MailMessage m = new ImapMailExporter(connector).export(ann, new ExportCursor("INBOX", null)).items().get(0);
        assertEquals("<m1@example.org>", m.messageId());
        assertEquals("Bob <bob@example.org>", m.from());
        assertEquals(List.of("ann@example.org"), m.to());
        assertEquals(java.time.OffsetDateTime.parse("2024-12-03T09:01:00+01:00"), m.date());
        assertEquals(Instant.parse("2024-12-03T08:00:01Z"), m.internalDate());
        // The server's RFC822.SIZE (GreenMail's counts the body only; the importer never relies on it).
        assertTrue(m.size() > 0);
        assertEquals(m.size(), m.raw().size());
        assertEquals("message/rfc822", m.raw().contentType());
        assertTrue(m.id().startsWith("INBOX;UIDVALIDITY="));
    }

    @Test
    public void aContinuationWorksForAnotherExporterAfterARestart() throws Exception {
        fill("INBOX", 5);
        String continuation = new ImapMailExporter(connector).export(ann, new ExportCursor("INBOX", null)).continuation();
        connector.close();
        ImapConnector restarted = new ImapConnector(GreenMailServer.settings().withPageSize(3), GreenMailServer.LOOPBACK);
        try {
            ExportPage<MailFolder, MailMessage> rest = new ImapMailExporter(restarted).export(ann, new ExportCursor("INBOX", continuation));
            assertEquals(List.of("number 4", "number 5"), rest.items().stream().map(MailMessage::subject).toList());
            assertNull(rest.continuation());
        } finally {
            restarted.close();
        }
    }

    @Test
    public void aFolderWithNewUidValidityStartsAgainFromItsFirstMessage() throws Exception {
        fill("Lists", 4);
        ImapMailExporter exporter = new ImapMailExporter(connector);
        ExportPage<MailFolder, MailMessage> first = exporter.export(ann, new ExportCursor("Lists", null));
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            box.delete("Lists");
        }
        // GreenMail's UIDVALIDITY is the folder's creation time in whole seconds: a folder made again within the same
        // second would look like the same folder (a real server would give it a new value).
        Thread.sleep(1001);
        fill("Lists", 4);
        ExportPage<MailFolder, MailMessage> again = exporter.export(ann, new ExportCursor("Lists", first.continuation()));
        assertEquals(List.of("number 1", "number 2", "number 3"), again.items().stream().map(MailMessage::subject).toList());
        assertFalse("the new folder's messages have new ids", first.items().get(0).id().equals(again.items().get(0).id()));
    }

    @Test
    public void listsTopLevelFoldersAtTheRootAndSubFoldersOnTheFirstPageOfTheirParent() throws Exception {
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            char sep = box.separator();
            box.create("Archive");
            box.create("Archive" + sep + "2001");
            box.create("Archive" + sep + "2002");
            box.create("INBOX" + sep + "Work");
            ImapMailExporter exporter = new ImapMailExporter(connector);
            ExportPage<MailFolder, MailMessage> root = exporter.export(ann, ExportCursor.root());
            assertEquals(List.of("Archive", "INBOX"), root.containers().stream().map(MailFolder::id).toList());
            MailFolder inbox = root.containers().get(1);
            assertEquals(SpecialUse.INBOX, inbox.specialUse());
            assertEquals(String.valueOf(sep), inbox.delimiter());
            List<MailFolder> archive = exporter.export(ann, new ExportCursor("Archive", null)).containers();
            assertEquals(List.of("Archive" + sep + "2001", "Archive" + sep + "2002"), archive.stream().map(MailFolder::fullPath).toList());
            assertEquals("2001", archive.get(0).name());
            assertNull(archive.get(0).specialUse());
            assertEquals(List.of("INBOX" + sep + "Work"),
                    exporter.export(ann, new ExportCursor("INBOX", null)).containers().stream().map(MailFolder::id).toList());
        }
    }

    @Test
    public void opensTheExactBytesWithoutMarkingTheMessageSeen() throws Exception {
        byte[] sample = Samples.crlf("dtp-8bit-charsets.eml");
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            box.append("INBOX", sample, new Flags(), null);
        }
        ImapMailExporter exporter = new ImapMailExporter(connector);
        MailMessage m = exporter.export(ann, new ExportCursor("INBOX", null)).items().get(0);
        assertFalse(m.flags().seen());
        assertEquals("Jörg Müller <joerg@example.org>", m.from());
        assertEquals("Привет and Grüße", m.subject());
        try (InputStream in = exporter.openMedia(ann, m.raw())) {
            assertArrayEquals(sample, in.readAllBytes());
        }
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            assertFalse("export never sets \\Seen", box.messages("INBOX").get(0).flags().contains("\\Seen"));
        }
    }

    @Test
    public void aMalformedMessageIsStillExportedWithItsRawBytes() throws Exception {
        byte[] broken = Samples.crlf("python-msg_35.eml");
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            box.append("INBOX", broken, new Flags(), null);
        }
        ImapMailExporter exporter = new ImapMailExporter(connector);
        MailMessage m = exporter.export(ann, new ExportCursor("INBOX", null)).items().get(0);
        // GreenMail stores it with a CRLF added after the header; what matters is that it is exported as stored.
        String stored;
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            stored = box.messages("INBOX").get(0).sha256();
        }
        try (InputStream in = exporter.openMedia(ann, m.raw())) {
            assertEquals(stored, Mailbox.sha256(in));
        }
        assertEquals("here's something interesting", m.subject());
    }

    @Test
    public void everyMessageOfABigFolderIsExportedOnce() throws Exception {
        fill("INBOX", 40);
        ImapMailExporter exporter = new ImapMailExporter(new ImapConnector(GreenMailServer.settings().withPageSize(7), GreenMailServer.LOOPBACK));
        HashSet<String> ids = new HashSet<>();
        int items = 0;
        String continuation = null;
        do {
            ExportPage<MailFolder, MailMessage> page = exporter.export(ann, new ExportCursor("INBOX", continuation));
            items += page.items().size();
            page.items().forEach(m -> ids.add(m.id()));
            continuation = page.continuation();
        } while (continuation != null);
        assertEquals(40, items);
        assertEquals(40, ids.size());
    }

    @Test
    public void aPagesSmallMessagesComeWithThePageAndALargeOneStreamsOnItsOwn() throws Exception {
        fill("INBOX", 2);
        byte[] large = Samples.large("<large@example.org>", 1536 * 1024);
        try (Mailbox box = new Mailbox(server.plain("ann"))) {
            box.append("INBOX", large, new Flags(), null);
        }
        ImapMailExporter exporter = new ImapMailExporter(connector);
        List<MailMessage> page = exporter.export(ann, new ExportCursor("INBOX", null)).items();
        assertEquals(3, page.size());

        server.close(); // what came with the page needs no server
        for (int i = 0; i < 2; i++) {
            try (InputStream in = exporter.openMedia(ann, page.get(i).raw())) {
                assertArrayEquals(message(i + 1), in.readAllBytes());
            }
        }
        try (InputStream in = exporter.openMedia(ann, page.get(2).raw())) {
            in.readAllBytes();
            fail("a message above 1 MiB came with the page");
        } catch (TransientAdapterException | java.io.IOException expected) {
            // streamed from the server, which is gone
        }
    }

    @Test
    public void aPagesBodiesStayWhileTheNextPageIsExported() throws Exception {
        fill("INBOX", 9);
        ImapMailExporter exporter = new ImapMailExporter(connector);
        ExportPage<MailFolder, MailMessage> first = exporter.export(ann, new ExportCursor("INBOX", null));
        // The engine exports the next page while the messages of this one are imported.
        ExportPage<MailFolder, MailMessage> second = exporter.export(ann, new ExportCursor("INBOX", first.continuation()));

        server.close(); // both pages' bodies came with them
        for (int i = 0; i < 3; i++) {
            try (InputStream in = exporter.openMedia(ann, first.items().get(i).raw())) {
                assertArrayEquals(message(i + 1), in.readAllBytes());
            }
            try (InputStream in = exporter.openMedia(ann, second.items().get(i).raw())) {
                assertArrayEquals(message(i + 4), in.readAllBytes());
            }
        }
    }

    @Test
    public void aServerThatIsGoneIsATransientFailure() throws Exception {
        fill("INBOX", 4);
        ImapMailExporter exporter = new ImapMailExporter(connector);
        String continuation = exporter.export(ann, new ExportCursor("INBOX", null)).continuation();
        assertNotNull(continuation);
        server.close();
        try {
            exporter.export(ann, new ExportCursor("INBOX", continuation));
            fail("exported from a stopped server");
        } catch (TransientAdapterException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("ann at localhost"));
            assertFalse(expected.getMessage().contains(GreenMailServer.PASSWORD));
        }
    }
}
