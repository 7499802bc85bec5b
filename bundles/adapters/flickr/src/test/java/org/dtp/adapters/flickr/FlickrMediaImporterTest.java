package org.dtp.adapters.flickr;

import org.dtp.adapters.flickr.fake.FakeFlickr.StoredPhoto;
import org.dtp.adapters.flickr.fake.FakeFlickr.StoredSet;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class FlickrMediaImporterTest {
    private Fixture f;

    @Before
    public void start() throws Exception {
        f = new Fixture();
    }

    @After
    public void stop() {
        f.close();
    }

    @Test
    public void roundTripFromOneFlickrToAnotherKeepsBytesAndFields() throws Exception {
        StoredSet set = f.fake.addPhotoset("Milan 2011", "Two days in May");
        StoredPhoto photo = f.fake.addPhoto(set, "Duomo", "From the roof ☕", false, "jpg", "jpeg bytes".getBytes(StandardCharsets.UTF_8));
        photo.latitude = 45.4642;
        photo.longitude = 9.19;
        StoredPhoto video = f.fake.addPhoto(set, "Clip", "moving", true, "mp4", "video bytes".getBytes(StandardCharsets.UTF_8));
        StoredPhoto loose = f.fake.addPhoto(null, "Loose", "", false, "png", "png bytes".getBytes(StandardCharsets.UTF_8));
        FlickrMediaExporter exporter = new FlickrMediaExporter(f.connector());
        try (Fixture to = new Fixture()) {
            FlickrMediaImporter importer = new FlickrMediaImporter(to.connector());
            TestTransferContext source = f.source();
            TestImportContext destination = new TestImportContext(f.job, to.endpoint(), ref -> exporter.openMedia(source, ref));

            PhotoAlbum album = exporter.export(source, ExportCursor.root()).containers().get(0);
            String albumId = importer.importContainer(destination, "c:" + album.id(), album, null);
            for (MediaItem item : exporter.export(source, new ExportCursor(album.id(), null)).items()) {
                importer.importItem(destination, "i:" + item.id(), item, albumId);
            }
            for (MediaItem item : exporter.export(source, new ExportCursor(null, "n1")).items()) {
                importer.importItem(destination, "i:" + item.id(), item, null);
            }

            List<StoredSet> sets = to.fake.photosets();
            assertEquals(1, sets.size());
            assertEquals("Milan 2011", sets.get(0).title);
            assertEquals("Two days in May", sets.get(0).description);
            assertEquals(2, sets.get(0).photoIds.size());
            StoredPhoto copy = to.fake.photo(sets.get(0).photoIds.get(0));
            assertEquals("Duomo", copy.title);
            assertEquals("From the roof ☕", copy.description);
            assertEquals(45.4642, copy.latitude, 1e-9);
            assertEquals(9.19, copy.longitude, 1e-9);
            assertEquals(photo.sha256(), copy.sha256());
            StoredPhoto videoCopy = to.fake.photo(sets.get(0).photoIds.get(1));
            assertTrue(videoCopy.video);
            assertEquals(video.sha256(), videoCopy.sha256());
            List<StoredPhoto> all = to.fake.photos();
            assertEquals(3, all.size());
            assertEquals(loose.sha256(), all.get(2).sha256());
            assertEquals("Loose", all.get(2).title);
            // the sizes of Flickr's originals are unknown until read: the importer read each once to count it
            assertEquals(6, destination.opened());
            assertTrue(destination.notKept().stream().anyMatch(n -> n.field().equals("fileName")));
        }
    }

    @Test
    public void reImportingTheSameKeysMakesNothingTwice() throws Exception {
        PhotoAlbum album = new PhotoAlbum("a1", "Trip", null);
        MediaItem first = Fixture.photo("p1", "one", null, "bytes one", true);
        MediaItem second = Fixture.photo("p2", "two", null, "bytes two", false);
        for (int run = 0; run < 2; run++) {
            FlickrMediaImporter importer = new FlickrMediaImporter(f.connector()); // a fresh node: nothing cached
            TestImportContext ctx = f.destination();
            String albumId = importer.importContainer(ctx, "c:a1", album, null);
            importer.importItem(ctx, "i:p1", first, albumId);
            importer.importItem(ctx, "i:p2", second, albumId);
        }
        assertEquals(2, f.fake.photos().size());
        assertEquals(1, f.fake.photosets().size());
        assertEquals(2, f.fake.photosets().get(0).photoIds.size());
        assertEquals(2, f.fake.calls("upload"));
        assertEquals(1, f.fake.calls("flickr.photosets.create"));
    }

    @Test
    public void anUploadWhoseAnswerWasLostIsFoundByItsMachineTag() throws Exception {
        FlickrMediaImporter importer = new FlickrMediaImporter(f.connector());
        TestImportContext ctx = f.destination();
        MediaItem item = Fixture.photo("p1", "one", "desc", "bytes one", true);
        f.fake.loseNextUploadAnswer();

        assertThrows(TransientAdapterException.class, () -> importer.importItem(ctx, "i:p1", item, null));
        String id = importer.importItem(ctx, "i:p1", item, null);

        assertEquals(1, f.fake.photos().size());
        assertEquals(f.fake.photos().get(0).id, id);
        assertTrue(f.fake.photos().get(0).tags.stream().anyMatch(t -> t.matches("dtp:key=[0-9a-f]{32}")));
    }

    @Test
    public void twoJobsWithTheSameKeysDoNotMerge() throws Exception {
        FlickrMediaImporter importer = new FlickrMediaImporter(f.connector());
        MediaItem item = Fixture.photo("p1", "one", null, "bytes", true);
        importer.importItem(f.destination(), "i:p1", item, null);
        importer.importItem(new TestImportContext(java.util.UUID.randomUUID(), f.endpoint(), ref -> new java.io.ByteArrayInputStream(Fixture.bytesOf(ref))),
                "i:p1", item, null);
        assertEquals(2, f.fake.photos().size());
    }

    @Test
    public void perItemFailuresAreRejectedOrRetriedAndTheNextItemGoesOn() throws Exception {
        FlickrMediaImporter importer = new FlickrMediaImporter(f.connector());
        TestImportContext ctx = f.destination();

        f.fake.failNext("upload", 5, 1);
        ItemRejectedException badType = assertThrows(ItemRejectedException.class,
                () -> importer.importItem(ctx, "i:1", Fixture.photo("1", "t", null, "not an image", true), null));
        assertTrue(badType.getMessage(), badType.getMessage().contains("error 5"));

        f.fake.failNext("upload", 3, 1);
        assertThrows(TransientAdapterException.class, () -> importer.importItem(ctx, "i:2", Fixture.photo("2", "t", null, "x", true), null));

        ItemRejectedException empty = assertThrows(ItemRejectedException.class,
                () -> importer.importItem(ctx, "i:3", Fixture.photo("3", "t", null, "", true), null));
        assertTrue(empty.getMessage(), empty.getMessage().contains("Filesize was zero"));

        f.fake.failNext("flickr.photos.search", 105, 1);
        assertThrows(TransientAdapterException.class, () -> importer.importItem(ctx, "i:4", Fixture.photo("4", "t", null, "y", true), null));

        importer.importItem(ctx, "i:5", Fixture.photo("5", "t", null, "fine", true), null);
        assertEquals(1, f.fake.photos().size());
        assertEquals("fine", new String(f.fake.photos().get(0).bytes(), StandardCharsets.UTF_8));
    }

    @Test
    public void aSourceGivingFewerBytesThanAnnouncedStoresNothing() throws Exception {
        FlickrMediaImporter importer = new FlickrMediaImporter(f.connector());
        MediaItem item = MediaItem.builder()
                .id("x")
                .kind(MediaKind.PHOTO)
                .fileName("x.jpg")
                .location(new GeoLocation(1, 2, 30.0))
                .content(new MediaRef("bytes:short", "image/jpeg", 100))
                .build();
        assertThrows(TransientAdapterException.class, () -> importer.importItem(f.destination(), "i:x", item, null));
        assertEquals(0, f.fake.photos().size());
    }

    @Test
    public void aWrongSecretOrTokenIsRefusedByTheServer() throws Exception {
        FlickrConnector wrongSecret = new FlickrConnector(new FlickrSettings(f.fake.consumerKey(), "not the secret", f.fake.restUri(),
                f.fake.uploadUri(), 36_000_000, 100, 500, false, java.time.Duration.ofSeconds(5), List.of()));
        AuthorizationRefusedException e = assertThrows(AuthorizationRefusedException.class,
                () -> new FlickrMediaImporter(wrongSecret).importItem(f.destination(), "i:1", Fixture.photo("1", "t", null, "b", true), null));
        assertTrue(e.getMessage(), e.getMessage().contains("96: Invalid signature"));

        TestImportContext otherToken = new TestImportContext(f.job, new TransferEndpoint("flickr",
                Map.of(FlickrConnector.ACCESS_TOKEN, "someone-else", FlickrConnector.ACCESS_TOKEN_SECRET, f.fake.tokenSecret())), ref -> null);
        AuthorizationRefusedException token = assertThrows(AuthorizationRefusedException.class,
                () -> new FlickrMediaImporter(f.connector()).importItem(otherToken, "i:1", Fixture.photo("1", "t", null, "b", true), null));
        assertTrue(token.getMessage(), token.getMessage().contains("98"));
        assertEquals(0, f.fake.photos().size());
    }
}
