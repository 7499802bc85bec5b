package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Samples;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

/** Folder → folder → folder, in .eml and mbox form: the messages' bytes, flags, labels, dates and folders survive. */
public class LocalFolderMailRoundTripTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** What must survive of a message, by folder path and Message-ID (ids differ between forms). */
    private record Kept(String folderPath, String subject, MailFlags flags, List<String> labels, Instant internalDate, String sha256) {
    }

    private static Map<String, Kept> kept(Path root, LocalFolderSettings settings) throws Exception {
        Transfers.Export<MailFolder, MailMessage> export = MailSamples.exportAll(root, settings);
        Map<String, String> paths = export.containers().stream().collect(Collectors.toMap(MailFolder::id, MailFolder::fullPath));
        Map<String, Kept> kept = new TreeMap<>();
        for (MailMessage m : export.items()) {
            int cut = Math.max(m.id().lastIndexOf('/'), m.id().lastIndexOf('#'));
            String folder = cut < 0 ? null : paths.get(m.id().substring(0, cut));
            kept.put(folder + " " + m.messageId() + " " + m.subject(), new Kept(folder, m.subject(), m.flags(), m.labels(),
                    m.internalDate(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(MailSamples.read(root, m)))));
        }
        return kept;
    }

    /** A mail account as an IMAP export gives it: INBOX with a sub-folder, Sent with its special use. */
    private static void importAccount(Path into, LocalFolderSettings settings, Map<String, byte[]> bodies) throws Exception {
        LocalFolderMailImporter importer = new LocalFolderMailImporter(settings);
        TestImportContext ctx = MailSamples.destination(into, null,
                ref -> new ByteArrayInputStream(bodies.get(ref.uri())));
        String inbox = importer.importContainer(ctx, "c:INBOX", new MailFolder("INBOX", "INBOX", "INBOX", ".", SpecialUse.INBOX, null), null);
        String lists = importer.importContainer(ctx, "c:INBOX.Lists",
                new MailFolder("INBOX.Lists", "Lists", "INBOX.Lists", ".", null, null), inbox);
        String sent = importer.importContainer(ctx, "c:Sent", new MailFolder("Sent", "Sent", "Sent", ".", SpecialUse.SENT, null), null);
        int uid = 1;
        for (Map.Entry<String, byte[]> body : bodies.entrySet()) {
            String folder = body.getKey().equals(MailSamples.DIGEST) ? lists : body.getKey().equals(MailSamples.FROM_LINES) ? sent : inbox;
            MailFlags flags = new MailFlags(uid % 2 == 0, true, false, false, false, List.of("$Forwarded", "work"));
            importer.importItem(ctx, "i:" + uid, MailMessage.builder()
                    .id(String.valueOf(uid))
                    .raw(new MediaRef(body.getKey(), "message/rfc822",
                            body.getValue().length))
                    .flags(flags)
                    .labels(List.of("Important"))
                    .internalDate(Instant.parse("2024-01-0" + uid + "T10:00:00Z"))
                    .size(body.getValue().length)
                    .build(), folder);
            uid++;
        }
    }

    private static Map<String, byte[]> samples(String... names) {
        Map<String, byte[]> bodies = new TreeMap<>();
        for (String name : names) {
            bodies.put(name, MailSamples.bytes(name));
        }
        return bodies;
    }

    @Test
    public void emlTreeSurvivesTwoHopsByteForByte() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Path b = temp.getRoot().toPath().resolve("b");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 1); // one message per page: paging on every hop
        importAccount(a, settings, samples(MailSamples.DIGEST, MailSamples.OUTLOOK, MailSamples.EIGHT_BIT,
                MailSamples.FROM_LINES, MailSamples.NO_BODY_SEPARATOR));

        MailSamples.transfer(a, b, null, settings);
        MailSamples.transfer(b, c, null, settings);

        Map<String, Kept> inA = kept(a, settings);
        assertEquals(5, inA.size());
        assertEquals(inA, kept(c, settings));
        Kept eightBit = inA.values().stream().filter(k -> "Привет and Grüße".equals(k.subject())).findFirst().orElseThrow();
        assertEquals(Samples.sha256(MailSamples.bytes(MailSamples.EIGHT_BIT)), eightBit.sha256());
        assertEquals(List.of("Important"), eightBit.labels());
        assertEquals(List.of("$Forwarded", "work"), eightBit.flags().keywords());
        MailFolder sent = MailSamples.exportAll(c, settings).containers().stream().filter(f -> f.name().equals("Sent")).findFirst().orElseThrow();
        assertEquals(SpecialUse.SENT, sent.specialUse());
        MailFolder lists = MailSamples.exportAll(c, settings).containers().stream().filter(f -> f.name().equals("Lists")).findFirst().orElseThrow();
        assertEquals("INBOX.Lists", lists.fullPath());
        assertEquals(".", lists.delimiter());
    }

    @Test
    public void emlToMboxToEmlKeepsBytesAndFlags() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Path mbox = temp.getRoot().toPath().resolve("as-mbox");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 2);
        importAccount(a, settings, samples(MailSamples.DIGEST, MailSamples.OUTLOOK, MailSamples.EIGHT_BIT,
                MailSamples.FROM_LINES, MailSamples.NO_BODY_SEPARATOR));

        MailSamples.transfer(a, mbox, "mbox", settings);
        MailSamples.transfer(mbox, c, null, settings);

        assertEquals(kept(a, settings), kept(mbox, settings));
        assertEquals(kept(a, settings), kept(c, settings));
        // INBOX.mbox, its sub-folder in INBOX.sbd (Thunderbird's layout), Sent.mbox
        assertEquals(true, Files.isRegularFile(mbox.resolve("INBOX.mbox")));
        assertEquals(true, Files.isRegularFile(mbox.resolve("INBOX.sbd/Lists.mbox")));
        assertEquals(true, Files.isRegularFile(mbox.resolve("Sent.mbox")));
        String sent = Files.readString(mbox.resolve("Sent.mbox"), StandardCharsets.ISO_8859_1);
        assertEquals(true, sent.contains("\n>>From a line that was quoted once already.\n"));
    }

    @Test
    public void aForeignMboxBecomesEmlFilesAndAnIdenticalMboxAgain() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Files.write(a.resolve("Archive.mbox"), MailSamples.bytes(MailSamples.MBOX));
        Path b = temp.getRoot().toPath().resolve("b");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 3);

        MailSamples.transfer(a, b, null, settings);
        MailSamples.transfer(b, c, "mbox", settings);

        Transfers.Export<MailFolder, MailMessage> inB = MailSamples.exportAll(b, settings);
        assertEquals(List.of("Archive"), inB.containers().stream().map(MailFolder::name).toList());
        List<byte[]> expected = MailSamples.IN_MBOX.stream().map(MailSamples::bytes).toList();
        List<String> shas = inB.items().stream().map(m -> sha(b, m)).sorted().toList();
        assertEquals(expected.stream().map(Samples::sha256).sorted().toList(), shas);
        MailMessage fromLines = inB.items().stream().filter(m -> "From lines in the body".equals(m.subject())).findFirst().orElseThrow();
        assertEquals(Instant.parse("2024-12-02T18:30:00Z"), fromLines.internalDate()); // from the "From " line
        // The mbox written from the .eml files is the one we started from, "From " lines and all (order by export: by file name).
        byte[] written = Files.readAllBytes(c.resolve("Archive.mbox"));
        assertEquals(MailSamples.bytes(MailSamples.MBOX).length, written.length);
        assertEquals(sortedMessages(MailSamples.bytes(MailSamples.MBOX)), sortedMessages(written));
    }

    /** The messages of an mbox with their "From " lines, as text, sorted (export order follows file names). */
    private static List<String> sortedMessages(byte[] mbox) {
        return List.of(new String(mbox, StandardCharsets.ISO_8859_1).split("(?m)^(?=From )")).stream().sorted().toList();
    }

    private static String sha(Path root, MailMessage m) {
        try {
            return Samples.sha256(MailSamples.read(root, m));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void aMultiMegabyteMessageFullOfFromLinesSurvivesMboxAndEml() throws Exception {
        byte[] big = bigMessage(6 << 20);
        Path a = temp.newFolder("a").toPath();
        Path mbox = temp.getRoot().toPath().resolve("m");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = LocalFolderSettings.defaults();
        LocalFolderMailImporter importer = new LocalFolderMailImporter(settings);
        TestImportContext intoA = MailSamples.destination(a, null, ref -> new ByteArrayInputStream(big));
        String folder = importer.importContainer(intoA, "c:big", new MailFolder("big", "Big", "Big", "/", null, null), null);
        importer.importItem(intoA, "i:big", MailMessage.builder()
                .id("big")
                .raw(new MediaRef("big", "message/rfc822", big.length))
                .size(big.length)
                .build(), folder);

        MailSamples.transfer(a, mbox, "mbox", settings);
        MailSamples.transfer(mbox, c, null, settings);

        for (Path root : List.of(mbox, c)) {
            List<MailMessage> items = MailSamples.exportAll(root, settings).items();
            assertEquals(1, items.size());
            assertEquals(big.length, items.get(0).size());
            assertEquals("A big one", items.get(0).subject());
            try (InputStream in = new LocalFolderMailExporter(settings).openMedia(MailSamples.source(root), items.get(0).raw())) {
                assertArrayEquals(big, in.readAllBytes());
            }
        }
    }

    /** A message of about {@code size} bytes: random base64-like lines, and every 50th line a "From " line of some depth. */
    static byte[] bigMessage(int size) {
        Random random = new Random(42);
        StringBuilder text = new StringBuilder("From: Big Sender <big@example.org>\r\nSubject: A big one\r\nDate: Tue, 03 Dec 2024 09:15:00 +0100\r\n\r\n");
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        int line = 0;
        while (text.length() < size) {
            if (++line % 50 == 0) {
                text.append(">".repeat(line % 4)).append("From line ").append(line).append("\r\n");
                continue;
            }
            for (int i = 0; i < 76; i++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            text.append("\r\n");
        }
        return text.append(">From the end, no line feed").toString().getBytes(StandardCharsets.US_ASCII);
    }
}
