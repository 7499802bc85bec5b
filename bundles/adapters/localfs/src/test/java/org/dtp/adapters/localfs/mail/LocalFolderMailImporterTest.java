package org.dtp.adapters.localfs.mail;

import org.dtp.formats.files.FileNames;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransientAdapterException;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Writing mail: idempotent on the key, whole or not at all, and an mbox that survives a crash mid-append. */
public class LocalFolderMailImporterTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderMailImporter importer = new LocalFolderMailImporter(LocalFolderSettings.defaults());

    private static MailMessage message(String id, byte[] bytes) {
        return MailMessage.builder()
                .id(id)
                .raw(new MediaRef(id, "message/rfc822", bytes.length))
                .flags(new MailFlags(true, false, true, false, false, List.of("$Label1")))
                .internalDate(Instant.parse("2024-12-03T08:15:00Z"))
                .size(bytes.length)
                .build();
    }

    private static MailFolder folder(String name) {
        return new MailFolder(name, name, name, "/", null, null);
    }

    private static List<Path> visibleFiles(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    @Test
    public void aRepeatedKeyFindsTheMessageAndWritesNothing() throws Exception {
        Path root = temp.getRoot().toPath();
        byte[] bytes = MailSamples.bytes(MailSamples.OUTLOOK);
        TestImportContext ctx = MailSamples.destination(root, null, ref -> new ByteArrayInputStream(bytes));
        String folder = importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null);

        String first = importer.importItem(ctx, "i:INBOX/42", message("42", bytes), folder);
        String again = importer.importItem(ctx, "i:INBOX/42", message("42", bytes), folder);

        assertEquals(first, again);
        assertEquals(folder, importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null));
        assertEquals(1, ctx.opened());
        List<Path> files = visibleFiles(root);
        assertEquals(2, files.size()); // the .eml and its sidecar
        assertArrayEquals(bytes, Files.readAllBytes(root.resolve(first)));
        assertTrue(Files.readString(root.resolve(first + ".dtp.json")).contains("\"$Label1\""));
    }

    @Test
    public void fileNamesFromKeysAreSafeBoundedAndDistinct() {
        String evil = "i:../../etc/passwd\u0000" + "ä".repeat(300) + "/\\:*?";
        String name = FileNames.fromKey(evil, ".eml");
        assertTrue(name, name.matches("[A-Za-z0-9_][A-Za-z0-9._-]*-[0-9a-f]{16}\\.eml"));
        assertTrue(name.length() <= FileNames.MAX_KEY_PREFIX + 17 + 4);
        assertEquals(name, FileNames.fromKey(evil, ".eml"));
        assertFalse(FileNames.fromKey("i:a/b", ".eml").equals(FileNames.fromKey("i:a_b", ".eml")));
        assertFalse(FileNames.fromKey(".hidden", ".eml").startsWith("."));
    }

    @Test
    public void aSourceThatBreaksOffLeavesNothingAndSaysWhy() throws Exception {
        Path root = temp.getRoot().toPath();
        byte[] bytes = MailSamples.bytes(MailSamples.DIGEST);
        for (String format : new String[]{"eml", "mbox"}) {
            Path dir = Files.createDirectories(root.resolve(format));
            TestImportContext ctx = MailSamples.destination(dir, format, ref -> TestContexts.failingAfter(bytes, 1000));
            String folder = importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null);

            TransientAdapterException e = assertThrows(TransientAdapterException.class,
                    () -> importer.importItem(ctx, "i:1", message("1", bytes), folder));

            assertTrue(e.getMessage(), e.getMessage().contains("'1'") && e.getMessage().contains("after 1000 bytes"));
            try (Stream<Path> left = Files.walk(dir)) {
                assertEquals(format, List.of(), left.filter(p -> p.getFileName().toString().endsWith(".part")
                        || p.getFileName().toString().endsWith(".eml")).toList());
            }
            if (format.equals("mbox")) {
                assertEquals(0, Files.size(dir.resolve("INBOX.mbox")));
            }
        }
    }

    @Test
    public void aMalformedMessageIsArchivedByteForByte() throws Exception {
        Path root = temp.getRoot().toPath();
        byte[] bytes = MailSamples.bytes(MailSamples.NO_BODY_SEPARATOR);
        byte[] notMail = {0, 1, 2, (byte) 0xff, '\n', 'F', 'r', 'o', 'm', ' ', 'x'};
        TestImportContext ctx = MailSamples.destination(root, null,
                ref -> new ByteArrayInputStream(ref.uri().equals("junk") ? notMail : bytes));
        String folder = importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null);

        String id = importer.importItem(ctx, "i:1", message("1", bytes), folder);
        String junk = importer.importItem(ctx, "i:junk", message("junk", notMail), folder);

        assertArrayEquals(bytes, Files.readAllBytes(root.resolve(id)));
        assertArrayEquals(notMail, Files.readAllBytes(root.resolve(junk)));
        MailMessage exported = MailSamples.exportAll(root, LocalFolderSettings.defaults()).items().stream()
                .filter(m -> m.id().equals(junk)).findFirst().orElseThrow();
        assertEquals(null, exported.subject());
        assertEquals(notMail.length, exported.size());
    }

    @Test
    public void anMboxAppendCutShortByACrashIsRolledBackAndDoneOnce() throws Exception {
        Path root = temp.getRoot().toPath();
        byte[] one = MailSamples.bytes(MailSamples.FROM_LINES);
        byte[] two = MailSamples.bytes(MailSamples.EIGHT_BIT);
        TestImportContext ctx = MailSamples.destination(root, "mbox",
                ref -> new ByteArrayInputStream(ref.uri().equals("1") ? one : two));
        String folder = importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null);
        importer.importItem(ctx, "i:1", message("1", one), folder);
        Path mbox = root.resolve(folder);
        long complete = Files.size(mbox);
        // A crash after part of message 2 reached the mbox, before its index line: the bytes are there, unrecorded.
        Files.writeString(MboxIndex.pendingOf(mbox), Long.toString(complete));
        Files.write(mbox, "From x@y Mon Dec  2 18:30:00 2024\nSubject: half".getBytes(StandardCharsets.US_ASCII), StandardOpenOption.APPEND);

        importer.importItem(ctx, "i:2", message("2", two), folder);
        // A crash after message 2's index line, before its key file: the retry must find it, not append it again.
        Files.delete(MboxIndex.keyFile(mbox, "i:2"));
        importer.importItem(ctx, "i:2", message("2", two), folder);
        importer.importItem(ctx, "i:1", message("1", one), folder);

        List<MailMessage> messages = MailSamples.exportAll(root, LocalFolderSettings.defaults()).items();
        assertEquals(2, messages.size());
        assertArrayEquals(one, MailSamples.read(root, messages.get(0)));
        assertArrayEquals(two, MailSamples.read(root, messages.get(1)));
        assertEquals(complete, Mbox.scan(mbox, 0, 10).entries().get(1).offset());
        assertTrue(messages.get(1).flags().flagged());
        assertEquals(Instant.parse("2024-12-03T08:15:00Z"), messages.get(1).internalDate());
    }

    @Test
    public void anMboxShortenedBehindOurBackIsNotAppendedTo() throws Exception {
        Path root = temp.getRoot().toPath();
        byte[] one = MailSamples.bytes(MailSamples.FROM_LINES);
        TestImportContext ctx = MailSamples.destination(root, "mbox", ref -> new ByteArrayInputStream(one));
        String folder = importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null);
        importer.importItem(ctx, "i:1", message("1", one), folder);
        try (FileChannel channel = FileChannel.open(root.resolve(folder), StandardOpenOption.WRITE)) {
            channel.truncate(10);
        }

        AdapterException e = assertThrows(AdapterException.class, () -> importer.importItem(ctx, "i:2", message("2", one), folder));

        assertTrue(e.getMessage(), e.getMessage().contains("changed outside dtp"));
    }

    @Test
    public void messagesAMailProgramAppendedAreNeverCutOff() throws Exception {
        Path root = temp.getRoot().toPath();
        byte[] one = MailSamples.bytes(MailSamples.FROM_LINES);
        TestImportContext ctx = MailSamples.destination(root, "mbox", ref -> new ByteArrayInputStream(one));
        String folder = importer.importContainer(ctx, "c:INBOX", folder("INBOX"), null);
        importer.importItem(ctx, "i:1", message("1", one), folder);
        byte[] theirs = "From me@example.org Mon Dec  2 18:30:00 2024\nSubject: mine\n\nhello\n\n".getBytes(StandardCharsets.US_ASCII);
        Files.write(root.resolve(folder), theirs, StandardOpenOption.APPEND);
        long size = Files.size(root.resolve(folder));

        AdapterException e = assertThrows(AdapterException.class, () -> importer.importItem(ctx, "i:2", message("2", one), folder));

        assertTrue(e.getMessage(), e.getMessage().contains("changed outside dtp"));
        assertEquals(size, Files.size(root.resolve(folder)));
    }

    @Test
    public void sameNamedFoldersOfOtherKeysAreNumbered() throws Exception {
        Path root = temp.getRoot().toPath();
        for (String format : new String[]{"eml", "mbox"}) {
            Path dir = Files.createDirectories(root.resolve(format));
            TestImportContext ctx = MailSamples.destination(dir, format, ref -> InputStream.nullInputStream());
            String a = importer.importContainer(ctx, "c:a", folder("Work"), null);
            String b = importer.importContainer(ctx, "c:b", folder("Work"), null);
            assertEquals(format, format.equals("mbox") ? List.of("Work.mbox", "Work (2).mbox") : List.of("Work", "Work (2)"), List.of(a, b));
        }
    }

    @Test
    public void anUnknownMailFormatIsRefused() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class, () -> importer.validate(
                MailSamples.destination(temp.getRoot().toPath(), "maildir", ref -> InputStream.nullInputStream()).endpoint()));
        assertTrue(e.getMessage(), e.getMessage().contains("'mailFormat'"));
    }
}
