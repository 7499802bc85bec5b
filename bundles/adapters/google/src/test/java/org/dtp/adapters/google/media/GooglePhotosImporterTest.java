package org.dtp.adapters.google.media;

import org.dtp.adapters.google.Fixture;
import org.dtp.adapters.google.fake.FakeGoogle;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class GooglePhotosImporterTest {
    private Fixture f;
    private GooglePhotosImporter importer;
    /** The source's bytes by media uri. */
    private final Map<String, byte[]> source = new HashMap<>();
    private TestImportContext context;

    @Before
    public void setUp() throws Exception {
        f = new Fixture(50);
        importer = new GooglePhotosImporter(f.connector());
        context = f.destination(ref -> Fixture.stream(source.get(ref.uri())));
    }

    @After
    public void tearDown() {
        f.close();
    }

    private MediaItem item(String id, MediaKind kind, String fileName, String title, String description, int length) {
        byte[] bytes = Fixture.bytes(length, id.hashCode());
        source.put("src:" + id, bytes);
        return MediaItem.builder()
                .id(id)
                .kind(kind)
                .fileName(fileName)
                .title(title)
                .description(description)
                .content(new MediaRef("src:" + id, kind == MediaKind.VIDEO ? "video/mp4" : "image/jpeg", length))
                .build();
    }

    @Test
    public void createsTheAlbumAndUploadsEachItemIntoItWithItsBytesNameAndDescription() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", "Summer 2024"), null);
        MediaItem photo = item("p1", MediaKind.PHOTO, "beach.jpg", null, "At the beach", 150_000);
        MediaItem video = item("v1", MediaKind.VIDEO, "clip.mp4", null, null, 90_000);

        String photoId = importer.importItem(context, "i:p1", photo, albumId);
        String videoId = importer.importItem(context, "i:v1", video, albumId);

        FakeGoogle.Album album = f.fake.albums().get(0);
        assertEquals("Trip", album.title());
        assertTrue(album.appCreated());
        assertEquals("the album's description is a text enrichment", List.of("Summer 2024"), album.enrichments());
        assertTrue("which the API cannot read back", context.notKept().stream().anyMatch(n -> n.sourceId().equals("trip")
                && n.field().equals("description")));
        assertEquals(List.of(photoId, videoId), album.items());
        FakeGoogle.Item stored = f.fake.item(photoId);
        assertEquals("beach.jpg", stored.filename());
        assertEquals("image/jpeg", stored.mimeType());
        assertEquals(Fixture.sha256(source.get("src:p1")), Fixture.sha256(stored.bytes()));
        assertEquals(Fixture.sha256(source.get("src:v1")), Fixture.sha256(f.fake.item(videoId).bytes()));
        assertTrue(f.fake.item(videoId).video());
        assertTrue(stored.description().startsWith("At the beach\ndtp:"));

        // Exported again, the marker is not part of the description.
        GooglePhotosExporter exporter = new GooglePhotosExporter(f.connector());
        List<MediaItem> back = exporter.export(f.source(), new ExportCursor(albumId, null)).items();
        assertEquals("At the beach", back.get(0).description());
        assertNull(back.get(1).description());
        assertEquals(Fixture.sha256(source.get("src:v1")), Fixture.sha256(exporter.openMedia(f.source(), back.get(1).content())));
    }

    @Test
    public void aFileNameBeyondLatin1KeepsItsName() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);

        String id = importer.importItem(context, "i:p1", item("p1", MediaKind.PHOTO, "海辺の写真 🌊.jpg", null, null, 1000), albumId);

        assertEquals("海辺の写真 🌊.jpg", f.fake.item(id).filename());
    }

    @Test
    public void theSameKeyTwiceMakesOneItemEvenAfterARestart() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        MediaItem photo = item("p1", MediaKind.PHOTO, "beach.jpg", null, null, 1000);
        String first = importer.importItem(context, "i:p1", photo, albumId);

        assertEquals(first, importer.importItem(context, "i:p1", photo, albumId));
        // A new importer (restart, or another node) has no caches: it finds the album by title and the item by its marker.
        GooglePhotosImporter restarted = new GooglePhotosImporter(f.connector());
        assertEquals(albumId, restarted.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null));
        assertEquals(first, restarted.importItem(context, "i:p1", photo, albumId));

        assertEquals(1, f.fake.itemsOf(albumId).size());
        assertEquals(1, f.fake.albums().size());
        assertEquals(1, f.fake.uploadsReceived());
        // Another key is another item.
        importer.importItem(context, "i:p2", item("p2", MediaKind.PHOTO, "beach.jpg", null, null, 1000), albumId);
        assertEquals(2, f.fake.itemsOf(albumId).size());
    }

    @Test
    public void aCreateWhoseAnswerWasLostIsFoundOnTheRetry() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        MediaItem photo = item("p1", MediaKind.PHOTO, "beach.jpg", null, "x", 1000);
        f.fake.loseNextCreateAnswers(1);

        assertThrows(TransientAdapterException.class, () -> importer.importItem(context, "i:p1", photo, albumId));
        String id = importer.importItem(context, "i:p1", photo, albumId);

        assertEquals(List.of(id), f.fake.albums().get(0).items());
        assertEquals("the retry found the first copy and uploaded nothing", 1, f.fake.uploadsReceived());
    }

    @Test
    public void itemsInNoAlbumGoToOneAlbumForLooseItems() throws Exception {
        String a = importer.importItem(context, "i:a", item("a", MediaKind.PHOTO, "a.jpg", null, null, 10), null);
        String b = importer.importItem(context, "i:b", item("b", MediaKind.PHOTO, "b.jpg", null, null, 10), null);

        assertEquals(1, f.fake.albums().size());
        assertEquals("Imported photos", f.fake.albums().get(0).title());
        assertEquals(List.of(a, b), f.fake.albums().get(0).items());
    }

    @Test
    public void whatGooglePhotosCannotHoldIsReported() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        MediaItem photo = MediaItem.builder()
                .id("p1")
                .kind(MediaKind.PHOTO)
                .fileName("a.jpg")
                .title("A title")
                .description("d".repeat(1200))
                .takenAt(Instant.parse("2020-01-02T03:04:05Z"))
                .location(new GeoLocation(48.1, 11.5, null))
                .content(new MediaRef("src:p1", "image/jpeg", 3))
                .build();
        source.put("src:p1", new byte[]{1, 2, 3});

        String id = importer.importItem(context, "i:p1", photo, albumId);

        String description = f.fake.item(id).description();
        assertEquals(GooglePhotosImporter.MAX_DESCRIPTION, description.length());
        assertTrue(description.startsWith("ddd"));
        assertEquals(List.of("location", "takenAt", "title", "description"),
                context.notKept().stream().map(TestImportContext.NotKept::field).toList());
        assertTrue(context.notKept().stream().allMatch(n -> n.sourceId().equals("p1")));
    }

    @Test
    public void aTitleWithoutADescriptionBecomesTheDescriptionReported() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        String id = importer.importItem(context, "i:p1", item("p1", MediaKind.PHOTO, "a.jpg", "Sunset", null, 10), albumId);

        assertTrue(f.fake.item(id).description().startsWith("Sunset\ndtp:"));
        assertEquals(List.of("p1 title", "p1 description"), context.notKept().stream().map(n -> n.sourceId() + " " + n.field()).toList());
    }

    @Test
    public void aPhotoOverGooglesLimitIsRejectedWithoutUploading() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        MediaItem huge = MediaItem.builder()
                .id("big")
                .kind(MediaKind.PHOTO)
                .fileName("big.tif")
                .content(new MediaRef("src:big", "image/tiff", GooglePhotosImporter.MAX_PHOTO_BYTES + 1))
                .build();

        ItemRejectedException e = assertThrows(ItemRejectedException.class, () -> importer.importItem(context, "i:big", huge, albumId));

        assertTrue(e.getMessage().contains("200 MiB"));
        assertEquals(0, f.fake.uploadsReceived());
    }

    @Test
    public void anUploadRefusedForAnExpiredTokenIsRetriedWithARefreshedOne() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        importer.importItem(context, "i:p0", item("p0", MediaKind.PHOTO, "a.jpg", null, null, 10), albumId);
        f.fake.expireAccessTokens();
        MediaItem photo = item("p1", MediaKind.PHOTO, "b.jpg", null, null, 20_000);

        // The upload's body is a stream read once: the 401 is transient, and the engine's retry signs with the new token.
        assertThrows(TransientAdapterException.class, () -> importer.importItem(context, "i:p1", photo, albumId));
        String id = importer.importItem(context, "i:p1", photo, albumId);

        assertEquals(1, f.fake.refreshes());
        assertEquals(Fixture.sha256(source.get("src:p1")), Fixture.sha256(f.fake.item(id).bytes()));
        assertEquals(2, f.fake.itemsOf(albumId).size());
    }

    @Test
    public void a429OnTheUploadIsTransientWithItsRetryAfter() throws Exception {
        String albumId = importer.importContainer(context, "c:trip", new PhotoAlbum("trip", "Trip", null), null);
        importer.importItem(context, "i:p0", item("p0", MediaKind.PHOTO, "a.jpg", null, null, 10), albumId);
        f.fake.throttleNext(1, 1);
        MediaItem photo = item("p1", MediaKind.PHOTO, "b.jpg", null, null, 10);

        TransientAdapterException e = assertThrows(TransientAdapterException.class,
                () -> importer.importItem(context, "i:p1", photo, albumId));

        assertEquals(java.time.Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        importer.importItem(context, "i:p1", photo, albumId);
        assertEquals(2, f.fake.itemsOf(albumId).size());
    }
}
