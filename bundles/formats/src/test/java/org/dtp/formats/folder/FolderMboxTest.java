package org.dtp.formats.folder;

import org.dtp.formats.folder.MailSidecars.MailFolderSidecar;
import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.junit.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** mbox files among the folder layout's mail, on a tree held in memory, read as the local folder adapter reads them. */
public class FolderMboxTest {
    private static final TransferEndpoint ENDPOINT = new TransferEndpoint("memory", Map.of());
    private static final int MESSAGES = 5;

    private final MemoryTree tree = new MemoryTree();
    private final FolderMail mail = new FolderMail();
    /** The messages' own bytes, in the mbox's order. */
    private final List<byte[]> originals = new ArrayList<>();
    /** Where each message's "From " line starts in the mbox. */
    private final List<Long> offsets = new ArrayList<>();

    /**
     * An mbox (mboxrd) of {@link #MESSAGES} messages whose bodies have lines "From ", ">From " and ">>From " (stored
     * with one '>' more), one without a final line break, one with LF line ends.
     */
    private byte[] mbox() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 1; i <= MESSAGES; i++) {
            String eol = i == 4 ? "\n" : "\r\n";
            String message = "From: ann@example.org" + eol + "Subject: m" + i + eol + "Message-ID: <m" + i + "@example.org>" + eol
                    + eol + "From here on, " + i + eol + ">From the archive" + eol + ">>From deeper" + eol
                    + (i == 2 ? "no line break at the end" : "Bye" + eol);
            originals.add(message.getBytes(StandardCharsets.UTF_8));
            offsets.add((long) out.size());
            String stored = message.replaceAll("(?m)^(>*From )", ">$1");
            out.writeBytes(("From ann@example.org Mon Dec  2 18:3" + i + ":00 2024" + eol + stored + eol)
                    .getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    public void anMboxIsAFolderWhoseMessagesComeBackByteForBytePageByPageEachPageReadFromItsOffset() throws Exception {
        tree.files.put("Archive.mbox", mbox());
        assertEquals(List.of(new MailFolder("Archive.mbox", "Archive", "Archive", "/", null, null)),
                mail.export(tree, transfer(), ExportCursor.root(), 2).containers());

        List<MailMessage> messages = new ArrayList<>();
        List<Integer> perPage = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<MailFolder, MailMessage> page = mail.export(tree, transfer(), new ExportCursor("Archive.mbox", continuation), 2);
            messages.addAll(page.items());
            perPage.add(page.items().size());
            continuation = page.continuation();
        } while (continuation != null);

        assertEquals(List.of(2, 2, 1), perPage);
        assertEquals(List.of("Archive.mbox@0", "Archive.mbox@" + offsets.get(2), "Archive.mbox@" + offsets.get(4)),
                tree.rangedReads.stream().filter(r -> r.startsWith("Archive.mbox@")).toList());
        for (int i = 0; i < MESSAGES; i++) {
            MailMessage m = messages.get(i);
            assertEquals("Archive.mbox#" + offsets.get(i), m.id());
            assertEquals("m" + (i + 1), m.subject());
            assertEquals(Instant.parse("2024-12-02T18:3" + (i + 1) + ":00Z"), m.internalDate());
            assertEquals(originals.get(i).length, m.raw().size());
            try (InputStream in = mail.openMedia(tree, m.raw())) {
                assertArrayEquals("message " + (i + 1), originals.get(i), in.readAllBytes());
            }
        }
    }

    @Test
    public void theIndexAnImportKeptGivesBackTheFolderAndEachMessagesFlagsLabelsAndSize() throws Exception {
        tree.files.put("Mail/Archive.mbox", mbox());
        MailFlags flags = new MailFlags(true, false, true, false, false, List.of("$Forwarded"));
        ByteArrayOutputStream index = new ByteArrayOutputStream();
        index.writeBytes(SidecarJson.line(new MailFolderSidecar("f:1", new MailFolder("x", "Old stuff", "Old stuff", ".",
                SpecialUse.ARCHIVE, null), "Archive.mbox")));
        for (int i = 0; i < MESSAGES; i++) {
            index.writeBytes(SidecarJson.line(new MessageSidecar(MailSidecars.MESSAGE_FORMAT, 1, "k" + i, "s" + i, "Archive.mbox",
                    offsets.get(i), null, originals.get(i).length, "00", flags, List.of("L" + i), Instant.EPOCH.plusSeconds(i))));
        }
        tree.files.put("Mail/.Archive.mbox.dtp-index.jsonl", index.toByteArray());

        assertEquals(List.of(new MailFolder("Mail/Archive.mbox", "Old stuff", "Old stuff", ".", SpecialUse.ARCHIVE, null)),
                mail.export(tree, transfer(), new ExportCursor("Mail", null), 2).containers());
        ExportPage<MailFolder, MailMessage> first = mail.export(tree, transfer(), new ExportCursor("Mail/Archive.mbox", null), 3);
        ExportPage<MailFolder, MailMessage> second = mail.export(tree, transfer(),
                new ExportCursor("Mail/Archive.mbox", first.continuation()), 3);

        List<MailMessage> messages = new ArrayList<>(first.items());
        messages.addAll(second.items());
        assertEquals(MESSAGES, messages.size());
        for (int i = 0; i < MESSAGES; i++) {
            assertEquals(flags, messages.get(i).flags());
            assertEquals(List.of("L" + i), messages.get(i).labels());
            assertEquals(Instant.EPOCH.plusSeconds(i), messages.get(i).internalDate());
        }
        List<String> indexReads = tree.rangedReads.stream().filter(r -> r.startsWith("Mail/.Archive.mbox.dtp-index.jsonl@")).toList();
        assertEquals(3, indexReads.size()); // the folder's line, then each page's
        assertFalse("the second page goes on in the index where the first stopped", indexReads.get(2).endsWith("@0"));
    }

    @Test
    public void theSubFoldersOfAnMboxAreInTheSbdFolderBesideItWhichIsNoFolderItself() throws Exception {
        tree.files.put("Archive.mbox", mbox());
        tree.files.put("Archive.sbd/2023.mbox", mbox());
        tree.write("Archive.sbd/2024/a.eml", "Subject: a\r\n\r\n");
        tree.write("Lists.sbd/b.eml", "Subject: b\r\n\r\n"); // no Lists.mbox: a folder like any other

        assertEquals(List.of(new MailFolder("Archive.mbox", "Archive", "Archive", "/", null, null),
                        new MailFolder("Lists.sbd", "Lists.sbd", "Lists", "/", null, null)),
                mail.export(tree, transfer(), ExportCursor.root(), 10).containers());
        assertEquals(List.of(new MailFolder("Archive.sbd/2023.mbox", "2023", "Archive/2023", "/", null, null),
                        new MailFolder("Archive.sbd/2024", "2024", "Archive/2024", "/", null, null)),
                mail.export(tree, transfer(), new ExportCursor("Archive.mbox", null), 10).containers());
        assertEquals("Archive.sbd/2023.mbox#0",
                mail.export(tree, transfer(), new ExportCursor("Archive.sbd/2023.mbox", null), 10).items().get(0).id());
    }

    @Test
    public void anMboxThatChangedBetweenPagesFailsTheExportClearlyRatherThanGiveOtherMessages() throws Exception {
        tree.files.put("Archive.mbox", mbox());
        ExportPage<MailFolder, MailMessage> first = mail.export(tree, transfer(), new ExportCursor("Archive.mbox", null), 2);
        byte[] appended = (new String(tree.files.get("Archive.mbox"), StandardCharsets.UTF_8)
                + "From bob Mon Dec  2 19:00:00 2024\r\nSubject: new\r\n\r\nx\r\n\r\n").getBytes(StandardCharsets.UTF_8);
        tree.files.put("Archive.mbox", appended);

        AdapterException failed = assertThrows(AdapterException.class,
                () -> mail.export(tree, transfer(), new ExportCursor("Archive.mbox", first.continuation()), 2));
        assertFalse(failed instanceof TransientAdapterException);
        assertTrue(failed.getMessage(), failed.getMessage().contains("changed since its export began"));
        assertThrows(ItemRejectedException.class, () -> mail.openMedia(tree, first.items().get(1).raw()));
    }

    @Test
    public void aMessageAddressThatPointsAtNoFromLineIsRefused() throws Exception {
        tree.files.put("Archive.mbox", mbox());
        MediaRef raw = mail.export(tree, transfer(), new ExportCursor("Archive.mbox", null), 2).items().get(1).raw();
        String moved = raw.uri().replace("#" + offsets.get(1) + ",", "#" + (offsets.get(1) + 1) + ",");

        assertTrue(moved, !moved.equals(raw.uri()));
        assertThrows(ItemRejectedException.class, () -> mail.openMedia(tree, new MediaRef(moved, raw.contentType(), raw.size())));
        assertThrows(ItemRejectedException.class, () -> mail.openMedia(tree, new MediaRef("Archive.mbox#x", raw.contentType(), 1)));
        assertThrows(ItemRejectedException.class, () -> mail.openMedia(tree, new MediaRef("Gone.mbox#0,1,AA", raw.contentType(), 1)));
    }

    private static TestTransferContext transfer() {
        return new TestTransferContext(UUID.randomUUID(), ENDPOINT);
    }
}
