package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.Samples;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.spi.TransferContext;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;

/** EXIF as the exporter reads it from real camera files (src/test/resources/samples). */
public class MediaMetadataTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private Path root;
    private TransferContext context;

    @Before
    public void setUp() throws Exception {
        root = temp.newFolder("photos").toPath();
        context = TestContexts.source(root);
    }

    private MediaItem exported(String sample) throws Exception {
        Samples.copy(sample, root, sample);
        Map<String, MediaItem> items = Samples.exportAll(Adapters.exporter(), context).itemsById();
        return items.get(sample);
    }

    @Test
    public void dateTimeOriginalWithoutZoneIsReadAsUtc() throws Exception {
        MediaItem canon = exported(Samples.CANON);
        assertEquals("2003:09:06 14:45:48", canon.exif().get("DateTimeOriginal"));
        assertEquals(Instant.parse("2003-09-06T14:45:48Z"), canon.takenAt());
    }

    @Test
    public void dateTimeOriginalOfAnotherCamera() throws Exception {
        MediaItem olympus = exported(Samples.OLYMPUS);
        assertEquals("2013:08:27 19:45:23", olympus.exif().get("DateTimeOriginal"));
        assertEquals(Instant.parse("2013-08-27T19:45:23Z"), olympus.takenAt());
    }

    @Test
    public void gpsClockPlacesTheLocalCaptureTimeInTime() throws Exception {
        MediaItem htc = exported(Samples.HTC);
        // camera clock 09:59:48 (Milan, CEST), GPS clock 07:59:48 UTC
        assertEquals("2011:05:06 09:59:48", htc.exif().get("DateTimeOriginal"));
        assertEquals("2011-05-06T07:59:48Z", htc.exif().get("GPSDateTime"));
        assertEquals(Instant.parse("2011-05-06T07:59:48Z"), htc.takenAt());
    }

    @Test
    public void gpsPositionIsRead() throws Exception {
        GeoLocation location = exported(Samples.HTC).location();
        assertNotNull(location);
        assertEquals(45 + 30 / 60.0 + 2.4 / 3600, location.latitude(), 1e-6);   // 45° 30' 2.4" N
        assertEquals(9 + 6 / 60.0 + 37.2 / 3600, location.longitude(), 1e-6);  // 9° 6' 37.2" E
        assertEquals(217.0, location.altitude(), 1e-9);
    }

    @Test
    public void noGpsMeansNoLocation() throws Exception {
        assertNull(exported(Samples.CANON).location());
    }

    @Test
    public void dimensionsAndCameraAreRead() throws Exception {
        MediaItem htc = exported(Samples.HTC);
        assertEquals(Integer.valueOf(776), htc.width());
        assertEquals(Integer.valueOf(909), htc.height());
        assertEquals("HTC", htc.exif().get("Make"));
        assertEquals("HTC Desire", htc.exif().get("Model"));
        assertEquals("1", htc.exif().get("Orientation"));
    }

    @Test
    public void trailingPaddingOfCameraStringsIsTrimmed() throws Exception {
        MediaItem olympus = exported(Samples.OLYMPUS);
        assertEquals("OLYMPUS IMAGING CORP.", olympus.exif().get("Make"));
        assertEquals("E-P3", olympus.exif().get("Model"));
        assertEquals(Integer.valueOf(1280), olympus.width());
        assertEquals(Integer.valueOf(960), olympus.height());
    }

    @Test
    public void fileWhoseMetadataCannotBeParsedIsStillExported() throws Exception {
        Files.write(root.resolve("broken.jpg"), new byte[]{(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 1, 2, 3});
        Files.writeString(root.resolve("text.heic"), "this is not an image");
        Map<String, MediaItem> items = Samples.exportAll(Adapters.exporter(), context).itemsById();

        MediaItem broken = items.get("broken.jpg");
        assertNotNull(broken);
        assertNull(broken.takenAt());
        assertNull(broken.width());
        assertEquals("the file's time only", java.util.Set.of(FileModifyDate.KEY), broken.exif().keySet());
        assertEquals(6, broken.content().size());
        assertNotNull(items.get("text.heic"));
    }
}
