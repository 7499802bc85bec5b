package org.dtp.adapters.imap;

import jakarta.mail.Flags;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.dtp.adapters.imap.ImapChangeFeedTest.append;
import static org.dtp.adapters.imap.ImapChangeFeedTest.subjects;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Per-folder change tokens against a real Dovecot, which offers CONDSTORE (RFC 7162): a run records each folder's
 * UIDVALIDITY, UIDNEXT and HIGHESTMODSEQ; the next run lists the messages that arrived since and those whose flags
 * or keywords changed since, in UID order, with their flags as they are now, resumable page by page; a folder
 * deleted and created again (new UIDVALIDITY) is listed whole. Runs when start-dovecot.sh's environment is set.
 */
public class DovecotChangeFeedTest {
    private TransferEndpoint dovecot;
    private ImapSettings settings;
    private final List<ImapConnector> connectors = new ArrayList<>();

    @Before
    public void start() throws Exception {
        Assume.assumeTrue("start-dovecot.sh's environment is not set: the change feed test is skipped (see README)",
                System.getenv("DTP_TEST_DOVECOT_CONF") != null);
        settings = ThrowAwayDovecot.settings().withPageSize(3);
        dovecot = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER"));
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            box.clear();
            box.create("feed");
        }
    }

    @After
    public void stop() {
        connectors.forEach(ImapConnector::close);
    }

    /** An exporter as a new node or a restarted one has it: its own connections. */
    private ImapMailExporter exporter() {
        ImapConnector connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        connectors.add(connector);
        return new ImapMailExporter(connector);
    }

    private TestTransferContext runAfter(Map<String, String> tokens) {
        return new TestTransferContext(UUID.randomUUID(), dovecot).rememberingChangeTokens(tokens);
    }

    @Test
    public void aRunListsWhatArrivedAndWhatWasFlaggedSinceTheLastOne() throws Exception {
        List<Long> uids;
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            uids = append(box, "feed", "old", 0, 8);
        }
        ImapMailExporter exporter = exporter();
        TestTransferContext first = runAfter(Map.of());
        assertEquals(8, subjects(exporter, first, "feed").size());
        String token = first.recordedChangeTokens().get("feed");
        assertTrue(token, token.matches("[0-9]+ [0-9]+ [0-9]+")); // with HIGHESTMODSEQ

        TestTransferContext second = runAfter(first.recordedChangeTokens());
        assertEquals(List.of(), subjects(exporter, second, "feed"));

        try (Mailbox box = new Mailbox(dovecot, settings)) {
            box.flag("feed", uids.get(1), new Flags(Flags.Flag.SEEN));
            box.flag("feed", uids.get(4), new Flags(Flags.Flag.FLAGGED));
            box.flag("feed", uids.get(5), new Flags("$Important"));
            box.flag("feed", uids.get(7), new Flags(Flags.Flag.ANSWERED));
            append(box, "feed", "new", 0, 2);
        }
        // Each page by another exporter, as a job resumed on another node lists it: the pages are the same.
        TestTransferContext third = runAfter(second.recordedChangeTokens());
        List<MailMessage> listed = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<MailFolder, MailMessage> page = exporter().export(third, new ExportCursor("feed", continuation));
            listed.addAll(page.items());
            continuation = page.continuation();
        } while (continuation != null);
        assertEquals(List.of("old 1", "old 4", "old 5", "old 7", "new 0", "new 1"), listed.stream().map(MailMessage::subject).toList());
        assertTrue(listed.get(0).flags().seen());
        assertTrue(listed.get(1).flags().flagged());
        assertEquals(List.of("$Important"), listed.get(2).flags().keywords());
        assertTrue(listed.get(3).flags().answered());
        assertFalse(listed.get(4).flags().seen());

        // The first exporter's connection kept the folder open since before these changes; a run after the third
        // lists nothing all the same.
        assertEquals(List.of(), subjects(exporter, runAfter(third.recordedChangeTokens()), "feed"));
    }

    @Test
    public void aFolderCreatedAgainIsListedWhole() throws Exception {
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            append(box, "feed", "before", 0, 3);
        }
        ImapMailExporter exporter = exporter();
        TestTransferContext first = runAfter(Map.of());
        subjects(exporter, first, "feed");
        assertEquals(List.of(), subjects(exporter, runAfter(first.recordedChangeTokens()), "feed"));

        try (Mailbox box = new Mailbox(dovecot, settings)) {
            box.delete("feed");
            box.create("feed");
            append(box, "feed", "after", 0, 4);
        }
        TestTransferContext next = runAfter(first.recordedChangeTokens());
        assertEquals(List.of("after 0", "after 1", "after 2", "after 3"), subjects(exporter(), next, "feed"));
        assertFalse(first.recordedChangeTokens().get("feed").equals(next.recordedChangeTokens().get("feed")));
    }
}
