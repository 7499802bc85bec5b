package org.dtp.adapters.facebook;

import org.dtp.adapters.facebook.fake.FakeFacebook;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The Facebook exporter against the fake Graph API: albums, photos, videos, paging, throttling, expired tokens. */
public class FacebookMediaExporterTest {
    private FakeFacebook fake;
    private FacebookMediaExporter exporter;
    private TestTransferContext context;
    private String token;

    @Before
    public void start() throws Exception {
        fake = new FakeFacebook();
        fake.album("501", "Holidays 2024", "Sea and sun", "2024-06-01T09:00:00+0000");
        fake.album("502", "Family", null, "2024-05-01T09:00:00+0000");
        fake.album("503", "Empty", null, "2024-04-01T09:00:00+0000");
        for (int i = 1; i <= 5; i++) {
            fake.photo("501", "60" + i, "Beach day " + i, "2024-06-0" + i + "T12:00:00+0000", ("original " + i).getBytes(),
                    4000, 3000, i == 1 ? 43.5 : null, i == 1 ? 16.4 : null);
        }
        fake.photo("502", "701", null, "2024-05-02T08:30:00+0000", "grandma".getBytes(), 1200, 1600, null, null);
        fake.video("801", "Waves", "The sea at night", "2024-06-03T22:00:00+0000", "mp4 bytes".getBytes());
        token = fake.graph.issueToken("ann");
        context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("facebook", Map.of("accessToken", token)));
        exporter = Fixture.exporter(fake);
    }

    @After
    public void stop() {
        fake.close();
    }

    private <T> List<T> all(String container, java.util.function.Function<ExportPage<PhotoAlbum, MediaItem>, List<T>> part,
                            int[] pages) throws Exception {
        List<T> out = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<PhotoAlbum, MediaItem> page = exporter.export(context, new ExportCursor(container, continuation));
            out.addAll(part.apply(page));
            continuation = page.continuation();
            pages[0]++;
        } while (continuation != null);
        return out;
    }

    private String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private String sha256Of(MediaItem item) throws Exception {
        try (InputStream in = exporter.openMedia(context, item.content())) {
            return sha256(in.readAllBytes());
        }
    }

    @Test
    public void theAccountIsNamedByTheGraphUserId() throws Exception {
        assertEquals(java.util.Optional.of(org.dtp.adapters.metagraph.fake.FakeGraph.idOf("ann")), exporter.accountId(context));
        TestTransferContext bob = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("facebook",
                Map.of("accessToken", fake.graph.issueToken("bob"))));
        org.junit.Assert.assertNotEquals(exporter.accountId(context), exporter.accountId(bob));
    }

    @Test
    public void exportsAlbumsTheirPhotosAndTheUploadedVideosAcrossPages() throws Exception {
        int[] pages = {0};
        List<PhotoAlbum> albums = all(null, ExportPage::containers, pages);
        assertEquals(2, pages[0]);
        assertEquals(List.of(new PhotoAlbum("videos", "Videos", "Videos uploaded to Facebook"),
                new PhotoAlbum("501", "Holidays 2024", "Sea and sun"), new PhotoAlbum("502", "Family", null),
                new PhotoAlbum("503", "Empty", null)), albums);

        pages[0] = 0;
        List<MediaItem> holidays = all("501", ExportPage::items, pages);
        assertEquals("5 photos at 2 a page", 3, pages[0]);
        assertEquals(List.of("501/601", "501/602", "501/603", "501/604", "501/605"), holidays.stream().map(MediaItem::id).toList());
        MediaItem first = holidays.get(0);
        assertEquals("Beach day 1", first.description());
        assertEquals(Instant.parse("2024-06-01T12:00:00Z"), first.takenAt());
        assertEquals(new GeoLocation(43.5, 16.4, null), first.location());
        assertEquals(Integer.valueOf(4000), first.width());
        for (int i = 0; i < 5; i++) {
            assertEquals("the original, not the small rendition", sha256(("original " + (i + 1)).getBytes()), sha256Of(holidays.get(i)));
        }

        List<MediaItem> videos = all("videos", ExportPage::items, pages);
        assertEquals(1, videos.size());
        MediaItem waves = videos.get(0);
        assertEquals(MediaKind.VIDEO, waves.kind());
        assertEquals("Waves", waves.title());
        assertEquals("The sea at night", waves.description());
        assertEquals(Instant.parse("2024-06-03T22:00:00Z"), waves.takenAt());
        assertEquals(sha256("mp4 bytes".getBytes()), sha256Of(waves));
        assertTrue(all("503", ExportPage::items, pages).isEmpty());
        assertTrue("uploaded videos only", fake.graph.seen().stream()
                .filter(s -> s.path().endsWith("/me/videos")).allMatch(s -> "uploaded".equals(s.query().get("type"))));
    }

    @Test
    public void throttlingWaitsAndTheRetryGoesOn() throws Exception {
        fake.graph.throttleNext(1, false);
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> exporter.export(context, new ExportCursor("502", null)));
        assertEquals(Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        assertEquals(1, exporter.export(context, new ExportCursor("502", null)).items().size());
        assertTrue(System.nanoTime() - fake.graph.throttledAtNanos() >= 900_000_000L);
    }

    @Test
    public void anExpiredTokenWithoutARefreshTokenAsksToSignInAgain() {
        fake.graph.expire(token);
        AuthorizationRefusedException e = assertThrows(AuthorizationRefusedException.class,
                () -> exporter.export(context, ExportCursor.root()));
        assertTrue(e.getMessage(), e.getMessage().contains("Graph error 190/463") && e.getMessage().contains("authorized again"));
        assertFalse(e.getMessage().contains(token));
    }
}
