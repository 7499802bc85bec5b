package org.dtp.adapters.imap;

import jakarta.mail.Flags;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Per-folder change tokens against GreenMail (which has no CONDSTORE): a run records each folder's UIDVALIDITY and
 * UIDNEXT, and the next run, given them, lists only the messages that arrived since; a token that is not ours and a
 * folder without a token are listed whole. (A re-created folder is in {@link DovecotChangeFeedTest}: GreenMail 2.1
 * drops the connection that deletes a folder another session once closed.)
 */
public class ImapChangeFeedTest {
    private GreenMailServer server;
    private TransferEndpoint ann;
    private ImapConnector connector;
    private ImapMailExporter exporter;

    @Before
    public void start() {
        server = new GreenMailServer().user("ann");
        ann = server.plain("ann");
        connector = new ImapConnector(GreenMailServer.settings().withPageSize(3), GreenMailServer.LOOPBACK);
        exporter = new ImapMailExporter(connector);
    }

    @After
    public void stop() {
        connector.close();
        server.close();
    }

    static byte[] message(String subject) {
        return ("From: bob@example.org\r\nTo: ann@example.org\r\nSubject: " + subject + "\r\nMessage-ID: <" + subject.replace(' ', '-')
                + "@example.org>\r\n\r\nbody of " + subject + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Appends messages "{@code prefix} from" to "{@code prefix} to - 1"; their UIDs. */
    static List<Long> append(Mailbox box, String folder, String prefix, int from, int to) throws Exception {
        List<Long> uids = new ArrayList<>();
        for (int i = from; i < to; i++) {
            uids.add(box.append(folder, message(prefix + " " + i), new Flags(), Instant.parse("2025-01-02T08:00:00Z").plusSeconds(i)));
        }
        return uids;
    }

    /** The subjects of what a run lists of {@code folder}, page after page, in order. */
    static List<String> subjects(ImapMailExporter exporter, TestTransferContext run, String folder) throws Exception {
        return listAll(exporter, run, folder).stream().map(MailMessage::subject).toList();
    }

    static List<MailMessage> listAll(ImapMailExporter exporter, TestTransferContext run, String folder) throws Exception {
        List<MailMessage> listed = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<MailFolder, MailMessage> page = exporter.export(run, new ExportCursor(folder, continuation));
            listed.addAll(page.items());
            continuation = page.continuation();
        } while (continuation != null);
        return listed;
    }

    private TestTransferContext firstRun() {
        return new TestTransferContext(UUID.randomUUID(), ann).rememberingChangeTokens(Map.of());
    }

    private TestTransferContext runAfter(TestTransferContext earlier) {
        return new TestTransferContext(UUID.randomUUID(), ann).rememberingChangeTokens(earlier.recordedChangeTokens());
    }

    @Test
    public void aFirstRunListsEveryMessageAndRecordsEachFolderWhereItStood() throws Exception {
        try (Mailbox box = new Mailbox(ann)) {
            box.create("Lists");
            append(box, "INBOX", "inbox", 0, 4);
            append(box, "Lists", "list", 0, 2);
        }
        TestTransferContext run = firstRun();

        assertEquals(List.of("inbox 0", "inbox 1", "inbox 2", "inbox 3"), subjects(exporter, run, "INBOX"));
        assertEquals(List.of("list 0", "list 1"), subjects(exporter, run, "Lists"));

        Map<String, String> tokens = run.recordedChangeTokens();
        assertEquals(java.util.Set.of("INBOX", "Lists"), tokens.keySet());
        for (String token : tokens.values()) {
            assertTrue(token, token.matches("[0-9]+ [0-9]+")); // UIDVALIDITY and UIDNEXT: GreenMail has no CONDSTORE
        }
    }

    @Test
    public void aRunAfterAnotherListsOnlyTheMessagesThatArrivedSince() throws Exception {
        try (Mailbox box = new Mailbox(ann)) {
            append(box, "INBOX", "old", 0, 5);
        }
        TestTransferContext first = firstRun();
        assertEquals(5, subjects(exporter, first, "INBOX").size());

        TestTransferContext second = runAfter(first);
        assertEquals(List.of(), subjects(exporter, second, "INBOX"));

        try (Mailbox box = new Mailbox(ann)) {
            append(box, "INBOX", "new", 0, 4);
            box.create("Later");
            append(box, "Later", "later", 0, 2);
        }
        TestTransferContext third = runAfter(second);
        assertEquals(List.of("new 0", "new 1", "new 2", "new 3"), subjects(exporter, third, "INBOX"));
        assertEquals("a folder without a token is listed whole", List.of("later 0", "later 1"), subjects(exporter, third, "Later"));

        // The third run's connection kept INBOX open since before the new messages: its token is as of its own listing.
        assertEquals(List.of(), subjects(exporter, runAfter(third), "INBOX"));
    }

    @Test
    public void aTokenThatIsNotOursIsListedWhole() throws Exception {
        try (Mailbox box = new Mailbox(ann)) {
            box.create("Lists");
            append(box, "Lists", "list", 0, 3);
            append(box, "INBOX", "inbox", 0, 2);
        }
        TestTransferContext first = firstRun();
        subjects(exporter, first, "Lists");
        subjects(exporter, first, "INBOX");

        TestTransferContext next = new TestTransferContext(UUID.randomUUID(), ann).rememberingChangeTokens(
                Map.of("Lists", first.recordedChangeTokens().get("Lists"), "INBOX", "sync-token-of-another-adapter"));
        assertEquals(List.of(), subjects(exporter, next, "Lists"));
        assertEquals(List.of("inbox 0", "inbox 1"), subjects(exporter, next, "INBOX"));
    }
}
