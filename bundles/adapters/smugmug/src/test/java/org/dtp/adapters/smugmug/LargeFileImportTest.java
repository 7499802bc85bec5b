package org.dtp.adapters.smugmug;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.GeneratedStream;
import org.dtp.fakes.smugmug.FakeSmugMug.StoredImage;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A file larger than the heap (surefire runs this class alone with -Xmx40m, see the pom) goes through import
 * in both upload modes and back through export: nothing on the way may hold it whole.
 */
public class LargeFileImportTest {
    private static final long SIZE = Long.getLong("largefile.mib", 64) << 20;

    private Fixture f;
    private Path spool;

    @Before
    public void start() throws IOException {
        f = new Fixture();
        spool = Files.createTempDirectory("spool");
    }

    @After
    public void stop() throws IOException {
        f.close();
        try (Stream<Path> files = Files.list(spool)) {
            files.forEach(p -> p.toFile().delete());
        }
        Files.deleteIfExists(spool);
    }

    @Test
    public void aLargeFileIsStreamedThroughBothUploadModesAndBack() throws Exception {
        if (System.getProperty("largefile.mib") != null) { // the pom's large-file run: the heap must be smaller than the file
            assertTrue("heap " + Runtime.getRuntime().maxMemory() + " is not smaller than the file", Runtime.getRuntime().maxMemory() < SIZE);
        }
        String expected = Fixture.sha256(new GeneratedStream(SIZE));
        for (boolean md5 : List.of(true, false)) {
            SmugMugConnector connector = new SmugMugConnector(f.settings().sendContentMd5(md5).spoolDirectory(spool).build());
            SmugMugMediaImporter importer = new SmugMugMediaImporter(connector);
            TestImportContext ctx = new TestImportContext(f.job, f.endpoint(f.ann), ref -> new GeneratedStream(SIZE));
            String album = importer.importContainer(ctx, "c:big-" + md5, new PhotoAlbum("big", "Big " + md5, null), null);
            MediaItem item = MediaItem.builder()
                    .id("big.mov")
                    .kind(MediaKind.VIDEO)
                    .fileName("big.mov")
                    .content(new MediaRef("generated", "video/quicktime", SIZE))
                    .build();
            importer.importItem(ctx, "i:big", item, album);

            StoredImage stored = f.fake.images(album.substring("/api/v2/album/".length())).get(0);
            assertEquals(SIZE, stored.size());
            assertEquals(expected, stored.sha256());
            try (Stream<Path> left = Files.list(spool)) {
                assertEquals("the spool file is gone", 0, left.count());
            }
        }
        // and out again through the exporter
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(f.connector());
        String albumKey = f.fake.albums("ann").get(0).albumKey();
        MediaItem exported = exporter.export(f.source(), new org.dtp.spi.ExportCursor(albumKey, null)).items().get(0);
        try (InputStream in = exporter.openMedia(f.source(), exported.content())) {
            assertEquals(expected, Fixture.sha256(in));
        }
    }
}
