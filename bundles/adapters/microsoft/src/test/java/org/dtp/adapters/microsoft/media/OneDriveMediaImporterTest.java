package org.dtp.adapters.microsoft.media;

import org.dtp.adapters.microsoft.Fixture;
import org.dtp.adapters.microsoft.MicrosoftSettings;
import org.dtp.adapters.microsoft.fake.FakeGraph;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class OneDriveMediaImporterTest {
    /** 2 × 320 KiB chunks. */
    private static final int CHUNK = 2 * MicrosoftSettings.CHUNK_UNIT;
    private final Fixture f;
    private final OneDriveMediaImporter importer;

    public OneDriveMediaImporterTest() throws Exception {
        f = new Fixture(100, 2);
        importer = new OneDriveMediaImporter(f.connector);
    }

    @After
    public void close() {
        f.close();
    }

    private static MediaItem photo(String id, String fileName, byte[] bytes) {
        return MediaItem.builder()
                .id(id)
                .kind(MediaKind.PHOTO)
                .fileName(fileName)
                .content(new MediaRef("mem:" + id, "image/jpeg", bytes.length))
                .build();
    }

    @Test
    public void aMultiMegabyteFileGoesThroughAnUploadSessionInChunksAndADroppedChunkIsResumed() throws Exception {
        byte[] bytes = Fixture.bytes(3 * 1024 * 1024 + 12_345, 7);
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(bytes));
        String album = importer.importContainer(context, "album-1", new PhotoAlbum("a1", "Trip", null), null);
        f.fake.dropChunk(2);

        String id = importer.importItem(context, "item-1", photo("p1", "IMG_1.jpg", bytes), album);

        FakeGraph.Item stored = f.fake.item(id);
        assertEquals(album, stored.parentId);
        assertEquals(Fixture.sha256(bytes), Fixture.sha256(stored.bytes));
        int chunks = (bytes.length + CHUNK - 1) / CHUNK;
        assertEquals("one chunk more: the rest of the dropped one", chunks + 1, f.fake.chunkPuts());
        assertEquals("upload URLs take no token", 0, f.fake.authorizationOnFileHost());
        assertEquals("IMG_1.jpg", stored.name);
    }

    @Test
    public void aChunkWhoseAnswerWasLostIsNotSentAgain() throws Exception {
        byte[] bytes = Fixture.bytes(4 * CHUNK + 1, 8);
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(bytes));
        f.fake.dropAnswer(1);
        String id = importer.importItem(context, "item-1", photo("p1", "IMG_2.jpg", bytes), null);
        assertEquals(Fixture.sha256(bytes), Fixture.sha256(f.fake.item(id).bytes));
        assertEquals("the session said it had the chunk", 5, f.fake.chunkPuts());
    }

    @Test
    public void reimportingTheSameKeysCreatesOneFolderAndOneFile() throws Exception {
        byte[] bytes = Fixture.bytes(1000, 1);
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(bytes));
        String album = importer.importContainer(context, "album-1", new PhotoAlbum("a1", "Trip", "our summer"), null);
        String again = importer.importContainer(context, "album-1", new PhotoAlbum("a1", "Trip", "our summer"), null);
        assertEquals(album, again);
        String first = importer.importItem(context, "item-1", photo("p1", "IMG_1.jpg", bytes), album);
        String second = importer.importItem(context, "item-1", photo("p1", "IMG_1.jpg", bytes), album);
        assertEquals(first, second);
        assertEquals(1, f.fake.children(album).size());
        assertEquals("opened once: the second import found the file", 1, context.opened());

        byte[] otherBytes = Fixture.bytes(1001, 2);
        TestImportContext otherContext = f.destination(ref -> new ByteArrayInputStream(otherBytes));
        String other = importer.importItem(otherContext, "item-2", photo("p2", "IMG_1.jpg", otherBytes), album);
        assertNotEquals("another item of the same name is a file of its own", first, other);
        assertTrue(f.fake.item(other).name, f.fake.item(other).name.matches("IMG_1 \\[[a-z2-7]{8}]\\.jpg"));
        assertEquals(other, new OneDriveMediaImporter(f.connector).importItem(otherContext, "item-2",
                photo("p2", "IMG_1.jpg", otherBytes), album));
        assertEquals(2, f.fake.children(album).size());
        assertEquals("fileName", otherContext.notKept().get(0).field());
        assertEquals(List.of(new TestImportContext.NotKept("a1", "description",
                "OneDrive folders have no description one can set on every drive")), context.notKept().subList(0, 1));
    }

    @Test
    public void aRetriedImportResumesItsUploadSessionWithoutResendingWhatOneDriveHas() throws Exception {
        byte[] bytes = Fixture.bytes(5 * CHUNK + 10, 3);
        AtomicInteger opens = new AtomicInteger();
        TestImportContext context = f.destination(ref -> opens.incrementAndGet() == 1
                ? new BreakingStream(new ByteArrayInputStream(bytes), 3 * CHUNK + 100) : new ByteArrayInputStream(bytes));
        String album = importer.importContainer(context, "album-1", new PhotoAlbum("a1", "Trip", null), null);
        MediaItem item = photo("p1", "big.jpg", bytes);

        assertThrows(TransientAdapterException.class, () -> importer.importItem(context, "item-1", item, album));
        assertEquals("nothing is stored half", 0, f.fake.children(album).size());
        assertEquals(3, f.fake.chunkPuts());

        String id = importer.importItem(context, "item-1", item, album);
        assertEquals(Fixture.sha256(bytes), Fixture.sha256(f.fake.item(id).bytes));
        assertEquals("the three chunks OneDrive had are not sent again", 6, f.fake.chunkPuts());
    }

    @Test
    public void aSourceShorterThanItAnnouncedStoresNothing() throws Exception {
        byte[] bytes = Fixture.bytes(3 * CHUNK, 4);
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(bytes, 0, bytes.length - 1));
        String album = importer.importContainer(context, "album-1", new PhotoAlbum("a1", "Trip", null), null);
        TransientAdapterException e = assertThrows(TransientAdapterException.class,
                () -> importer.importItem(context, "item-1", photo("p1", "short.jpg", bytes), album));
        assertTrue(e.getMessage(), e.getMessage().contains("not the " + bytes.length));
        assertEquals(0, f.fake.children(album).size());
    }

    @Test
    public void perItemErrorsLeaveTheRestOfTheImportGoing() throws Exception {
        byte[] bytes = Fixture.bytes(100, 5);
        TestImportContext context = f.destination(ref -> new ByteArrayInputStream(bytes));
        MediaItem unknownSize = MediaItem.builder()
                .id("p0")
                .kind(MediaKind.VIDEO)
                .fileName("clip.mov")
                .content(new MediaRef("mem:p0", "video/quicktime", -1))
                .build();
        assertThrows(ItemRejectedException.class, () -> importer.importItem(context, "item-0", unknownSize, null));
        MediaItem odd = MediaItem.builder()
                .id("p1")
                .kind(MediaKind.PHOTO)
                .fileName("a:b*c?.jpg")
                .title("Title")
                .description("Caption")
                .content(new MediaRef("mem:p1", "image/jpeg", bytes.length))
                .build();
        String id = importer.importItem(context, "item-1", odd, null);
        FakeGraph.Item stored = f.fake.item(id);
        assertEquals("a_b_c_.jpg", stored.name);
        FakeGraph.Item loose = f.fake.item(stored.parentId);
        assertEquals("Imported photos", loose.name);
        assertEquals(List.of("fileName", "title", "description"), context.notKept().stream().map(TestImportContext.NotKept::field).toList());
    }

    @Test
    public void roundTripFromOneDriveToOneDriveKeepsFoldersAndBytes() throws Exception {
        FakeGraph.Item trip = f.fake.folder(FakeGraph.ROOT, "Trip");
        FakeGraph.Item a = f.fake.file(trip.id, "a.jpg", "image/jpeg", Fixture.bytes(700_000, 1), "{\"image\":{\"width\":2,\"height\":1}}");
        FakeGraph.Item b = f.fake.file(trip.id, "b.mp4", "video/mp4", Fixture.bytes(1_500_000, 2), "{\"video\":{}}");
        OneDriveMediaExporter exporter = new OneDriveMediaExporter(f.connector);
        TestTransferContext source = f.source();
        try (Fixture g = new Fixture(100, 1)) {
            OneDriveMediaImporter into = new OneDriveMediaImporter(g.connector);
            TestImportContext destination = g.destination(ref -> exporter.openMedia(source, ref));
            ExportPage<PhotoAlbum, MediaItem> root = exporter.export(source, ExportCursor.root());
            for (PhotoAlbum album : root.containers()) {
                String folder = into.importContainer(destination, "c:" + album.id(), album, null);
                for (MediaItem item : exporter.export(source, new ExportCursor(album.id(), null)).items()) {
                    into.importItem(destination, "i:" + item.id(), item, folder);
                }
            }
            FakeGraph.Item copied = g.fake.children(FakeGraph.ROOT).get(0);
            assertEquals("Trip", copied.name);
            List<FakeGraph.Item> files = g.fake.children(copied.id);
            assertEquals(2, files.size());
            assertEquals(Fixture.sha256(a.bytes), Fixture.sha256(files.get(0).bytes));
            assertEquals(Fixture.sha256(b.bytes), Fixture.sha256(files.get(1).bytes));
            assertTrue(files.get(1).name.endsWith(".mp4"));
        }
    }

    /** Fails with an IOException after {@code limit} bytes, like a source connection that breaks. */
    private static final class BreakingStream extends FilterInputStream {
        private long left;

        BreakingStream(InputStream in, long limit) {
            super(in);
            this.left = limit;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                throw new IOException("source connection reset");
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            left -= Math.max(0, n);
            return n;
        }
    }
}
