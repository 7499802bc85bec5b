package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** Takeout's Mail: one mbox of all mail, Gmail's labels in X-Gmail-Labels (see the test README). */
public class TakeoutMailExporterTest {
    static final String MBOX = "Takeout/Mail/All mail Including Spam and Trash.mbox";
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** A message as Gmail's Takeout writes it: X-GM-THRID and X-Gmail-Labels first, then the message's own headers. */
    static String message(long thread, String labels, String subject, String body) {
        return "X-GM-THRID: " + thread + "\r\nX-Gmail-Labels: " + labels + "\r\n"
                + "Delivered-To: ann@example.org\r\nMIME-Version: 1.0\r\nDate: Mon, 1 Jan 2024 12:00:00 +0100\r\n"
                + "Message-ID: <" + thread + "@mail.example.org>\r\nSubject: " + subject + "\r\n"
                + "From: Bob Sample <bob@example.org>\r\nTo: Ann Example <ann@example.org>\r\n"
                + "Content-Type: text/plain; charset=\"UTF-8\"\r\n\r\n" + body;
    }

    /** The mbox of {@code messages}, "From " lines quoted the mboxrd way, each ended by an empty line. */
    static byte[] mbox(List<String> messages) {
        StringBuilder mbox = new StringBuilder();
        for (int i = 0; i < messages.size(); i++) {
            mbox.append("From 17900000000000000").append(10 + i).append("@xxx Mon Jan 01 11:00:00 +0000 2024\r\n")
                    .append(messages.get(i).replaceAll("(?m)^(>*From )", ">$1")).append("\r\n");
        }
        return mbox.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static final List<String> MESSAGES = List.of(
            message(1001, "Inbox,Important,Opened,Work/Projects", "Quarterly plan", "Hi Ann,\r\nFrom now on we plan quarterly.\r\n"),
            message(1002, "Sent,Opened", "Re: Quarterly plan", "Fine by me.\r\n>From your message: quoted.\r\n"),
            message(1003, "Archived,Unread,Category Promotions", "=?UTF-8?Q?Soldes_d=E2=80=99=C3=A9t=C3=A9?=", "50% off.\r\n"),
            message(1004, "Spam,Opened", "You won", "Claim it.\r\n"),
            message(1005, "\"Trip, 2024\",Starred,Opened,Inbox", "Tickets", "Attached.\r\n"));

    private ExportWalk<MailFolder, MailMessage> walk(Path archive, TestTransferContext context, int pageSize) throws Exception {
        return ExportWalk.of(new TakeoutMailExporter(Takeout.settings(pageSize)), context);
    }

    private static String subjects(List<MailMessage> messages) {
        return messages.stream().map(MailMessage::subject).collect(Collectors.joining("|"));
    }

    @Test
    public void labelsAreFoldersAndEachMessageIsInOneWithItsOtherLabels() throws Exception {
        Path zip = new TestArchive().add(MBOX, mbox(MESSAGES)).writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        ExportWalk<MailFolder, MailMessage> walk = walk(zip, new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)), 2);
        Map<String, MailFolder> folders = walk.containers().stream().collect(Collectors.toMap(MailFolder::id, f -> f));
        assertEquals(List.of("Inbox", "Work/Projects", "Sent", "Spam", "Trip, 2024"), walk.containers().stream().map(MailFolder::id).toList());
        assertEquals(SpecialUse.INBOX, folders.get("Inbox").specialUse());
        assertEquals(SpecialUse.JUNK, folders.get("Spam").specialUse());
        assertEquals("Projects", folders.get("Work/Projects").name());
        assertEquals("/", folders.get("Work/Projects").delimiter());
        assertEquals("Quarterly plan|Tickets", subjects(walk.items().get("Inbox")));
        assertEquals("Re: Quarterly plan", subjects(walk.items().get("Sent")));
        assertEquals("You won", subjects(walk.items().get("Spam")));
        assertTrue(walk.items().get("Work/Projects").isEmpty());
        assertEquals("Soldes d’été", subjects(walk.items().get(null)));

