package org.dtp.adapters.smugmug;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.fakes.smugmug.FakeSmugMug.StoredAlbum;
import org.dtp.fakes.smugmug.FakeSmugMug.StoredImage;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class SmugMugMediaImporterTest {
    private Fixture f;

    @Before
    public void start() throws IOException {
        f = new Fixture();
    }

    @After
    public void stop() {
        f.close();
    }

    private static String albumKeyOf(String id) {
        return id.replaceAll("^/api/v2/album/([A-Za-z0-9]+).*$", "$1");
    }

    @Test
    public void createsAlbumsAndUploadsWithTitleCaptionAndFileName() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        TestImportContext ctx = f.destination();
        String albumId = importer.importContainer(ctx, "c:Milan 2011", new PhotoAlbum("Milan 2011", "Milan 2011", "Two days in May"), null);
        String plain = importer.importItem(ctx, "i:1", Fixture.photo("1", "IMG_0042.jpg", "Duomo", "From the roof", "bytes one"), albumId);
        String fancy = importer.importItem(ctx, "i:2", Fixture.photo("2", "Straße 東京.jpg", "Café ☕", "Line one\nline two", "bytes two"), albumId);

        List<StoredAlbum> albums = f.fake.albums("ann");
        assertEquals(1, albums.size());
        StoredAlbum album = albums.get(0);
        assertEquals("Milan 2011", album.name());
        assertEquals("Two days in May", album.description());
        assertEquals("Private", album.privacy());
        assertTrue(album.urlName(), album.urlName().matches("Milan-2011-[0-9a-f]{6}"));
        assertEquals(albumId, "/api/v2/album/" + album.albumKey());

        List<StoredImage> images = f.fake.images(album.albumKey());
        assertEquals(2, images.size());
        assertEquals("IMG_0042.jpg", images.get(0).fileName());
        assertEquals("Duomo", images.get(0).title());
        assertEquals("From the roof", images.get(0).caption());
        // the JDK sends headers as ASCII only: non-ASCII characters travel percent-encoded (and are decoded on export)
        assertEquals("Stra%C3%9Fe %E6%9D%B1%E4%BA%AC.jpg", images.get(1).fileName());
        assertEquals("Straße 東京.jpg", SmugMugApi.fromHeaderValue(images.get(1).fileName()));
        assertEquals("Café ☕", images.get(1).title());
        assertEquals("Line one\nline two", images.get(1).caption());
        assertEquals(Fixture.sha256("bytes two".getBytes(java.nio.charset.StandardCharsets.UTF_8)), images.get(1).sha256());
        assertEquals("/api/v2/album/" + album.albumKey() + "/image/" + images.get(0).imageKey() + "-0", plain);
        assertEquals("/api/v2/album/" + album.albumKey() + "/image/" + images.get(1).imageKey() + "-0", fancy);
    }

    @Test
    public void sendsThePlaceTheItemWasTaken() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        String albumId = importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "Milan", null), null);
        MediaItem placed = MediaItem.builder()
                .id("p")
                .kind(MediaKind.PHOTO)
                .fileName("p.jpg")
                .location(new GeoLocation(45.5, 9.11, 217.0))
                .content(Fixture.photo("p", "p.jpg", null, null, "x").content())
                .build();
        importer.importItem(f.destination(), "i:p", placed, albumId);
        StoredImage image = f.fake.images(albumKeyOf(albumId)).get(0);
        assertEquals("45.5", image.latitude());
        assertEquals("9.11", image.longitude());
        assertEquals("217.0", image.altitude());
    }

    @Test
    public void importingTheSameKeysAgainCreatesNothingTwice() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        TestImportContext ctx = f.destination();
        PhotoAlbum album = new PhotoAlbum("Trip", "Trip", null);
        MediaItem item = Fixture.photo("1", "a.jpg", "A", null, "a bytes");
        String albumId = importer.importContainer(ctx, "c:Trip", album, null);
        String itemId = importer.importItem(ctx, "i:1", item, albumId);

        // the same importer, and a fresh one (a restart: nothing cached), asked again
        for (SmugMugMediaImporter again : List.of(importer, new SmugMugMediaImporter(f.connector()))) {
            assertEquals(albumId, again.importContainer(ctx, "c:Trip", album, null));
            assertEquals(itemId, again.importItem(ctx, "i:1", item, albumId));
        }
        assertEquals(1, f.fake.albums("ann").size());
        assertEquals(1, f.fake.uploads());
        assertEquals(1, ctx.opened());
    }

    @Test
    public void anUploadWhoseAnswerWasLostIsNotUploadedAgain() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        TestImportContext ctx = f.destination();
        String albumId = importer.importContainer(ctx, "c:Trip", new PhotoAlbum("Trip", "Trip", null), null);
        MediaItem item = Fixture.photo("1", "a.jpg", "A", null, "a bytes");
        f.fake.loseNextUploadResponses(1);
        try {
            importer.importItem(ctx, "i:1", item, albumId);
            fail("the lost answer is a transient failure");
        } catch (TransientAdapterException expected) {
            // the engine retries
        }
        String id = importer.importItem(ctx, "i:1", item, albumId);
        assertEquals(1, f.fake.uploads());
        List<StoredImage> images = f.fake.images(albumKeyOf(albumId));
        assertEquals(1, images.size());
        assertEquals(albumId + "/image/" + images.get(0).imageKey() + "-0", id);
    }

    @Test
    public void twoJobsWithTheSameKeysKeepTheirOwnAlbumsAndPhotos() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        TestImportContext first = f.destination();
        TestImportContext second = new TestImportContext(java.util.UUID.randomUUID(), f.endpoint(f.ann), first::openMedia);
        PhotoAlbum trip = new PhotoAlbum("Trip", "Trip", null);
        String a = importer.importContainer(first, "c:Trip", trip, null);
        String b = importer.importContainer(second, "c:Trip", trip, null);
        importer.importItem(first, "i:Trip/1.jpg", Fixture.photo("1", "1.jpg", null, null, "first job's photo"), a);
        importer.importItem(second, "i:Trip/1.jpg", Fixture.photo("1", "1.jpg", null, null, "second job's photo"), b);
        assertTrue(!a.equals(b));
        assertEquals(2, f.fake.uploads());
    }

    @Test
    public void aFullAlbumContinuesInNumberedOverflowAlbums() throws Exception {
        SmugMugConnector connector = new SmugMugConnector(f.settings().maxImagesPerAlbum(3).build());
        checkOverflow(connector, () -> new SmugMugMediaImporter(new SmugMugConnector(f.settings().maxImagesPerAlbum(3).build())));
    }

    @Test
    public void anAlbumSmugMugSaysIsFullContinuesInOverflowAlbums() throws Exception {
        f.fake.albumImageCap(3); // the adapter believes 5000; SmugMug answers "album full" at 3
        checkOverflow(f.connector(), () -> new SmugMugMediaImporter(f.connector()));
    }

    private void checkOverflow(SmugMugConnector connector, java.util.function.Supplier<SmugMugMediaImporter> fresh) throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(connector);
        TestImportContext ctx = f.destination();
        String albumId = importer.importContainer(ctx, "c:Trip", new PhotoAlbum("Trip", "Trip", "Summer"), null);
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            ids.add(importer.importItem(ctx, "i:" + i, Fixture.photo(String.valueOf(i), i + ".jpg", "T" + i, null, "photo " + i), albumId));
        }
        List<StoredAlbum> albums = f.fake.albums("ann");
        assertEquals(List.of("Trip", "Trip (2)", "Trip (3)"), albums.stream().map(StoredAlbum::name).toList());
        assertEquals(List.of(3, 3, 1), albums.stream().map(StoredAlbum::imageCount).toList());
        assertEquals("Summer", albums.get(1).description());
        // every returned id names the album the item is really in
        for (int i = 0; i < 7; i++) {
            StoredAlbum holder = albums.get(i / 3);
            StoredImage image = f.fake.images(holder.albumKey()).get(i % 3);
            assertEquals((i + 1) + ".jpg", image.fileName());
            assertEquals("/api/v2/album/" + holder.albumKey() + "/image/" + image.imageKey() + "-0", ids.get(i));
        }
        // again, from scratch: the chain is found at SmugMug, nothing is uploaded twice
        SmugMugMediaImporter again = fresh.get();
        for (int i = 1; i <= 7; i++) {
            assertEquals(ids.get(i - 1), again.importItem(ctx, "i:" + i, Fixture.photo(String.valueOf(i), i + ".jpg", "T" + i, null, "photo " + i), albumId));
        }
        assertEquals(7, f.fake.uploads());
        assertEquals(3, f.fake.albums("ann").size());
    }

    @Test
    public void itemsInNoAlbumGoToOneAlbumForLooseItems() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(new SmugMugConnector(f.settings().rootAlbumName("Loose").build()));
        String a = importer.importItem(f.destination(), "i:a.jpg", Fixture.photo("a.jpg", "a.jpg", null, null, "a"), null);
        String b = importer.importItem(f.destination(), "i:b.jpg", Fixture.photo("b.jpg", "b.jpg", null, null, "b"), null);
        List<StoredAlbum> albums = f.fake.albums("ann");
        assertEquals(1, albums.size());
        assertEquals("Loose", albums.get(0).name());
        assertEquals(albumKeyOf(a), albums.get(0).albumKey());
        assertEquals(albumKeyOf(b), albums.get(0).albumKey());
    }

    @Test
    public void withoutContentMd5TheBytesStreamStraightThrough() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(new SmugMugConnector(f.settings().sendContentMd5(false).build()));
        String albumId = importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "A", null), null);
        importer.importItem(f.destination(), "i:1", Fixture.photo("1", "1.jpg", null, null, "straight through"), albumId);
        assertEquals(Fixture.sha256("straight through".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                f.fake.images(albumKeyOf(albumId)).get(0).sha256());
    }

    /** The photo with the MD5 its source told (right or wrong). */
    private static MediaItem withMd5(MediaItem photo, String md5) {
        MediaRef ref = photo.content();
        return photo.toBuilder().content(new MediaRef(ref.uri(), ref.contentType(), ref.size(), md5)).build();
    }

    @Test
    public void aSourcesMd5TravelsAsContentMd5WithoutASpool() throws Exception {
        // A spool folder that cannot be created: any spooling would fail the import.
        java.nio.file.Path notAFolder = java.nio.file.Files.createTempFile("dtp-not-a-folder", ".txt");
        try {
            SmugMugMediaImporter importer = new SmugMugMediaImporter(new SmugMugConnector(
                    f.settings().sendContentMd5(true).spoolDirectory(notAFolder.resolve("spool")).build()));
            String albumId = importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "A", null), null);
            byte[] bytes = "streamed with its md5".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            String md5 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5").digest(bytes));
            importer.importItem(f.destination(), "i:1", withMd5(Fixture.photo("1", "1.jpg", null, null, "streamed with its md5"), md5), albumId);
            assertEquals(Fixture.sha256(bytes), f.fake.images(albumKeyOf(albumId)).get(0).sha256());

            // Bytes that differ from the MD5 their source told are refused by SmugMug: nothing wrong is kept.
            MediaItem lying = withMd5(Fixture.photo("2", "2.jpg", null, null, "other bytes"), md5);
            assertThrows(AdapterException.class, () -> importer.importItem(f.destination(), "i:2", lying, albumId));
            assertEquals(1, f.fake.images(albumKeyOf(albumId)).size());
        } finally {
            java.nio.file.Files.deleteIfExists(notAFolder);
        }
    }

    @Test
    public void nameAndUrlNameFollowSmugMugsRules() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        String longName = "x".repeat(300);
        for (String name : List.of("été à Paris", "東京", "  ", "(2) copies", longName, "Black & White")) {
            importer.importContainer(f.destination(), "c:" + name, new PhotoAlbum(name, name, null), null);
        }
        Map<String, String> urlNames = f.fake.albums("ann").stream().collect(Collectors.toMap(StoredAlbum::name, StoredAlbum::urlName));
        assertTrue(urlNames.get("été à Paris"), urlNames.get("été à Paris").matches("Ete-a-Paris-[0-9a-f]{6}"));
        assertTrue(urlNames.get("東京"), urlNames.get("東京").matches("Album-[0-9a-f]{6}"));
        assertTrue(urlNames.containsKey("Album"));
        assertTrue(urlNames.get("(2) copies"), urlNames.get("(2) copies").matches("2-copies-[0-9a-f]{6}"));
        assertTrue(urlNames.get("Black & White"), urlNames.get("Black & White").matches("Black-White-[0-9a-f]{6}"));
        String truncated = "x".repeat(255);
        assertTrue(urlNames.containsKey(truncated));
        assertEquals(60, urlNames.get(truncated).length());
    }

    @Test
    public void tooManyRequestsIsTransientWithSmugMugsDelay() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        f.fake.failNext(1, 429, "7");
        try {
            importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "A", null), null);
            fail("expected a transient failure");
        } catch (TransientAdapterException e) {
            assertEquals(Duration.ofSeconds(7), e.retryAfter().orElseThrow());
        }
        // and the retry goes through
        importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "A", null), null);
        assertEquals(1, f.fake.albums("ann").size());
    }

    @Test
    public void aFailingUploaderIsTransient() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        String albumId = importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "A", null), null);
        importer.importItem(f.destination(), "i:0", Fixture.photo("0", "0.jpg", null, null, "zero"), albumId);
        f.fake.failNext(1, 503, null, "/");
        try {
            importer.importItem(f.destination(), "i:1", Fixture.photo("1", "1.jpg", null, null, "one"), albumId);
            fail("expected a transient failure");
        } catch (TransientAdapterException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("503"));
        }
        importer.importItem(f.destination(), "i:1", Fixture.photo("1", "1.jpg", null, null, "one"), albumId);
        assertEquals(2, f.fake.uploads());
    }

    @Test
    public void aSourceShorterThanItAnnouncedIsNotUploaded() throws Exception {
        SmugMugMediaImporter importer = new SmugMugMediaImporter(f.connector());
        String albumId = importer.importContainer(f.destination(), "c:a", new PhotoAlbum("a", "A", null), null);
        TestImportContext flaky = new TestImportContext(f.job, f.endpoint(f.ann), ref -> new java.io.ByteArrayInputStream("abc".getBytes()));
        MediaItem item = Fixture.photo("1", "1.jpg", null, null, "abcd"); // announces 4 bytes, gives 3
        try {
            importer.importItem(flaky, "i:1", item, albumId);
            fail("expected a failure");
        } catch (TransientAdapterException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not the 4 it announced"));
        }
        assertEquals(0, f.fake.uploads());
    }

    @Test
    public void theLooseItemsAlbumSurvivesAFreshConnector() throws Exception {
        new SmugMugMediaImporter(f.connector()).importItem(f.destination(), "i:a", Fixture.photo("a", "a.jpg", null, null, "a"), null);
        new SmugMugMediaImporter(f.connector()).importItem(f.destination(), "i:b", Fixture.photo("b", "b.jpg", null, null, "b"), null);
        assertEquals(1, f.fake.albums("ann").size());
        assertEquals(2, f.fake.albums("ann").get(0).imageCount());
    }

    @Test
    public void aTakenUrlNameIsVaried() throws Exception {
        String tag = KeywordMarkers.tag(KeywordMarkers.album(f.job, "c:Trip"));
        f.fake.addAlbum("ann", "Trip " + tag); // SmugMug makes its UrlName "Trip-<tag>": the one the importer wants
        String id = new SmugMugMediaImporter(f.connector()).importContainer(f.destination(), "c:Trip", new PhotoAlbum("Trip", "Trip", null), null);
        StoredAlbum made = f.fake.albums("ann").stream().filter(a -> id.endsWith(a.albumKey())).findFirst().orElseThrow();
        assertEquals("Trip", made.name());
        assertEquals("Trip-" + tag + "1", made.urlName());
    }
}
