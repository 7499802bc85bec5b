package org.dtp.adapters.microsoft.mail;

import org.dtp.adapters.microsoft.Fixture;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.adapters.microsoft.fake.FakeOutlook;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class OutlookMailTest {
    private final Fixture f;
    private final FakeOutlook outlook;

    public OutlookMailTest() throws Exception {
        f = new Fixture(2, 1);
        outlook = f.fake.outlook();
    }

    @After
    public void close() {
        f.close();
    }

    private static byte[] mime(String messageId, String subject, String body) {
        return ("From: Ann Smith <ann@example.org>\r\nTo: bob@example.org, Cleo <cleo@example.org>\r\nSubject: " + subject
                + "\r\nDate: Tue, 3 Jan 2023 10:13:00 +0200\r\nMessage-ID: " + messageId
                + "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n" + body + "\r\n").getBytes(StandardCharsets.UTF_8);
    }

    private static MailMessage message(String id, byte[] raw, MailFlags flags) {
        return MailMessage.builder()
                .id(id)
                .raw(new MediaRef("mem:" + id, "message/rfc822", raw.length))
                .messageId("<" + id + "@example.org>")
                .subject("Hello")
                .from("ann@example.org")
                .to(List.of("bob@example.org"))
                .flags(flags)
                .labels(List.of("Blue"))
                .size(raw.length)
                .build();
    }

    @Test
    public void exportsFoldersWithTheirUsesAndPathsAndMessagesWithTheirHeadersFlagsAndRawMime() throws Exception {
        String inbox = outlook.wellKnownFolder("inbox");
        String projects = outlook.mailFolder(inbox, "Projects");
        byte[] first = mime("<m1@example.org>", "=?UTF-8?B?" + java.util.Base64.getEncoder().encodeToString("déjà vu".getBytes(StandardCharsets.UTF_8)) + "?=", "one");
        ObjectNode read = outlook.addMessage(inbox, first);
        read.put("isRead", true).put("isDraft", false).putObject("flag").put("flagStatus", "flagged");
        read.putArray("categories").add("Blue");
        read.withArray("singleValueExtendedProperties").addObject().put("id", OutlookMailExporter.LAST_VERB).put("value", "104");
        outlook.addMessage(inbox, mime("<m2@example.org>", "Two", "two")).put("isRead", false).put("isDraft", false);
        outlook.addMessage(inbox, mime("<m3@example.org>", "Three", "three"));
        outlook.addMessage(projects, mime("<m4@example.org>", "Four", "four"));

        OutlookMailExporter exporter = new OutlookMailExporter(f.connector);
        ExportWalk<MailFolder, MailMessage> walk = ExportWalk.of(exporter, f.source());
        MailFolder inboxFolder = walk.containers().stream().filter(c -> c.id().equals(inbox)).findFirst().orElseThrow();
        assertEquals(SpecialUse.INBOX, inboxFolder.specialUse());
        MailFolder projectsFolder = walk.containers().stream().filter(c -> c.id().equals(projects)).findFirst().orElseThrow();
        assertEquals("Inbox/Projects", projectsFolder.fullPath());
        List<MailMessage> messages = walk.items().get(inbox);
        assertEquals(List.of("<m1@example.org>", "<m2@example.org>", "<m3@example.org>"), messages.stream().map(MailMessage::messageId).toList());
        MailMessage m1 = messages.get(0);
        assertEquals("déjà vu", m1.subject());
        assertEquals("ann@example.org", m1.from());
        assertEquals(List.of("bob@example.org", "cleo@example.org"), m1.to());
        assertEquals("the Date header, with its offset", OffsetDateTime.parse("2023-01-03T10:13:00+02:00"), m1.date());
        assertEquals(new MailFlags(true, false, true, false, false, List.of("$Forwarded")), m1.flags());
        assertEquals(List.of("Blue"), m1.labels());
        assertEquals(new MailFlags(false, false, false, false, false, List.of()), messages.get(1).flags());
        try (InputStream raw = exporter.openMedia(f.source(), m1.raw())) {
            assertArrayEquals(first, raw.readAllBytes());
        }
        assertEquals(List.of("<m4@example.org>"), walk.items().get(projects).stream().map(MailMessage::messageId).toList());
    }

    @Test
    public void importSetsTheFlagsAndAReimportAfterARestartCreatesNothingTwice() throws Exception {
        byte[] raw = mime("<a@example.org>", "Hello", "hi");
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(raw));
        MailMessage a = message("a", raw, new MailFlags(true, true, true, false, false, List.of()));
        OutlookMailImporter importer = new OutlookMailImporter(f.connector);
        String folder = importer.importContainer(into, "f", new MailFolder("f", "Receipts", "Receipts", "/", null, null), null);
        String sent = importer.importContainer(into, "s", new MailFolder("s", "Sent", "Sent", "/", SpecialUse.SENT, null), null);
        assertEquals(outlook.wellKnownFolder("sentitems"), sent);
        String id = importer.importItem(into, "a", a, folder);
        assertEquals(id, new OutlookMailImporter(f.connector).importItem(into, "a", a, folder));
        assertEquals(1, outlook.items(folder).size());
        assertArrayEquals(raw, outlook.mime(id));

        MailMessage copy = ExportWalk.of(new OutlookMailExporter(f.connector), f.source()).items().get(folder).get(0);
        assertEquals(new MailFlags(true, true, true, true, false, List.of()), copy.flags());
        assertEquals(List.of("Blue"), copy.labels());
        assertEquals(List.of("flags.draft"), into.notKept().stream().map(TestImportContext.NotKept::field).distinct().toList());
    }

    @Test
    public void aMessageWhosePatchWasLostIsTakenNotMadeAgain() throws Exception {
        byte[] raw = mime("<b@example.org>", "Hello", "hi");
        String folder = outlook.mailFolder(null, "Receipts");
        String made = outlook.addMessage(folder, raw).path("id").asText(); // created, then the answer and the PATCH were lost
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(raw));
        String id = new OutlookMailImporter(f.connector).importItem(into, "b", message("b", raw,
                new MailFlags(false, false, true, false, false, List.of())), folder);
        assertEquals(made, id);
        assertEquals(1, outlook.items(folder).size());
        assertEquals("flagged", outlook.items(folder).get(0).path("flag").path("flagStatus").asText());
    }

    @Test
    public void aMessageGraphCannotTakeIsRefusedAndAnInterruptedOneLeavesNothing() throws Exception {
        String folder = outlook.mailFolder(null, "Big");
        byte[] large = new byte[3 * 1024 * 1024 + 1];
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(large));
        OutlookMailImporter importer = new OutlookMailImporter(f.connector);
        assertThrows(ItemRejectedException.class, () -> importer.importItem(into, "big", message("big", large, null), folder));

        byte[] raw = mime("<c@example.org>", "Hello", "x".repeat(100_000));
        int[] opens = {0};
        TestImportContext breaking = f.destination(ref -> opens[0]++ == 0 ? new SequenceInputStream(
                new ByteArrayInputStream(raw, 0, 50_000), new InputStream() {
                    @Override
                    public int read() throws IOException {
                        throw new IOException("the source went away");
                    }
                }) : new ByteArrayInputStream(raw));
        MailMessage c = message("c", raw, null);
        assertThrows(TransientAdapterException.class, () -> importer.importItem(breaking, "c", c, folder));
        assertEquals("nothing half", 0, outlook.items(folder).size());
        importer.importItem(breaking, "c", c, folder);
        assertArrayEquals(raw, outlook.mime(outlook.items(folder).get(0).path("id").asText()));
    }

    @Test
    public void theRawMessageComesDownAfterTheTokenExpiredAndA429IsTransientWithItsWait() throws Exception {
        String inbox = outlook.wellKnownFolder("inbox");
        byte[] raw = mime("<d@example.org>", "Hello", "hi");
        outlook.addMessage(inbox, raw);
        OutlookMailExporter exporter = new OutlookMailExporter(f.connector);
        TestTransferContext context = f.source();
        MailMessage message = exporter.export(context, new ExportCursor(inbox, null)).items().get(0);
        f.fake.expireAccessTokens();
        try (InputStream in = exporter.openMedia(context, message.raw())) {
            assertArrayEquals(raw, in.readAllBytes());
        }
        assertEquals(1, f.fake.refreshes());
        f.fake.throttle(1, 429, 2);
        TransientAdapterException e = assertThrows(TransientAdapterException.class,
                () -> exporter.export(context, new ExportCursor(inbox, null)));
        assertEquals(Duration.ofSeconds(2), e.retryAfter().orElseThrow());
    }
}
