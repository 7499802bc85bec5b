package org.dtp.adapters.s3;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.TransientAdapterException;
import org.junit.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.ByteArrayInputStream;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class S3MediaImporterTest extends S3Fixture {
    private final Map<String, byte[]> sources = new HashMap<>();

    private TestImportContext context(String prefix) {
        return new TestImportContext(UUID.randomUUID(), endpoint(prefix),
                ref -> new ByteArrayInputStream(sources.get(ref.uri())));
    }

    private MediaItem photo(String id, String fileName, int size) {
        byte[] bytes = new byte[size];
        new Random(id.hashCode()).nextBytes(bytes);
        sources.put(id, bytes);
        return MediaItem.builder().id(id).kind(MediaKind.PHOTO).fileName(fileName)
                .content(new MediaRef(id, "image/jpeg", size)).build();
    }

    private byte[] stored(String key) {
        return S3PROXY.client().getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    @Test
    public void anAlbumIsAPrefixWithAMarkerAndItsPhotosObjectsWithTheirMetadata() throws Exception {
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext ctx = context("backup");
        String album = importer.importContainer(ctx, "album-1", new PhotoAlbum("src-album", "Holidays: 2024", "By the sea"), null);
        MediaItem item = photo("p1", "IMG_0001.JPG", 1000).toBuilder().title("Beach").description("Évian, été")
                .takenAt(Instant.parse("2024-07-01T10:15:30Z")).location(new GeoLocation(46.4, 6.59, 372.0))
                .width(4000).height(3000).exif(Map.of("Make", "Canon", "Model", "EOS R6")).build();
        String id = importer.importItem(ctx, "item-1", item, album);

        assertEquals("Holidays_ 2024", album);
        assertEquals("Holidays_ 2024/IMG_0001.JPG", id);
        assertArrayEquals(sources.get("p1"), stored("backup/Holidays_ 2024/IMG_0001.JPG"));
        HeadObjectResponse head = S3PROXY.client().headObject(r -> r.bucket(bucket).key("backup/Holidays_ 2024/IMG_0001.JPG"));
        assertEquals("image/jpeg", head.contentType());
        assertEquals("item-1", ObjectMetadata.get(head.metadata(), ObjectMetadata.KEY));
        assertEquals("Évian, été", ObjectMetadata.get(head.metadata(), ObjectMetadata.DESCRIPTION));
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(sources.get("p1"))),
                ObjectMetadata.get(head.metadata(), ObjectMetadata.MD5));
        HeadObjectResponse marker = S3PROXY.client().headObject(r -> r.bucket(bucket).key("backup/Holidays_ 2024/.dtp-album"));
        assertEquals("Holidays: 2024", ObjectMetadata.get(marker.metadata(), ObjectMetadata.NAME));
    }

    @Test
    public void aRetriedImportFindsItsObjectAndUploadsNothing() throws Exception {
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext ctx = context("");
        PhotoAlbum album = new PhotoAlbum("a", "Trip", null);
        String first = importer.importContainer(ctx, "album", album, null);
        MediaItem item = photo("p1", "a.jpg", 2000);
        String id = importer.importItem(ctx, "item", item, first);

        assertEquals(first, importer.importContainer(ctx, "album", album, null));
        assertEquals(id, importer.importItem(ctx, "item", item, first));
        assertEquals(1, ctx.opened());
        List<String> keys = S3PROXY.client().listObjectsV2(r -> r.bucket(bucket)).contents().stream().map(S3Object::key)
                .filter(k -> !k.endsWith("/")).toList(); // S3Proxy's file system store lists its folders too
        assertEquals(List.of("Trip/.dtp-album", "Trip/a.jpg"), keys);
    }

    @Test
    public void namesTakenByOtherObjectsOrItemsAreNumberedAndNothingIsOverwritten() throws Exception {
        S3PROXY.client().putObject(r -> r.bucket(bucket).key("a.jpg"), RequestBody.fromString("the person's own"));
        S3PROXY.client().putObject(r -> r.bucket(bucket).key("Trip/x.txt"), RequestBody.fromString("a folder of the person's"));
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext ctx = context("");

        assertEquals("Trip (2)", importer.importContainer(ctx, "album", new PhotoAlbum("t", "Trip", null), null));
        assertEquals("a (2).jpg", importer.importItem(ctx, "one", photo("p1", "a.jpg", 10), null));
        assertEquals("a (3).jpg", importer.importItem(ctx, "two", photo("p2", "a.jpg", 10), null));
        assertEquals("the person's own", new String(stored("a.jpg")));
    }

    @Test
    public void aLargeFileGoesUpInPartsEachCheckedAndWhole() throws Exception {
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext ctx = context("big");
        MediaItem video = photo("v", "clip.mp4", (int) (12 * MIB + 5)).toBuilder().kind(MediaKind.VIDEO)
                .content(new MediaRef("v", "video/mp4", 12 * MIB + 5)).build();
        String id = importer.importItem(ctx, "video", video, null);

        HeadObjectResponse head = S3PROXY.client().headObject(r -> r.bucket(bucket).key("big/" + id));
        assertTrue("a multipart object's ETag ends in its part count: " + head.eTag(), head.eTag().replace("\"", "").endsWith("-3"));
        assertEquals(12 * MIB + 5, (long) head.contentLength());
        assertArrayEquals(sources.get("v"), stored("big/" + id));
        assertEquals("video", ObjectMetadata.get(head.metadata(), ObjectMetadata.KEY));
    }

    @Test
    public void bytesThatDifferFromWhatTheSourceAnnouncedLeaveNoObject() {
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext ctx = context("");
        MediaItem shortSmall = photo("s", "s.jpg", 100).toBuilder().content(new MediaRef("s", "image/jpeg", 101)).build();
        MediaItem shortLarge = photo("l", "l.jpg", (int) (6 * MIB)).toBuilder().content(new MediaRef("l", "image/jpeg", 7 * MIB)).build();
        MediaItem wrongMd5 = photo("m", "m.jpg", 100).toBuilder()
                .content(new MediaRef("m", "image/jpeg", 100, "0123456789abcdef0123456789abcdef")).build();

        assertThrows(TransientAdapterException.class, () -> importer.importItem(ctx, "s", shortSmall, null));
        assertThrows(TransientAdapterException.class, () -> importer.importItem(ctx, "l", shortLarge, null));
        assertThrows(TransientAdapterException.class, () -> importer.importItem(ctx, "m", wrongMd5, null));
        assertEquals(0, S3PROXY.client().listObjectsV2(r -> r.bucket(bucket)).keyCount().intValue());
        assertTrue("the aborted upload is gone",
                S3PROXY.client().listMultipartUploads(r -> r.bucket(bucket)).uploads().isEmpty());
    }

    @Test
    public void metadataOverTwoKilobytesDropsTheExifFirstAndSaysSo() throws Exception {
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext ctx = context("");
        Map<String, String> exif = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            exif.put("Tag" + i, "value number " + i);
        }
        MediaItem item = photo("p", "p.jpg", 10).toBuilder().title("kept").exif(exif).build();
        String id = importer.importItem(ctx, "k", item, null);

        Map<String, String> metadata = S3PROXY.client().headObject(r -> r.bucket(bucket).key(id)).metadata();
        assertEquals("kept", ObjectMetadata.get(metadata, ObjectMetadata.TITLE));
        assertFalse(metadata.containsKey(ObjectMetadata.EXIF));
        assertEquals(List.of(new TestImportContext.NotKept("p", "exif", "S3 keeps at most 2 KB of metadata per object")), ctx.notKept());
    }
}
