package org.dtp.adapters.instagram;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.instagram.fake.FakeInstagram;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ModelJson;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The Instagram exporter against the fake Instagram API: content, paging, carousels, throttling, expired tokens. */
public class InstagramMediaExporterTest {
    private FakeInstagram fake;
    private InstagramMediaExporter exporter;
    private TestTransferContext context;
    private String token;
    private final Map<String, byte[]> bytes = new LinkedHashMap<>();

    @Before
    public void start() throws Exception {
        fake = new FakeInstagram();
        bytes.put("1001", "beach jpeg".getBytes());
        bytes.put("1002", "sunset video".getBytes());
        bytes.put("2001", "carousel first".getBytes());
        bytes.put("2002", "carousel second video".getBytes());
        fake.post("1001", "IMAGE", "At the beach #sea", "2024-07-01T10:15:30+0000", bytes.get("1001"));
        fake.post("1002", "VIDEO", "Sunset", "2024-07-02T20:00:00+0000", bytes.get("1002"));
        fake.carousel("1003", "Our trip, in two", "2024-07-03T08:00:00+0000",
                List.of(Map.entry("2001", bytes.get("2001")), Map.entry("2002", bytes.get("2002"))), List.of("IMAGE", "VIDEO"));
        fake.post("1004", "VIDEO", "With music", "2024-07-04T12:00:00+0000", (byte[]) null);
        fake.post("1005", "IMAGE", null, "2024-07-05T12:00:00+0000", "no caption".getBytes());
        bytes.put("1005", "no caption".getBytes());
        exporter = Fixture.exporter(fake);
        token = fake.graph.issueToken("ann");
        context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("instagram", Map.of("accessToken", token)));
    }

    @After
    public void stop() {
        fake.close();
    }

    private List<ExportPage<PhotoAlbum, MediaItem>> exportAll() throws Exception {
        List<ExportPage<PhotoAlbum, MediaItem>> pages = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<PhotoAlbum, MediaItem> page = exporter.export(context, new ExportCursor(null, continuation));
            pages.add(page);
            continuation = page.continuation();
        } while (continuation != null);
        return pages;
    }

    private static String sha256(byte[] b) throws Exception {
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
        TestTransferContext bob = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("instagram",
                Map.of("accessToken", fake.graph.issueToken("bob"))));
        org.junit.Assert.assertNotEquals(exporter.accountId(context), exporter.accountId(bob));
    }

    @Test
    public void exportsEveryPostAcrossPagesWithCaptionsTimesAndBytes() throws Exception {
        List<ExportPage<PhotoAlbum, MediaItem>> pages = exportAll();
        assertEquals("5 posts at 2 a page", 3, pages.size());
        List<MediaItem> items = pages.stream().flatMap(p -> p.items().stream()).toList();
        assertEquals(List.of("1001", "1002", "1003/2001", "1003/2002", "1004", "1005"), items.stream().map(MediaItem::id).toList());
        assertTrue(pages.stream().allMatch(p -> p.containers().isEmpty()));

        MediaItem beach = items.get(0);
        assertEquals(MediaKind.PHOTO, beach.kind());
        assertEquals("At the beach #sea", beach.description());
        assertEquals(Instant.parse("2024-07-01T10:15:30Z"), beach.takenAt());
        assertEquals("1001.jpg", beach.fileName());
        assertEquals(MediaKind.VIDEO, items.get(1).kind());
        assertEquals("video/mp4", items.get(1).content().contentType());
        assertEquals("a carousel's children carry its caption and time", "Our trip, in two", items.get(3).description());
        assertEquals(Instant.parse("2024-07-03T08:00:00Z"), items.get(3).takenAt());
        assertEquals(List.of("1003-1.jpg", "1003-2.mp4"), List.of(items.get(2).fileName(), items.get(3).fileName()));
        assertNull(items.get(5).description());

        for (MediaItem item : items) {
            if (!item.id().equals("1004")) {
                String mediaId = item.id().contains("/") ? item.id().substring(item.id().indexOf('/') + 1) : item.id();
                assertEquals(item.id(), sha256(bytes.get(mediaId)), sha256Of(item));
            }
        }
        ObjectMapper json = ModelJson.newObjectMapper();
        for (MediaItem item : items) {
            assertEquals("the canonical model keeps everything", item, json.readValue(json.writeValueAsString(item), MediaItem.class));
        }
        assertTrue("the token is sent as a bearer header to the API and never to the CDN", fake.graph.seen().stream()
                .allMatch(s -> s.path().startsWith("/cdn/") ? s.authorization() == null : ("Bearer " + token).equals(s.authorization())));
    }

    @Test
    public void aVideoWithoutMediaUrlIsAnItemErrorAndTheRestGoesOn() throws Exception {
        MediaItem withMusic = exportAll().stream().flatMap(p -> p.items().stream()).filter(i -> i.id().equals("1004")).findFirst().orElseThrow();
        ItemRejectedException e = assertThrows(ItemRejectedException.class, () -> exporter.openMedia(context, withMusic.content()));
        assertTrue(e.getMessage(), e.getMessage().contains("no media_url"));
    }

    @Test
    public void theSamePageComesAgainForTheSameCursor() throws Exception {
        ExportPage<PhotoAlbum, MediaItem> first = exporter.export(context, ExportCursor.root());
        ExportPage<PhotoAlbum, MediaItem> second = exporter.export(context, new ExportCursor(null, first.continuation()));
        assertEquals(second, exporter.export(context, new ExportCursor(null, first.continuation())));
    }

    @Test
    public void throttlingIsTransientAndTheNextRequestWaits() throws Exception {
        fake.graph.throttleNext(1, false);
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> exporter.export(context, ExportCursor.root()));
        assertEquals(Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        ExportPage<PhotoAlbum, MediaItem> page = exporter.export(context, ExportCursor.root());
        assertEquals(2, page.items().size());
        assertTrue("the retry waited until the throttle passed", System.nanoTime() - fake.graph.throttledAtNanos() >= 900_000_000L);
    }

    @Test
    public void anExpiredTokenAsksTheUserToSignInAgain() {
        fake.graph.expire(token);
        AuthorizationRefusedException e = assertThrows(AuthorizationRefusedException.class,
                () -> exporter.export(context, ExportCursor.root()));
        assertEquals(401, e.status());
        assertTrue(e.getMessage(), e.getMessage().contains("190") && e.getMessage().contains("authorized again"));
        assertFalse(e.getMessage().contains(token));
    }
}
