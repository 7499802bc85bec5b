package org.dtp.rest;

import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.Estimate;
import org.dtp.rest.ApiModel.EstimateBody;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.auth.flow.OAuth2AuthorizationFlows;
import org.junit.Test;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** The dry run: every page of the source counted, nothing opened, bounded in time and in number. */
public class EstimateResourceTest {
    private static final java.time.Instant JANUARY_FIRST = java.time.Instant.parse("2024-01-01T00:00:00Z");

    /**
     * A source with {@code albums} albums of {@code perAlbum} photos each in pages of 3 (and one loose photo of
     * unknown size at the root), each page taking {@code pageMillis}; "bad" as the path is refused.
     */
    static class PagedSource implements Exporter<PhotoAlbum, MediaItem> {
        final int albums;
        final int perAlbum;
        final long pageMillis;
        final List<ExportCursor> cursors = new CopyOnWriteArrayList<>();
        final AtomicInteger opened = new AtomicInteger();
        volatile String failIn;
        /** The settings the exporter was last given. */
        volatile Map<String, String> settingsSeen;

        PagedSource(int albums, int perAlbum, long pageMillis) {
            this.albums = albums;
            this.perAlbum = perAlbum;
            this.pageMillis = pageMillis;
        }

        @Override
        public void validate(TransferEndpoint source) throws InvalidEndpointException {
            if ("bad".equals(source.settings().get("path"))) {
                throw new InvalidEndpointException("folder 'bad' does not exist");
            }
        }

        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor)
                throws TransientAdapterException {
            cursors.add(cursor);
            settingsSeen = context.endpoint().settings();
            if (pageMillis > 0) {
                try {
                    Thread.sleep(pageMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (cursor.isRoot()) {
                List<PhotoAlbum> all = new ArrayList<>();
                for (int a = 0; a < albums; a++) {
                    all.add(new PhotoAlbum("album-" + a, "Album " + a, null));
                }
                return new ExportPage<>(all, List.of(photo("loose", -1)), null,
                        List.of(new ExportPage.Rejected("broken.jpg", "not an image")));
            }
            if (cursor.containerId().equals(failIn)) {
                throw new TransientAdapterException("the server closed the connection", null);
            }
            int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
            int to = Math.min(perAlbum, from + 3);
            List<MediaItem> items = new ArrayList<>();
            for (int i = from; i < to; i++) {
                items.add(photo(cursor.containerId() + "-" + i, 1000 + i));
            }
            return new ExportPage<>(List.of(), items, to < perAlbum ? Integer.toString(to) : null);
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            opened.incrementAndGet();
            return InputStream.nullInputStream();
        }

        /** Photo {@code i} of an album (size 1000 + i) was taken on day i of 2024; the loose one has no time. */
        private static MediaItem photo(String id, long size) {
            return MediaItem.builder()
                    .id(id)
                    .kind(MediaKind.PHOTO)
                    .takenAt(size < 0 ? null : JANUARY_FIRST.plus(java.time.Duration.ofDays(size - 1000)))
                    .fileName(id + ".jpg")
                    .content(new MediaRef("file:" + id, "image/jpeg", size))
                    .build();
        }
    }

    private EstimateResource resourceFor(PagedSource source) {
        return new EstimateResource((provider, vertical) -> provider.equals("localfs") && vertical == Vertical.MEDIA
                ? Optional.of(source) : Optional.empty(),
                new OAuth2AuthorizationFlows());
    }

    private static EstimateBody media(Map<String, String> settings) {
        return new EstimateBody("media", new Endpoint("localfs", settings), null);
    }

    @Test
    public void countsWhatTheNamedContainersHoldAndNeverReadsTheOthers() {
        PagedSource source = new PagedSource(3, 7, 0);

        Estimate estimate = resourceFor(source).estimate(Callers.ANN, null, new EstimateBody("media",
                new Endpoint("localfs", Map.of("path", "/photos")),
                new ApiModel.SelectionBody(null, null, List.of("album 1"), List.of())));

        assertTrue(estimate.complete());
        assertEquals(1, estimate.containers());
        assertEquals(2, estimate.containersLeftOut());
        assertEquals(7, estimate.items());
        assertEquals(7021, estimate.bytes());
        assertEquals("the loose photo is outside every named album", 1, estimate.itemsNotSelected());
        assertEquals("the root's unreadable item is not selected either", 0, estimate.unreadable());
        assertEquals(List.of(new ApiModel.EstimatedContainer("album-0", "Album 0", 0, 0, 0, "left out"),
                new ApiModel.EstimatedContainer("album-1", "Album 1", 7, 7021, 0, "copied"),
                new ApiModel.EstimatedContainer("album-2", "Album 2", 0, 0, 0, "left out")), estimate.perContainer());
        assertTrue(source.cursors.stream().noneMatch(c -> "album-0".equals(c.containerId()) || "album-2".equals(c.containerId())));
        assertEquals(List.of("album 1"), estimate.selection().containers());
    }

    @Test
    public void countsTheItemsInTheDateRangeApart() {
        PagedSource source = new PagedSource(3, 7, 0);

        Estimate estimate = resourceFor(source).estimate(Callers.ANN, null, new EstimateBody("media",
                new Endpoint("localfs", Map.of("path", "/photos")),
                new ApiModel.SelectionBody("2024-01-03", "2024-01-06T00:00:00Z", null, List.of("Album 2"))));

        // Photos 2, 3 and 4 of albums 0 and 1; the rest of them, and the loose photo without a time, left out.
        assertEquals(2 * 3, estimate.items());
        assertEquals(2 * (1002 + 1003 + 1004), estimate.bytes());
        assertEquals(2 * 4 + 1, estimate.itemsNotSelected());
        assertEquals(2, estimate.containers());
        assertEquals(1, estimate.containersLeftOut());
        assertEquals("2024-01-03T00:00:00Z", estimate.selection().from());
    }

    @Test
    public void aSelectionThatCannotHoldIsA400() {
        EstimateResource resource = resourceFor(new PagedSource(1, 1, 0));
        Endpoint source = new Endpoint("localfs", Map.of());
        Problems.expect(400, () -> resource.estimate(Callers.ANN, null, new EstimateBody("contacts", source,
                new ApiModel.SelectionBody("2024-01-01", null, null, null))));
        Problems.expect(400, () -> resource.estimate(Callers.ANN, null, new EstimateBody("media", source,
                new ApiModel.SelectionBody("2024-02-01", "2024-01-01", null, null))));
        Problems.expect(400, () -> resource.estimate(Callers.ANN, null, new EstimateBody("media", source,
                new ApiModel.SelectionBody("last week", null, null, null))));
    }

    @Test
    public void countsEveryContainerItemAndKnownByteWithoutOpeningMedia() {
        PagedSource source = new PagedSource(3, 7, 0);

        Estimate estimate = resourceFor(source).estimate(Callers.ANN, null, media(Map.of("path", "/photos")));

        assertTrue(estimate.complete());
        assertNull(estimate.incomplete());
        assertEquals(3, estimate.containers());
        assertEquals(3 * 7 + 1, estimate.items());
        // each album: sizes 1000..1006
        assertEquals(3 * (7 * 1000 + 21), estimate.bytes());
        assertEquals(1, estimate.mediaOfUnknownSize());
        assertEquals(1, estimate.unreadable());
        assertEquals("media", estimate.vertical());
        assertEquals(0, source.opened.get());
        // the root, then 3 pages (3 + 3 + 1) per album, each continuation followed
        assertEquals(1 + 3 * 3, source.cursors.size());
        assertTrue(source.cursors.contains(new ExportCursor("album-2", "6")));
        assertEquals(List.of(new ApiModel.EstimatedContainer("album-0", "Album 0", 7, 7021, 0, "copied"),
                new ApiModel.EstimatedContainer("album-1", "Album 1", 7, 7021, 0, "copied"),
                new ApiModel.EstimatedContainer("album-2", "Album 2", 7, 7021, 0, "copied")), estimate.perContainer());
    }

    @Test
    public void aSlowSourceIsCutOffAtTheTimeBoundWithTheCountsSoFar() throws Exception {
        PagedSource source = new PagedSource(50, 30, 100);
        long started = System.nanoTime();

        Estimate estimate = resourceFor(source).estimate(Callers.ANN, "1", media(Map.of("path", "/photos")));

        long millis = (System.nanoTime() - started) / 1_000_000;
        // the whole source takes 50 s; the bound is 1 s, and a loaded machine may answer a little later
        assertTrue("answered after " + millis + " ms", millis < 5_000);
        assertFalse(estimate.complete());
        assertEquals("stopped after 1 s", estimate.incomplete());
        assertTrue(estimate.items() > 0 && estimate.items() < 50 * 30);
        assertEquals(50, estimate.containers());
        Thread.sleep(200); // the page under way (100 ms) finishes on its own
        int pages = source.cursors.size();
        Thread.sleep(300);
        assertEquals("no page is read after the answer", pages, source.cursors.size());
    }

    @Test
    public void aPageThatCannotBeReadEndsTheEstimateWithWhy() {
        PagedSource source = new PagedSource(3, 7, 0);
        source.failIn = "album-1";

        Estimate estimate = resourceFor(source).estimate(Callers.ANN, null, media(Map.of("path", "/photos")));

        assertFalse(estimate.complete());
        assertEquals("the source could not be read: the server closed the connection", estimate.incomplete());
        assertEquals(1 + 7, estimate.items());
    }

    @Test
    public void badRequestsAreProblemsAndFreeTheirPlace() {
        EstimateResource resource = resourceFor(new PagedSource(1, 1, 0));

        Problem bad = Problems.expect(422, () -> resource.estimate(Callers.ANN, null, media(Map.of("path", "bad"))));
        assertEquals("source: folder 'bad' does not exist", bad.detail());
        Problems.expect(422, () -> resource.estimate(Callers.ANN, null, new EstimateBody("media", new Endpoint("nowhere", Map.of()), null)));
        Problems.expect(422, () -> resource.estimate(Callers.ANN, null, new EstimateBody("mail", new Endpoint("localfs", Map.of()), null)));
        Problems.expect(422, () -> resource.estimate(Callers.ANN, null, new EstimateBody("sideways", new Endpoint("localfs", Map.of()), null)));
        Problems.expect(422, () -> resource.estimate(Callers.ANN, null, media(Map.of("path", "/p", "authorization", "x"))));
        Problems.expect(400, () -> resource.estimate(Callers.ANN, null, null));
        Problems.expect(400, () -> resource.estimate(Callers.ANN, null, new EstimateBody("media", null, null)));
        Problems.expect(400, () -> resource.estimate(Callers.ANN, "0", media(Map.of("path", "/p"))));
        Problems.expect(400, () -> resource.estimate(Callers.ANN, "61", media(Map.of("path", "/p"))));
        Problems.expect(401, () -> resource.estimate(null, null, media(Map.of("path", "/p"))));
        // the running ones are all free again
        assertTrue(resource.estimate(Callers.ANN, null, media(Map.of("path", "/p"))).complete());
    }

    @Test
    public void anEndUserCannotEstimateAnOperatorOnlyAdapter() {
        PagedSource source = new PagedSource(1, 1, 0);
        javax.ws.rs.core.SecurityContext ann = Callers.of(new ApiCaller("ann", false, java.util.Set.of("localfs")));

        Problems.expect(403, () -> resourceFor(source).estimate(ann, null, media(Map.of("path", "/etc"))));
        assertTrue(source.cursors.isEmpty());
    }

    @Test
    public void atMostAFewEstimatesRunAtOnce() throws Exception {
        PagedSource slow = new PagedSource(50, 30, 100);
        EstimateResource resource = resourceFor(slow);
        List<Thread> running = new ArrayList<>();
        for (int i = 0; i < EstimateResource.MAX_RUNNING; i++) {
            javax.ws.rs.core.SecurityContext user = Callers.user("user-" + i);
            Thread t = new Thread(() -> resource.estimate(user, "2", media(Map.of("path", "/p"))));
            t.start();
            running.add(t);
        }
        long end = System.nanoTime() + 2_000_000_000L;
        while (slow.cursors.stream().filter(ExportCursor::isRoot).count() < EstimateResource.MAX_RUNNING && System.nanoTime() < end) {
            Thread.sleep(10);
        }

        Problem full = Problems.expect(429, () -> resource.estimate(Callers.ANN, "1", media(Map.of("path", "/p"))));
        assertTrue(full.detail(), full.detail().contains("on this server"));
        Problem own = Problems.expect(429, () -> resource.estimate(Callers.user("user-0"), "1", media(Map.of("path", "/p"))));
        assertTrue(own.detail(), own.detail().contains("of yours"));

        for (Thread t : running) {
            t.join();
        }
        assertTrue(resource.estimate(Callers.ANN, "1", media(Map.of("path", "/p"))).items() > 0);
    }

    /** A source whose read ignores interruption until released, as a socket read of a silent server does. */
    static final class SilentSource extends PagedSource {
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

        SilentSource() {
            super(1, 1, 0);
        }

        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws TransientAdapterException {
            cursors.add(cursor);
            boolean interrupted = false;
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    interrupted = true; // a blocking socket read does not notice
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return super.export(context, cursor);
        }
    }

    @Test
    public void anAnsweredEstimateOfASilentSourceHoldsNoPlaceOfTheNodeNorOfOtherUsers() throws Exception {
        SilentSource silent = new SilentSource();
        EstimateResource resource = resourceFor(silent);
        try {
            long started = System.nanoTime();
            Estimate first = resource.estimate(Callers.ANN, "1", media(Map.of("path", "/p")));
            assertTrue("answered within its second", System.nanoTime() - started < 3_000_000_000L);
            assertFalse(first.complete());

            // Ann's place is free at once though her source is still being read: she may ask again...
            assertFalse(resource.estimate(Callers.ANN, "1", media(Map.of("path", "/p"))).complete());
            // ...until her lingering reads reach their bound, which holds her alone
            Problem lingering = Problems.expect(429, () -> resource.estimate(Callers.ANN, "1", media(Map.of("path", "/p"))));
            assertTrue(lingering.detail(), lingering.detail().contains("still being read"));
            for (int i = 0; i < EstimateResource.MAX_RUNNING; i++) {
                assertFalse(resource.estimate(Callers.user("other-" + i), "1", media(Map.of("path", "/p"))).complete());
            }
        } finally {
            silent.release.countDown();
        }
    }
}
