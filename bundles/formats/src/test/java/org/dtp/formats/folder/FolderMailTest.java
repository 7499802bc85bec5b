package org.dtp.formats.folder;

import org.dtp.formats.folder.MailSidecars.MessageSidecar;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Mail in the folder layout on a tree held in memory: what an import writes, and what an export reads back. */
public class FolderMailTest {
    private static final TransferEndpoint ENDPOINT = new TransferEndpoint("memory", Map.of());

    private final MemoryTree tree = new MemoryTree();
    private final FolderMail mail = new FolderMail();
    /** The source's message bytes, by reference. */
    private final Map<String, byte[]> source = new HashMap<>();
    private final TestImportContext context = new TestImportContext(UUID.randomUUID(), ENDPOINT,
            ref -> new ByteArrayInputStream(source.get(ref.uri())));

    private MailMessage message(String id, String subject, MailFlags flags, List<String> labels, Instant internalDate) {
        byte[] bytes = ("From: Ann <ann@example.org>\r\nTo: bob@example.org\r\nSubject: " + subject
                + "\r\nMessage-ID: <" + id + "@example.org>\r\nDate: Tue, 3 Dec 2024 09:15:00 +0100\r\n\r\nHello " + id
                + "\r\n").getBytes(StandardCharsets.UTF_8);
        source.put("src:" + id, bytes);
        return new MailMessage(id, new MediaRef("src:" + id, "message/rfc822", bytes.length), "<" + id + "@example.org>", subject,
                "Ann <ann@example.org>", List.of("bob@example.org"), null, flags, labels, internalDate, bytes.length);
    }

    private static MailFlags seenAndForwarded() {
        return new MailFlags(true, false, true, false, false, List.of("$Forwarded"));
    }

    @Test
    public void nestedFoldersAndMessagesComeBackWithTheirBytesFlagsLabelsAndInternalDate() throws Exception {
        String inbox = mail.importContainer(tree, context, "f:inbox", new MailFolder("INBOX", "Inbox", "INBOX", ".", SpecialUse.INBOX, null));
        String lists = mail.importContainer(tree, context, "f:lists", new MailFolder("INBOX.Lists", "Lists", "INBOX.Lists", ".", null, null), inbox);
        Instant arrived = Instant.parse("2024-12-03T08:15:01Z");
        MailMessage sent = message("42", "Grüße", seenAndForwarded(), List.of("Important"), arrived);
        String id = mail.importItem(tree, context, "i:INBOX.Lists/42", sent, lists);

        assertEquals("Inbox", inbox);
        assertEquals("Inbox/Lists", lists);
        assertEquals("Inbox/Lists/" + MailSidecars.emlName("i:INBOX.Lists/42"), id);
        assertTrue(tree.files.containsKey("Inbox/" + MailSidecars.FOLDER_SIDECAR));
        assertTrue(tree.files.containsKey(id + ".dtp.json"));

        ExportPage<MailFolder, MailMessage> root = mail.export(tree, transfer(), ExportCursor.root(), 10);
        assertEquals(List.of(new MailFolder("Inbox", "Inbox", "INBOX", ".", SpecialUse.INBOX, null)), root.containers());
        ExportPage<MailFolder, MailMessage> inInbox = mail.export(tree, transfer(), new ExportCursor("Inbox", null), 10);
        assertEquals(List.of(new MailFolder("Inbox/Lists", "Lists", "INBOX.Lists", ".", null, null)), inInbox.containers());
        ExportPage<MailFolder, MailMessage> page = mail.export(tree, transfer(), new ExportCursor("Inbox/Lists", null), 10);
        MailMessage back = page.items().get(0);
        assertEquals(List.of(id), page.items().stream().map(MailMessage::id).toList());
        assertEquals("Grüße", back.subject());
        assertEquals("<42@example.org>", back.messageId());
        assertEquals(seenAndForwarded(), back.flags());
        assertEquals(List.of("Important"), back.labels());
        assertEquals(arrived, back.internalDate());
        assertEquals(sent.size(), back.size());
        try (InputStream in = mail.openMedia(tree, back.raw())) {
            assertArrayEquals(source.get("src:42"), in.readAllBytes());
        }
    }

