package org.dtp.adapters.s3;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.mail.LocalFolderMailExporter;
import org.dtp.adapters.localfs.mail.LocalFolderMailImporter;
import org.dtp.conformance.MboxSample;
import org.dtp.conformance.SampleData;
import org.dtp.conformance.Transfers;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Mail in the local folder's eml layout through a bucket of S3Proxy: a folder → the bucket → another folder, message
 * by message (bytes, flags, labels, INTERNALDATE), a message larger than the multipart threshold among them; and the
 * layout itself: a folder copied to the bucket object by object (as a sync tool copies it) reads as the same mail, and
 * a bucket an import wrote, copied to a disk, is a folder the local folder adapter reads; mbox files in the bucket,
 * read a page at a time, give the messages (and ids) the local folder adapter gives.
 */
public class MailThroughS3Test {
    /** Larger than the connector's multipart threshold (5 MiB, S3's smallest part), so it goes up in parts. */
    private static final int LARGE_MESSAGE_BYTES = 6 * 1024 * 1024 + 123;
    @ClassRule
    public static final S3ProxyRule S3PROXY = new S3ProxyRule();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 2, false);
    private final S3Connector connector = new S3Connector(S3Fixture.config(2), S3Fixture.loopbackAllowed());
    private final LocalFolderMailImporter intoFolder = new LocalFolderMailImporter(folders);
    private final LocalFolderMailExporter fromFolder = new LocalFolderMailExporter(folders);
    private final S3MailImporter intoBucket = new S3MailImporter(connector);
    private final S3MailExporter fromBucket = new S3MailExporter(connector);


    @After
    public void closeConnector() {
        connector.close();
    }

    @Test
    public void mailComesBackByteForByteWithItsFlagsAndALargeMessageGoesUpInParts() throws Exception {
        TransferEndpoint a = local(seededFolder());
        String bucket = newBucket();
        TransferEndpoint storage = new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "backup/ann"));
        TransferEndpoint c = local(temp.newFolder("c").toPath());

        Transfers.copy(fromFolder, a, intoBucket, storage);
        Transfers.copy(fromBucket, storage, intoFolder, c);

        assertEquals(List.of(), Transfers.differences(fromFolder, a, fromBucket, storage));
        assertEquals(List.of(), Transfers.differences(fromFolder, a, fromFolder, c));
        S3Object large = objects(bucket).stream().filter(o -> o.size() == LARGE_MESSAGE_BYTES).findFirst().orElseThrow();
        assertTrue(large.key(), large.key().startsWith("backup/ann/Archive/2023/") && large.key().endsWith(".eml"));
        String eTag = S3PROXY.client().headObject(r -> r.bucket(bucket).key(large.key())).eTag();
        assertTrue("a multipart upload's ETag: " + eTag, eTag.matches("\"?[0-9a-f]{32}-2\"?"));
        assertTrue(Files.isDirectory(Path.of(c.settings().get(LocalFolderSettings.PATH), "Archive", "2023")));
    }

    @Test
    public void aFolderCopiedToTheBucketObjectByObjectReadsAsTheSameMail() throws Exception {
        Path a = seededFolder();
        String bucket = newBucket();
        sync(a, bucket, "synced");

        assertEquals(List.of(), Transfers.differences(fromFolder, local(a),
                fromBucket, new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "synced"))));
    }

    @Test
    public void anMboxPutIntoTheBucketIsExportedMessageByMessageWithItsExactBytes() throws Exception {
        MboxSample sample = MboxSample.of(5);
        String bucket = newBucket();
        S3PROXY.client().putObject(r -> r.bucket(bucket).key("takeout/Mail/All mail.mbox"), RequestBody.fromBytes(sample.bytes()));

        Map<String, byte[]> messages = MboxSample.messagesById(fromBucket, new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "takeout")));

        assertEquals(sample.offsets().stream().map(o -> "Mail/All mail.mbox#" + o).sorted().toList(), List.copyOf(messages.keySet()));
        for (int i = 0; i < sample.offsets().size(); i++) {
            assertArrayEquals("message " + (i + 1), sample.messages().get(i), messages.get("Mail/All mail.mbox#" + sample.offsets().get(i)));
        }
    }

    @Test
    public void anMboxFolderSyncedToTheBucketGivesTheSameMessagesUnderTheSameIdsAsOnTheDisk() throws Exception {
        Path a = temp.newFolder().toPath();
        Files.write(a.resolve("Takeout.mbox"), MboxSample.of(5).bytes());
        TransferEndpoint disk = new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, a.toString(),
                LocalFolderSettings.MAIL_FORMAT, "mbox"));
        SampleData<MailFolder, MailMessage> samples = SampleData.of(Vertical.MAIL);
        Transfers.seed(intoFolder, disk, samples); // mbox files with their index
        byte[] one = MboxSample.of(1).messages().get(0);
        TestImportContext context = new TestImportContext(UUID.randomUUID(), disk, ref -> new ByteArrayInputStream(one));
        String archive = intoFolder.importContainer(context, "container:folder-archive", samples.boxes().get(0).container(), null);
        String year = intoFolder.importContainer(context, "container:2023", new MailFolder("2023", "2023", "Archive/2023", "/", null, null), archive);
        intoFolder.importItem(context, "item:one", new MailMessage("one", new MediaRef("one", "message/rfc822", one.length),
                "<m1@example.org>", "message 1", "ann@example.org", List.of("bob@example.org"), null,
                new MailFlags(true, false, false, false, false, List.of()), List.of("Paperwork"), Instant.parse("2023-06-01T10:00:00Z"),
                one.length), year); // in Archive.sbd/2023.mbox
        String bucket = newBucket();
        sync(a, bucket, "synced");
        TransferEndpoint storage = new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "synced"));

        Map<String, byte[]> onDisk = MboxSample.messagesById(fromFolder, local(a));
        Map<String, byte[]> inBucket = MboxSample.messagesById(fromBucket, storage);
        assertEquals(onDisk.keySet(), inBucket.keySet());
        onDisk.forEach((id, bytes) -> assertArrayEquals(id, bytes, inBucket.get(id)));
        assertTrue(onDisk.keySet().toString(), onDisk.keySet().stream().filter(id -> id.contains(".sbd/") && id.contains(".mbox#")).count() > 0);
        assertEquals(List.of(), Transfers.differences(fromFolder, local(a), fromBucket, storage));
    }

    @Test
    public void anMboxReplacedInTheBucketBetweenPagesFailsItsExportClearly() throws Exception {
        MboxSample sample = MboxSample.of(5);
        String bucket = newBucket();
        S3PROXY.client().putObject(r -> r.bucket(bucket).key("m/Archive.mbox"), RequestBody.fromBytes(sample.bytes()));
        TransferEndpoint storage = new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "m"));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), storage);
        ExportPage<MailFolder, MailMessage> first = fromBucket.export(context, new ExportCursor("Archive.mbox", null));
        S3PROXY.client().putObject(r -> r.bucket(bucket).key("m/Archive.mbox"), RequestBody.fromBytes(MboxSample.of(6).bytes()));

        AdapterException failed = assertThrows(AdapterException.class,
                () -> fromBucket.export(context, new ExportCursor("Archive.mbox", first.continuation())));
        assertTrue(failed.getMessage(), failed.getMessage().contains("changed since its export began"));
        assertThrows(ItemRejectedException.class, () -> fromBucket.openMedia(context, first.items().get(0).raw()));
    }

    @Test
    public void aBucketAnImportWroteCopiedToADiskIsAFolderTheLocalAdapterReads() throws Exception {
        TransferEndpoint a = local(seededFolder());
        String bucket = newBucket();
        TransferEndpoint storage = new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "backup"));
        Transfers.copy(fromFolder, a, intoBucket, storage);
        Path d = temp.newFolder("d").toPath();
        for (S3Object o : objects(bucket)) {
            if (o.key().endsWith("/")) {
                continue; // a folder's marker, which a disk has no use for
            }
            Path file = d.resolve(o.key().substring("backup/".length()));
            Files.createDirectories(file.getParent());
            try (var in = S3PROXY.client().getObject(r -> r.bucket(bucket).key(o.key()))) {
                Files.copy(in, file);
            }
        }

        assertEquals(List.of(), Transfers.differences(fromBucket, storage, fromFolder, local(d)));
        assertEquals(List.of(), Transfers.differences(fromFolder, a, fromFolder, local(d)));
    }

    /**
     * The kit's mail samples in a new folder, with a sub-folder "2023" of "Archive" holding a message larger than the
     * multipart threshold, seen, flagged, labelled.
     */
    private Path seededFolder() throws Exception {
        Path folder = temp.newFolder().toPath();
        TransferEndpoint endpoint = local(folder);
        SampleData<MailFolder, MailMessage> samples = SampleData.of(Vertical.MAIL);
        Transfers.seed(intoFolder, endpoint, samples);
        byte[] large = largeMessage();
        TestImportContext context = new TestImportContext(UUID.randomUUID(), endpoint, ref -> new ByteArrayInputStream(large));
        String archive = intoFolder.importContainer(context, "container:folder-archive", samples.boxes().get(0).container(), null);
        String year = intoFolder.importContainer(context, "container:2023", new MailFolder("2023", "2023", "Archive/2023", "/", null, null), archive);
        intoFolder.importItem(context, "item:large", new MailMessage("large", new MediaRef("large", "message/rfc822", large.length),
                "<large@example.org>", "Scans", "ann@example.org", List.of("bob@example.org"), null,
                new MailFlags(true, false, true, false, false, List.of("$Forwarded")), List.of("Paperwork"),
                Instant.parse("2023-06-01T10:00:00Z"), large.length), year);
        return folder;
    }

    private static byte[] largeMessage() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(LARGE_MESSAGE_BYTES);
        byte[] headers = ("From: ann@example.org\r\nTo: bob@example.org\r\nSubject: Scans\r\nMessage-ID: <large@example.org>\r\n"
                + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=US-ASCII\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(headers);
        for (int i = 0; out.size() < LARGE_MESSAGE_BYTES; i++) {
            byte[] line = String.format("%08d the quick brown fox jumps over the lazy dog, line after line%n", i)
                    .getBytes(StandardCharsets.US_ASCII);
            out.write(line, 0, Math.min(line.length, LARGE_MESSAGE_BYTES - out.size()));
        }
        return out.toByteArray();
    }

    /** Copies every file under {@code folder} to the bucket under {@code prefix}, object by object, as a sync tool does. */
    private static void sync(Path folder, String bucket, String prefix) throws Exception {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String key = prefix + "/" + folder.relativize(file).toString().replace('\\', '/');
                S3PROXY.client().putObject(r -> r.bucket(bucket).key(key), RequestBody.fromFile(file));
            }
        }
    }

    private static String newBucket() {
        String bucket = "mail-" + UUID.randomUUID().toString().substring(0, 8);
        S3PROXY.client().createBucket(b -> b.bucket(bucket));
        return bucket;
    }

    private static List<S3Object> objects(String bucket) {
        return S3PROXY.client().listObjectsV2Paginator(r -> r.bucket(bucket)).contents().stream().toList();
    }

    private static TransferEndpoint local(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }
}
