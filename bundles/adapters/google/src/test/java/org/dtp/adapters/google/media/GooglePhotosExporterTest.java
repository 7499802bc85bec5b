package org.dtp.adapters.google.media;

import org.dtp.adapters.google.Fixture;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.GoogleSettings;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class GooglePhotosExporterTest {
    private Fixture f;
    private GooglePhotosExporter exporter;

    @Before
    public void setUp() throws Exception {
        f = new Fixture(2);
        exporter = new GooglePhotosExporter(f.connector());
    }

    @After
    public void tearDown() {
        f.close();
    }

    /** Everything a walk of the export gives: albums, and items by container (null: loose). */
    private record Walk(List<PhotoAlbum> albums, Map<String, List<MediaItem>> items, List<ExportPage.Rejected> rejected,
                        int pages) {
    }

    private Walk walk(TestTransferContext context) throws AdapterException {
        List<PhotoAlbum> albums = new ArrayList<>();
        Map<String, List<MediaItem>> items = new HashMap<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        List<ExportCursor> todo = new ArrayList<>(List.of(ExportCursor.root()));
        int pages = 0;
        while (!todo.isEmpty()) {
            ExportCursor cursor = todo.remove(0);
            ExportPage<PhotoAlbum, MediaItem> page = exporter.export(context, cursor);
            pages++;
            albums.addAll(page.containers());
            page.containers().forEach(a -> todo.add(new ExportCursor(a.id(), null)));
            items.computeIfAbsent(cursor.containerId(), k -> new ArrayList<>()).addAll(page.items());
            rejected.addAll(page.rejected());
            if (!page.isLast()) {
                todo.add(0, new ExportCursor(cursor.containerId(), page.continuation()));
            }
        }
        return new Walk(albums, items, rejected, pages);
    }

    @Test
    public void exportsEveryAlbumAndItsItemsAcrossPagesWithTheirBytes() throws Exception {
        byte[] beach = Fixture.bytes(70_000, 1);
        byte[] clip = Fixture.bytes(120_000, 2);
        String trip = f.fake.addAlbum("Trip");
        String beachId = f.fake.addItem(trip, "beach.jpg", "image/jpeg", "At the beach", beach, false, null);
        String clipId = f.fake.addItem(trip, "clip.mp4", "video/mp4", null, clip, true, null);
        f.fake.addItem(trip, "dunes.jpg", "image/jpeg", null, Fixture.bytes(10, 3), false, null);
        String family = f.fake.addAlbum("Family");
        f.fake.addToAlbum(family, beachId);
        f.fake.addAlbum("Empty");
        byte[] loose = Fixture.bytes(5_000, 4);
        String looseId = f.fake.addItem(null, "loose.png", "image/png", null, loose, false, null);

        Walk walk = walk(f.source());

        assertEquals(List.of("Trip", "Family", "Empty"), walk.albums().stream().map(PhotoAlbum::name).toList());
        List<MediaItem> tripItems = walk.items().get(trip);
        assertEquals(List.of("beach.jpg", "clip.mp4", "dunes.jpg"), tripItems.stream().map(MediaItem::fileName).toList());
        assertEquals(List.of(beachId), walk.items().get(family).stream().map(MediaItem::id).toList());
        // Only the item in no album is loose: the others come with their albums.
        assertEquals(List.of(looseId), walk.items().get(null).stream().map(MediaItem::id).toList());
        assertTrue("albums of 3 at 2 per page, items of 3 at 2 per page", walk.pages() >= 7);

        MediaItem photo = tripItems.get(0);
        assertEquals(MediaKind.PHOTO, photo.kind());
        assertEquals("At the beach", photo.description());
        assertEquals("image/jpeg", photo.content().contentType());
        assertEquals(Integer.valueOf(4032), photo.width());
        assertEquals("Canon", photo.exif().get("Make"));
        assertEquals("2.8", photo.exif().get("FNumber"));
        assertTrue(photo.takenAt() != null);
        assertEquals(Fixture.sha256(beach), Fixture.sha256(exporter.openMedia(f.source(), photo.content())));
        MediaItem video = tripItems.get(1);
        assertEquals(MediaKind.VIDEO, video.kind());
        assertEquals("the video's own bytes (=dv), not its thumbnail", Fixture.sha256(clip),
                Fixture.sha256(exporter.openMedia(f.source(), video.content())));
        assertEquals(Fixture.sha256(loose), Fixture.sha256(exporter.openMedia(f.source(), walk.items().get(null).get(0).content())));
        assertTrue(walk.rejected().isEmpty());
        assertEquals("nothing changed at the source", 3, f.fake.itemsOf(trip).size());
        assertFalse(clipId.isEmpty());
    }

    @Test
    public void aVideoStillProcessingIsAnErrorOfItsOwnAndTheRestGoesOn() throws Exception {
        String album = f.fake.addAlbum("Clips");
        String processing = f.fake.addItem(album, "new.mp4", "video/mp4", null, Fixture.bytes(10, 1), true, "PROCESSING");
        f.fake.addItem(album, "ok.jpg", "image/jpeg", null, Fixture.bytes(10, 2), false, null);

        Walk walk = walk(f.source());

        assertEquals(List.of("ok.jpg"), walk.items().get(album).stream().map(MediaItem::fileName).toList());
        assertEquals(1, walk.rejected().size());
        assertEquals(processing, walk.rejected().get(0).sourceId());
        assertTrue(walk.rejected().get(0).reason().contains("PROCESSING"));
    }

    @Test
    public void anAccessTokenThatExpiresMidTransferIsRefreshedAndKeptInTheJob() throws Exception {
        String album = f.fake.addAlbum("Trip");
        for (int i = 0; i < 5; i++) {
            f.fake.addItem(album, "p" + i + ".jpg", "image/jpeg", null, Fixture.bytes(100, i), false, null);
        }
        TestTransferContext context = f.source();
        String before = context.endpoint().settings().get(AuthorizationFlows.ACCESS_TOKEN);
        ExportPage<PhotoAlbum, MediaItem> first = exporter.export(context, new ExportCursor(album, null));

        f.fake.expireAccessTokens(); // Google answers 401 to the token from now on
        ExportPage<PhotoAlbum, MediaItem> second = exporter.export(context, new ExportCursor(album, first.continuation()));

        assertEquals(2, second.items().size());
        assertEquals(1, f.fake.refreshes());
        String after = context.endpoint().settings().get(AuthorizationFlows.ACCESS_TOKEN);
        assertNotEquals("the renewed token is written back into the job", before, after);
        assertTrue(Instant.parse(context.endpoint().settings().get(AuthorizationFlows.TOKEN_EXPIRES_AT)).isAfter(Instant.now()));
        assertEquals(Fixture.sha256(Fixture.bytes(100, 2)), Fixture.sha256(exporter.openMedia(context, second.items().get(0).content())));
    }

    @Test
    public void a429IsTransientWithItsRetryAfterAndSlowsTheLimiterDown() throws Exception {
        f.fake.addAlbum("Trip");
        GoogleConnector connector = f.connector();
        exporter = new GooglePhotosExporter(connector);
        f.fake.throttleNext(1, 1);

        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> exporter.export(f.source(), ExportCursor.root()));

        assertEquals(Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        assertEquals(1, connector.rateLimiter().throttles());
        assertEquals("the retry goes through", 1, exporter.export(f.source(), ExportCursor.root()).containers().size());
    }

    @Test
    public void a403RateLimitExceededIsTransientNotARefusedAuthorization() throws Exception {
        f.fake.addAlbum("Trip");
        GoogleConnector connector = f.connector();
        exporter = new GooglePhotosExporter(connector);
        f.fake.rateLimit403Next(1);

        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> exporter.export(f.source(), ExportCursor.root()));

        assertTrue(e.getMessage(), e.getMessage().contains("Rate Limit Exceeded"));
        assertEquals(1, connector.rateLimiter().throttles());
        assertEquals(1, exporter.export(f.source(), ExportCursor.root()).containers().size());
    }

    @Test
    public void aTokenThatCannotBeRefreshedIsARefusedAuthorizationAndNeverShown() throws Exception {
        f.fake.addAlbum("Trip");
        String[] tokens = f.fake.grant();
        f.fake.expireAccessTokens();
        TestTransferContext context = new TestTransferContext(f.job, new TransferEndpoint(GoogleConnector.PROVIDER,
                Map.of(AuthorizationFlows.ACCESS_TOKEN, tokens[0])));

        AuthorizationRefusedException e = assertThrows(AuthorizationRefusedException.class,
                () -> exporter.export(context, ExportCursor.root()));

        assertEquals(401, e.status());
        assertFalse(e.getMessage().contains(tokens[0]));
        assertNull(context.endpoint().settings().get(AuthorizationFlows.REFRESH_TOKEN));
    }

    @Test
    public void mediaFromAHostThatIsNotGooglesIsRefused() throws Exception {
        String album = f.fake.addAlbum("Trip");
        f.fake.addItem(album, "a.jpg", "image/jpeg", null, Fixture.bytes(10, 1), false, null);
        GoogleConnector elsewhere = new GoogleConnector(new GoogleSettings(java.net.URI.create("http://localhost:"
                + f.fake.base().getPort()), f.fake.base(), f.fake.base(), f.fake.base(), f.fake.base(), 1000, 2, "x", Duration.ofSeconds(5), List.of("googleusercontent.com")),
                f.clients);
        MediaItem item = exporter.export(f.source(), new ExportCursor(album, null)).items().get(0);

        // The API is at "localhost" here, while the fake's baseUrl names 127.0.0.1: not the API host, not https.
        assertThrows(org.dtp.spi.ItemRejectedException.class,
                () -> new GooglePhotosExporter(elsewhere).openMedia(f.source(), item.content()));
    }
}