    @Test
    public void theMessageSidecarHoldsWhatTheLocalFolderAdapterWrites() throws Exception {
        MailMessage sent = message("7", "Hi", seenAndForwarded(), List.of("Work"), Instant.parse("2024-12-03T08:15:00Z"));
        String id = mail.importItem(tree, context, "i:INBOX/7", sent, null);

        MessageSidecar sidecar = SidecarJson.parse(tree.files.get(id + ".dtp.json"), MessageSidecar.class, MailSidecars.MESSAGE_FORMAT)
                .orElseThrow();
        assertEquals(new MessageSidecar("dtp.localfs.message", 1, "i:INBOX/7", "7", id, null, null, sent.size(),
                java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(source.get("src:7"))),
                seenAndForwarded(), List.of("Work"), Instant.parse("2024-12-03T08:15:00Z")), sidecar);
        assertEquals("i_INBOX_7-", id.substring(0, 10)); // in the root: no folder
    }

    @Test
    public void aRepeatedKeyFindsItsMessageWithoutOpeningTheSourceAndAFileWithoutItsSidecarIsPutAgain() throws Exception {
        String folder = mail.importContainer(tree, context, "f:a", new MailFolder("a", "Archive", "Archive", "/", null, null));
        MailMessage sent = message("1", "One", seenAndForwarded(), List.of(), null);
        String id = mail.importItem(tree, context, "k1", sent, folder);

        assertEquals(id, mail.importItem(tree, context, "k1", sent, folder));
        assertEquals(1, context.opened());

        tree.files.remove(id + ".dtp.json"); // as when an attempt ended between the file and its sidecar
        assertEquals(id, mail.importItem(tree, context, "k1", sent, folder));
        assertEquals(2, context.opened());
        assertTrue(tree.files.containsKey(id + ".dtp.json"));
        assertEquals(folder, mail.importContainer(tree, context, "f:a", new MailFolder("a", "Archive", "Archive", "/", null, null)));
    }

    @Test
    public void aSourceThatFailsMidMessageLeavesNoSidecarAndIsTransient() throws Exception {
        MailMessage sent = message("1", "One", null, List.of(), null);
        byte[] bytes = source.get("src:1");
        TestImportContext failing = new TestImportContext(UUID.randomUUID(), ENDPOINT, ref -> new SequenceInputStream(
                new ByteArrayInputStream(bytes, 0, 10), new InputStream() {
                    @Override
                    public int read() throws IOException {
                        throw new IOException("connection reset");
                    }
                }));

        assertThrows(TransientAdapterException.class, () -> mail.importItem(tree, failing, "k1", sent, null));
        assertTrue(tree.files.keySet().stream().noneMatch(p -> p.endsWith(".dtp.json")));
    }

    @Test
    public void aFolderNameTakenBySomethingElseGetsTheNextNumber() throws Exception {
        tree.write("Archive/old.eml", "Subject: mine\r\n\r\n"); // the person's own folder
        tree.write("Archive (2)", "a file");
        mail.importContainer(tree, context, "f:other", new MailFolder("x", "Archive", "Archive", "/", null, null));

        assertEquals("Archive (4)", mail.importContainer(tree, context, "f:a", new MailFolder("a", "Archive", "Archive", "/", null, null)));
        assertEquals("Archive (3)", mail.importContainer(tree, context, "f:other", new MailFolder("x", "Archive", "Archive", "/", null, null)));
        assertEquals("Sent_Old", mail.importContainer(tree, context, "f:s", new MailFolder("s", "Sent/Old", "Sent/Old", "/", null, null)));
    }

    @Test
    public void aPersonsFoldersAreReadWithoutSidecarsAndPagesGoByName() throws Exception {
        for (int i = 1; i <= 5; i++) {
            tree.write("INBOX/m" + i + (i == 3 ? ".EML" : ".eml"), "Subject: m" + i + "\r\n\r\nbody\r\n");
        }
        tree.write("INBOX/notes.txt", "not a message");
        tree.write("INBOX/.hidden.eml", "Subject: hidden\r\n\r\n");
        tree.write(".trash/x.eml", "Subject: x\r\n\r\n");
        List<String> subjects = new ArrayList<>();
        List<Integer> folders = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<MailFolder, MailMessage> page = mail.export(tree, transfer(), new ExportCursor("INBOX", continuation), 2);
            page.items().forEach(m -> subjects.add(m.subject()));
            folders.add(page.containers().size());
            continuation = page.continuation();
        } while (continuation != null);

        assertEquals(List.of("m1", "m2", "m3", "m4", "m5"), subjects);
        assertEquals(List.of(0, 0, 0), folders);
        MailFolder inbox = mail.export(tree, transfer(), ExportCursor.root(), 2).containers().get(0);
        assertEquals(new MailFolder("INBOX", "INBOX", "INBOX", "/", SpecialUse.INBOX, null), inbox);
        MailMessage plain = mail.export(tree, transfer(), new ExportCursor("INBOX", null), 1).items().get(0);
        assertFalse(plain.flags().seen());
        assertNull(plain.internalDate());
    }

    @Test
    public void aLargeFolderIsReadAPageAtATimeWithoutListingAllOfItForEachPage() throws Exception {
        String folder = mail.importContainer(tree, context, "f:big", new MailFolder("big", "Big", "Big", "/", null, null));
        int count = 1203;
        for (int i = 0; i < count; i++) {
            mail.importItem(tree, context, "k" + i, message("m" + i, "s" + i, seenAndForwarded(), List.of(), null), folder);
        }
        for (int pageSize : new int[] {250, 333, 500, 1}) {
            tree.listings.clear();
            List<String> subjects = new ArrayList<>();
            int pages = 0;
            String continuation = null;
            do {
                ExportPage<MailFolder, MailMessage> page = mail.export(tree, transfer(), new ExportCursor(folder, continuation), pageSize);
                for (MailMessage m : page.items()) {
                    subjects.add(m.subject());
                    assertTrue("the sidecar's flags of " + m.subject() + " at pages of " + pageSize, m.flags().seen());
                }
                continuation = page.continuation();
                pages++;
            } while (continuation != null);

            assertEquals(count, subjects.size());
            assertEquals(count, new HashSet<>(subjects).size());
            // the first page lists the folder (for its sub-folders), each later one only the part after the last
            // the first page lists the folder whole (for its sub-folders); every page lists a part of its files from
            // the last message of the page before on: one part of 1,000 names, or two for a page of 500 messages
            // (a message and its sidecar are two names)
            assertEquals("list " + folder, tree.listings.get(0));
            assertEquals("files " + folder + " after null", tree.listings.get(1));
            List<String> parts = tree.listings.subList(1, tree.listings.size());
            assertTrue(parts.size() + " parts for " + pages + " pages", parts.size() >= pages && parts.size() <= 2 * pages);
            assertTrue(parts.stream().allMatch(l -> l.startsWith("files " + folder + " after ")));
        }
    }

    @Test
    public void anUpdatePutsTheMessageAndItsFlagsAgainInPlace() throws Exception {
        MailMessage sent = message("1", "One", null, List.of(), null);
        String id = mail.importItem(tree, context, "k1", sent, null);
        MailMessage read = sent.toBuilder().flags(seenAndForwarded()).build();

        assertEquals(id, mail.updateItem(tree, context, "k1", read, id));
        assertEquals(seenAndForwarded(), mail.export(tree, transfer(), ExportCursor.root(), 10).items().get(0).flags());
        assertEquals(2, tree.files.size());
        tree.files.entrySet().removeIf(e -> e.getKey().startsWith(id));
        assertThrows(ItemNotUpdatableException.class, () -> mail.updateItem(tree, context, "k1", read, id));
    }

    @Test
    public void onlyMessageFilesAreMedia() {
        tree.write("INBOX/a.eml.dtp.json", "{}");
        assertThrows(org.dtp.spi.ItemRejectedException.class,
                () -> mail.openMedia(tree, new MediaRef("INBOX/a.eml.dtp.json", "message/rfc822", 2)));
        assertThrows(org.dtp.spi.ItemRejectedException.class,
                () -> mail.openMedia(tree, new MediaRef("INBOX/gone.eml", "message/rfc822", 2)));
    }

    private static TestTransferContext transfer() {
        return new TestTransferContext(UUID.randomUUID(), ENDPOINT);
    }
}
