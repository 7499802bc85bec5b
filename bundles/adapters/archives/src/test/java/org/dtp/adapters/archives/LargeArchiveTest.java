package org.dtp.adapters.archives;

import org.dtp.adapters.archives.takeout.TakeoutPhotosExporter;
import org.dtp.conformance.ExportWalk;
import org.dtp.conformance.HeapWatch;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

/**
 * A zip of 3.2 GB (two videos of 1.6 GB, STORED, as a sparse file) is listed and each video streamed to its end
 * while the live heap grows by less than 32 MiB: nothing of an entry is held whole, however large.
 */
public class LargeArchiveTest {
    private static final long MIB = 1024 * 1024;
    private static final long VIDEO = 1600 * MIB;
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Test
    public void aMultiGigabyteZipIsReadInBoundedMemory() throws Exception {
        Path zip = temp.getRoot().toPath().resolve("takeout-20250101T000000Z-001.zip");
        SparseZip sparse = new SparseZip(zip);
        sparse.zeros("Takeout/Google Photos/Photos from 2024/VID_20240101_000001.mp4", VIDEO)
                .zeros("Takeout/Google Photos/Photos from 2024/VID_20240101_000002.mp4", VIDEO)
                .close();
        TakeoutPhotosExporter exporter = new TakeoutPhotosExporter(new ArchiveSettings(List.of(), List.of(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath()), 10, 1000, 1L << 40, 100));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(),
                new TransferEndpoint(TakeoutPhotosExporter.PROVIDER, Map.of(ArchiveSettings.PATH, zip.toString())));

        List<MediaItem> videos = ExportWalk.<PhotoAlbum, MediaItem>of(exporter, context).allItems();
        assertEquals(2, videos.size());
        HeapWatch heap = new HeapWatch(256 * MIB);
        byte[] buffer = new byte[256 * 1024];
        for (MediaItem video : videos) {
            assertEquals(VIDEO, video.content().size());
            long read = 0;
            try (InputStream in = heap.watch(exporter.openMedia(context, video.content()))) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    read += n;
                }
            }
            assertEquals(VIDEO, read);
        }
        heap.assertGrewLessThan(32 * MIB, "streaming " + (2 * VIDEO / MIB) + " MiB");
    }
}
