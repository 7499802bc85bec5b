package org.dtp.adapters.imap;

import jakarta.mail.Flags;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A page's messages in MULTIAPPENDs against a real Dovecot (which offers MULTIAPPEND and LITERAL+): stored in the
 * batch's order with their bytes, flags and INTERNALDATE in one APPEND command, and a batch that comes again (a
 * retry, a resumed job, a new transfer) appends nothing twice. Runs when start-dovecot.sh's environment is set.
 */
public class DovecotMultiAppendTest {
    private static final MailFlags SEEN = new MailFlags(true, false, false, false, false, List.of());
    private static final MailFlags FLAGGED = new MailFlags(false, false, true, false, false, List.of("$Forwarded"));
    private TransferEndpoint dovecot;
    private ImapSettings settings;
    private final List<ImapConnector> connectors = new ArrayList<>();

    @Before
    public void start() throws Exception {
        Assume.assumeTrue("start-dovecot.sh's environment is not set: the MULTIAPPEND test is skipped (see README)",
                System.getenv("DTP_TEST_DOVECOT_CONF") != null);
        settings = ThrowAwayDovecot.settings();
        dovecot = ThrowAwayDovecot.endpoint(ThrowAwayDovecot.env("USER"));
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            box.clear();
            box.create("batch");
        }
    }

    @After
    public void stop() {
        connectors.forEach(ImapConnector::close);
    }

    /** An importer as a new run of a transfer has it (its own connector: nothing remembered of earlier runs). */
    private ImapMailImporter importer() {
        ImapConnector connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        connectors.add(connector);
        return new ImapMailImporter(connector);
    }

    private static byte[] raw(int i) {
        return ("From: ann@example.org\r\nSubject: batch " + i + "\r\nMessage-ID: <batch-" + i + "@example.org>\r\n\r\n"
                + "body " + i + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static Instant received(int i) {
        return Instant.parse("2024-03-01T08:00:00Z").plusSeconds(3600L * i);
    }

    /** Messages {@code from} to {@code to} - 1 as one job's batch. */
    private List<BatchImporter.Item<MailMessage>> batch(UUID job, int from, int to) {
        List<BatchImporter.Item<MailMessage>> items = new ArrayList<>();
        for (int i = from; i < to; i++) {
            byte[] bytes = raw(i);
            MailMessage message = MailMessage.builder().id("src-" + i).raw(new MediaRef("src-" + i, "message/rfc822", -1))
                    .messageId("<batch-" + i + "@example.org>").subject("batch " + i).flags(i % 2 == 0 ? SEEN : FLAGGED)
                    .internalDate(received(i)).build();
            items.add(new BatchImporter.Item<>(new TestContexts.Destination(job, dovecot, ref -> new ByteArrayInputStream(bytes)),
                    "i:" + i, message));
        }
        return items;
    }

    private static long appends() throws Exception {
        return ThrowAwayDovecot.commands().getOrDefault("APPEND", 0L);
    }

    @Test
    public void aBatchIsOneAppendCommandStoringEveryMessageInItsOrder() throws Exception {
        long appendsBefore = appends();
        List<String> ids = importer().importItems(batch(UUID.randomUUID(), 0, 30), "batch");

        assertEquals(1, appends() - appendsBefore);
        assertEquals(30, ids.size());
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            List<Mailbox.Stored> stored = box.messages("batch");
            assertEquals(30, stored.size());
            for (int i = 0; i < 30; i++) {
                Mailbox.Stored m = stored.get(i); // in UID order: the order of the batch
                assertEquals(Mailbox.sha256(raw(i)), m.sha256());
                assertEquals(received(i), m.internalDate());
                assertEquals(i % 2 == 0 ? new TreeSet<>(List.of("\\Seen")) : new TreeSet<>(List.of("$Forwarded", "\\Flagged")), m.flags());
                assertTrue(ids.get(i), ids.get(i).endsWith(";UID=" + m.uid()));
            }
        }
    }

    @Test
    public void aBatchThatComesAgainAppendsOnlyWhatIsNotThereYet() throws Exception {
        UUID job = UUID.randomUUID();
        List<String> first = importer().importItems(batch(job, 0, 10), "batch");

        // The same job resumed (a new connector: the retry after a crash) with a page that goes further, and a new transfer.
        List<String> again = importer().importItems(batch(job, 0, 15), "batch");
        List<String> other = importer().importItems(batch(UUID.randomUUID(), 0, 15), "batch");

        assertEquals(first, again.subList(0, 10));
        assertEquals(again, other);
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            List<Mailbox.Stored> stored = box.messages("batch");
            assertEquals(15, stored.size());
            for (int i = 0; i < 15; i++) {
                assertEquals(Mailbox.sha256(raw(i)), stored.get(i).sha256());
            }
        }
    }

    @Test
    public void aBatchLargerThanOneAppendGoesInSeveralInOrder() throws Exception {
        // 12 messages of 1 MiB less a little: the 8 MiB bound splits them, and all but the held-in-memory bound fit.
        List<BatchImporter.Item<MailMessage>> items = new ArrayList<>();
        List<byte[]> raws = new ArrayList<>();
        UUID job = UUID.randomUUID();
        for (int i = 0; i < 12; i++) {
            byte[] bytes = Samples.large("<big-" + i + "@example.org>", 1000 * 1024);
            raws.add(bytes);
            MailMessage message = MailMessage.builder().id("big-" + i).raw(new MediaRef("big-" + i, "message/rfc822", -1))
                    .messageId("<big-" + i + "@example.org>").flags(SEEN).internalDate(received(i)).build();
            items.add(new BatchImporter.Item<>(new TestContexts.Destination(job, dovecot, ref -> new ByteArrayInputStream(bytes)),
                    "i:big-" + i, message));
        }
        long appendsBefore = appends();

        List<String> ids = importer().importItems(items, "batch");

        assertEquals(12, ids.size());
        assertEquals(2, appends() - appendsBefore);
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            List<Mailbox.Stored> stored = box.messages("batch");
            for (int i = 0; i < 12; i++) {
                assertEquals(Mailbox.sha256(raws.get(i)), stored.get(i).sha256());
            }
        }
    }

    @Test
    public void aBatchStopsBeforeAMessageTooLargeToHoldWhichImportItemStreams() throws Exception {
        UUID job = UUID.randomUUID();
        List<BatchImporter.Item<MailMessage>> items = new ArrayList<>(batch(job, 0, 4));
        byte[] large = Samples.large("<large@example.org>", 1536 * 1024);
        MailMessage message = MailMessage.builder().id("large").raw(new MediaRef("large", "message/rfc822", -1))
                .messageId("<large@example.org>").flags(SEEN).internalDate(received(9)).build();
        items.add(2, new BatchImporter.Item<>(new TestContexts.Destination(job, dovecot, ref -> new ByteArrayInputStream(large)),
                "i:large", message));

        List<String> ids = importer().importItems(items, "batch");

        assertEquals(2, ids.size());
        try (Mailbox box = new Mailbox(dovecot, settings)) {
            assertEquals(2, box.messages("batch").size());
        }
    }
}