        MailMessage plan = walk.items().get("Inbox").get(0);
        assertEquals(List.of("Important", "Work/Projects"), plan.labels());
        assertTrue(plan.flags().seen());
        assertEquals("<1001@mail.example.org>", plan.messageId());
        assertEquals("Bob Sample <bob@example.org>", plan.from());
        assertEquals(List.of("Ann Example <ann@example.org>"), plan.to());
        assertEquals(Instant.parse("2024-01-01T11:00:00Z"), plan.date().toInstant());
        assertEquals(Instant.parse("2024-01-01T11:00:00Z"), plan.internalDate());
        MailMessage tickets = walk.items().get("Inbox").get(1);
        assertEquals(List.of("Trip, 2024"), tickets.labels());
        assertTrue(tickets.flags().flagged());
        MailMessage promotion = walk.items().get(null).get(0);
        assertFalse(promotion.flags().seen());
        assertEquals(List.of("Category Promotions"), promotion.labels());
    }

    @Test
    public void messagesAreServedByteForByteUnquotedInAndOutOfOrder() throws Exception {
        Path tgz = new TestArchive().add("Takeout/archive_browser.html", "<html></html>").add(MBOX, mbox(MESSAGES))
                .writeTgz(temp.getRoot().toPath().resolve("takeout.tgz"));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(tgz));
        TakeoutMailExporter exporter = new TakeoutMailExporter(Takeout.settings(10));
        List<MailMessage> all = new ArrayList<>(ExportWalk.of(exporter, context).allItems());
        all.sort((a, b) -> Long.compare(offset(a), offset(b)));
        List<MailMessage> order = new ArrayList<>(all);
        order.add(all.get(1)); // behind the cursor: read afresh
        for (MailMessage m : order) {
            int index = all.indexOf(m);
            try (InputStream raw = exporter.openMedia(context, m.raw())) {
                assertArrayEquals(MESSAGES.get(index).getBytes(StandardCharsets.UTF_8), raw.readAllBytes());
            }
        }
        // two at once: the second does not wait for the first to be closed
        try (InputStream first = exporter.openMedia(context, all.get(3).raw());
             InputStream second = exporter.openMedia(context, all.get(4).raw())) {
            assertArrayEquals(MESSAGES.get(4).getBytes(StandardCharsets.UTF_8), second.readAllBytes());
            assertArrayEquals(MESSAGES.get(3).getBytes(StandardCharsets.UTF_8), first.readAllBytes());
        }
    }

    private static long offset(MailMessage m) {
        return Long.parseLong(m.id().substring(m.id().lastIndexOf('#') + 1));
    }

    @Test
    public void aLargeMessageIsStreamedWhole() throws Exception {
        StringBuilder body = new StringBuilder();
        String line = "From the bottom of the archive, a long line of text that goes on and on to fill it up.\r\n";
        while (body.length() < 6 * 1024 * 1024) {
            body.append(line);
        }
        List<String> messages = List.of(MESSAGES.get(0), message(2001, "Inbox", "Big", body.toString()), MESSAGES.get(1));
        Path zip = new TestArchive().add(MBOX, mbox(messages)).writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip));
        TakeoutMailExporter exporter = new TakeoutMailExporter(Takeout.settings(10));
        List<MailMessage> inbox = ExportWalk.of(exporter, context).items().get("Inbox");
        MailMessage big = inbox.get(1);
        assertEquals(messages.get(1).length(), big.size());
        try (InputStream raw = exporter.openMedia(context, big.raw())) {
            assertArrayEquals(messages.get(1).getBytes(StandardCharsets.UTF_8), raw.readAllBytes());
        }
    }

    @Test
    public void aResumedExportContinuesFromItsCheckpointOnANewExporter() throws Exception {
        Path zip = new TestArchive().add(MBOX, mbox(MESSAGES)).writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        ExportPage<MailFolder, MailMessage> first = new TakeoutMailExporter(Takeout.settings(1))
                .export(new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)), new ExportCursor("Inbox", null));
        ExportPage<MailFolder, MailMessage> second = new TakeoutMailExporter(Takeout.settings(1))
                .export(new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)), new ExportCursor("Inbox", first.continuation()));
        assertEquals("Quarterly plan", subjects(first.items()));
        assertEquals("Tickets", subjects(second.items()));
        assertNull(second.continuation());
    }
}
