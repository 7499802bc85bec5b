package org.dtp.adapters.smugmug;

import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class SmugMugMediaExporterTest {
    private Fixture f;

    @Before
    public void start() throws IOException {
        f = new Fixture();
    }

    @After
    public void stop() {
        f.close();
    }

    /** Walks an export as the engine does: root pages, then every album's pages. */
    static Map<PhotoAlbum, List<MediaItem>> exportAll(SmugMugMediaExporter exporter, org.dtp.spi.TransferContext ctx,
                                                       int[] pages) throws AdapterException {
        Map<PhotoAlbum, List<MediaItem>> out = new LinkedHashMap<>();
        List<PhotoAlbum> albums = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<PhotoAlbum, MediaItem> page = exporter.export(ctx, new ExportCursor(null, continuation));
            pages[0]++;
            assertTrue("no items at the root", page.items().isEmpty());
            albums.addAll(page.containers());
            continuation = page.continuation();
        } while (continuation != null);
        for (PhotoAlbum album : albums) {
            List<MediaItem> items = new ArrayList<>();
            do {
                ExportPage<PhotoAlbum, MediaItem> page = exporter.export(ctx, new ExportCursor(album.id(), continuation));
                pages[0]++;
                assertTrue("albums hold no albums", page.containers().isEmpty());
                items.addAll(page.items());
                continuation = page.continuation();
            } while (continuation != null);
            out.put(album, items);
        }
        return out;
    }

    private String seed(String album, int images) throws IOException {
        String key = f.fake.addAlbum("ann", album);
        for (int i = 1; i <= images; i++) {
            f.fake.addImage(key, album + "-" + i + ".jpg", (album + " photo " + i).getBytes(StandardCharsets.UTF_8),
                    "Title " + i, i % 2 == 0 ? "Caption " + i : null);
        }
        return key;
    }

    @Test
    public void exportsEveryAlbumAndImageOverSeveralPages() throws Exception {
        seed("Alps", 7);
        seed("Empty", 0);
        seed("Coast", 3);
        seed("Desert", 1);
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(new SmugMugConnector(f.settings().pageSize(3).build()));
        int[] pages = {0};
        Map<PhotoAlbum, List<MediaItem>> all = exportAll(exporter, f.source(), pages);

        assertEquals(List.of("Alps", "Empty", "Coast", "Desert"), all.keySet().stream().map(PhotoAlbum::name).toList());
        assertEquals(List.of(7, 0, 3, 1), all.values().stream().map(List::size).toList());
        // root: 4 albums in pages of 3 = 2; Alps 3 pages, Empty 1, Coast 1, Desert 1
        assertEquals(8, pages[0]);
        Set<String> ids = new HashSet<>();
        all.values().forEach(items -> items.forEach(i -> assertTrue("unique id " + i.id(), ids.add(i.id()))));
        List<MediaItem> alps = all.values().iterator().next();
        assertEquals(List.of("Alps-1.jpg", "Alps-2.jpg", "Alps-3.jpg", "Alps-4.jpg", "Alps-5.jpg", "Alps-6.jpg", "Alps-7.jpg"),
                alps.stream().map(MediaItem::fileName).toList());
        assertEquals("Title 2", alps.get(1).title());
        assertEquals("Caption 2", alps.get(1).description());
        assertNull("an empty caption is no description", alps.get(0).description());
        assertEquals(MediaKind.PHOTO, alps.get(0).kind());
        assertEquals("image/jpeg", alps.get(0).content().contentType());
    }

    @Test
    public void everyRequestAlsoTakesAClusterPermitWhenTheEngineOffersThem() throws Exception {
        seed("Alps", 4);
        SmugMugConnector connector = new SmugMugConnector(f.settings().pageSize(2).requestsPerSecond(7.4).build());
        List<String> permits = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.dtp.spi.http.ClusterPermits cluster = (key, perSecond) -> permits.add(key + "@" + perSecond);
        connector.bindClusterPermits(cluster);
        exportAll(new SmugMugMediaExporter(connector), f.source(), new int[1]);
        int requests = f.fake.requests();
        assertTrue("some requests were made", requests > 0);
        assertEquals("one cluster permit per request, under SmugMug's key at the configured rate",
                java.util.Collections.nCopies(requests, "smugmug@7"), permits);

        connector.unbindClusterPermits(cluster);
        exportAll(new SmugMugMediaExporter(connector), f.source(), new int[1]);
        assertEquals("alone again: no more cluster permits", requests, permits.size());
    }

    @Test
    public void withALimitPerUserEachRequestAlsoTakesAPermitUnderThatUsersKey() throws Exception {
        seed("Alps", 4);
        SmugMugConnector connector = new SmugMugConnector(f.settings().pageSize(2).requestsPerSecond(7.4)
                .requestsPerSecondPerUser(3.4).build());
        List<String> permits = new java.util.concurrent.CopyOnWriteArrayList<>();
        connector.bindClusterPermits((key, perSecond) -> permits.add(key + "@" + perSecond));
        exportAll(new SmugMugMediaExporter(connector), f.source(), new int[1]);

        int requests = f.fake.requests();
        assertEquals(2 * requests, permits.size());
        assertEquals(requests, permits.stream().filter("smugmug@7"::equals).count());
        List<String> perUser = permits.stream().filter(p -> p.startsWith("smugmug:user:")).distinct().toList();
        assertEquals("one user, one key, at the user's rate", 1, perUser.size());
        assertTrue(perUser.get(0), perUser.get(0).endsWith("@3"));
        assertFalse("the key is a hash, never the token", perUser.get(0).contains(f.source().endpoint().settings().get("accessToken")));
    }

    @Test
    public void followsNextPageWhenSmugMugClampsTheCount() throws Exception {
        seed("Alps", 9);
        f.fake.maxPageCount(2);
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(new SmugMugConnector(f.settings().pageSize(100).build()));
        int[] pages = {0};
        Map<PhotoAlbum, List<MediaItem>> all = exportAll(exporter, f.source(), pages);
        assertEquals(9, all.values().iterator().next().size());
        assertEquals(1 + 5, pages[0]);
    }

    @Test
    public void originalsAreByteIdentical() throws Exception {
        String album = f.fake.addAlbum("ann", "Originals");
        byte[] big = new byte[3 << 20];
        new java.util.Random(7).nextBytes(big);
        String key = f.fake.addImage(album, "big.jpg", big, "Big", null);
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(f.connector());
        MediaItem item = exportAll(exporter, f.source(), new int[1]).values().iterator().next().get(0);
        assertEquals(big.length, item.content().size());
        try (InputStream in = exporter.openMedia(f.source(), item.content())) {
            assertEquals(Fixture.sha256(f.fake.openImage(key)), Fixture.sha256(in));
        }
        assertEquals(Fixture.sha256(big), Fixture.sha256(f.fake.openImage(key)));
    }

    @Test
    public void anOriginalThatDoesNotMatchArchivedMd5IsAnError() throws Exception {
        String album = f.fake.addAlbum("ann", "Originals");
        f.fake.addImage(album, "a.jpg", "the real bytes".getBytes(StandardCharsets.UTF_8), null, null);
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(f.connector());
        MediaRef ref = exportAll(exporter, f.source(), new int[1]).values().iterator().next().get(0).content();
        assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                .digest("the real bytes".getBytes(StandardCharsets.UTF_8))), ref.md5());
        MediaRef altered = new MediaRef(ref.uri(), ref.contentType(), ref.size(), "00000000000000000000000000000000");
        try (InputStream in = exporter.openMedia(f.source(), altered)) {
            in.readAllBytes();
            fail("expected a mismatch");
        } catch (IOException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("ArchivedMD5"));
        }
    }

    @Test
    public void mediaOffSmugMugHostsAreRefused() {
        SmugMugMediaExporter exporter = new SmugMugMediaExporter(f.connector());
        try {
            exporter.openMedia(f.source(), new MediaRef("https://attacker.example/steal.jpg", "image/jpeg", 1));
            fail("expected a refusal");
        } catch (ItemRejectedException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not a SmugMug media host"));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void mapsWhatSmugMugReadFromTheFile() throws Exception {
        String album = f.fake.addAlbum("ann", "Milan");
        String key = f.fake.addImage(album, "IMG_0042.jpg", "x".getBytes(StandardCharsets.UTF_8), "Duomo", "Line one\nline two");
        f.fake.setImageDetails(key, 4000, 3000, "2011-05-06T07:59:48+00:00", "45.50066600", "9.11033300", "217");
        MediaItem item = exportAll(new SmugMugMediaExporter(f.connector()), f.source(), new int[1]).values().iterator().next().get(0);
        assertEquals(Instant.parse("2011-05-06T07:59:48Z"), item.takenAt());
        assertEquals(45.500666, item.location().latitude(), 1e-9);
        assertEquals(9.110333, item.location().longitude(), 1e-9);
        assertEquals(217.0, item.location().altitude(), 1e-9);
        assertEquals(Integer.valueOf(4000), item.width());
        assertEquals(Integer.valueOf(3000), item.height());
        assertEquals("Line one\nline two", item.description());
        assertEquals(album + "/" + key, item.id());
    }
}
