package org.dtp.core.engine;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferLimitException;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.execution.JobDispatcher;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Limits per user, the grace period, events to listeners, retention. */
public class TransferPolicyTest {
    private EngineHarness harness;
    private final List<Instant> dispatchedAt = new ArrayList<>();
    private final JobDispatcher dispatcher = new JobDispatcher() {
        @Override
        public void dispatch(UUID jobId) {
            dispatchedAt.add(Instant.EPOCH);
        }

        @Override
        public void dispatchAt(UUID jobId, Instant notBefore) {
            dispatchedAt.add(notBefore);
        }
    };

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness();
        harness.register("src", new MemoryMediaProvider(5).withAlbum("a", 3).exporter);
        harness.register("dst", new MemoryMediaProvider(5).importer);
    }

    @After
    public void tearDown() throws Exception {
        harness.close();
    }

    /** The configuration with the annotation's defaults except {@code overrides}, as Config Admin would give it. */
    static TransferManager.Config config(Map<String, Object> overrides) {
        return (TransferManager.Config) Proxy.newProxyInstance(TransferManager.Config.class.getClassLoader(),
                new Class<?>[]{TransferManager.Config.class}, (proxy, method, args) -> {
                    if (method.getName().equals("annotationType")) {
                        return TransferManager.Config.class;
                    }
                    return overrides.getOrDefault(method.getName(), method.getDefaultValue());
                });
    }

    private TransferManager manager(Map<String, Object> overrides) {
        return new TransferManager(harness.store, harness.registry, harness.controls, dispatcher, harness.revocations,
                config(overrides));
    }

    private static TransferRequest request(String owner) {
        return new TransferRequest(Vertical.MEDIA, new TransferEndpoint("src", Map.of("library", "a")), new TransferEndpoint("dst", Map.of()), owner);
    }

    @Test
    public void aUserAtTheLimitOfUnfinishedTransfersIsRefusedUntilOneEnds() throws Exception {
        TransferManager manager = manager(Map.of("maxUnfinishedPerUser", 2));
        TransferJob first = manager.start(request("ann"));
        manager.start(request("ann"));

        TransferLimitException e = assertThrows(TransferLimitException.class, () -> manager.start(request("ann")));
        assertTrue(e.getMessage(), e.getMessage().contains("user 'ann' has 2 unfinished transfers"));
        manager.start(request("bob"));
        manager.start(request(TransferRequest.OPERATOR));
        manager.start(request(TransferRequest.OPERATOR));
        manager.start(request(TransferRequest.OPERATOR));

        manager.cancel(first.id());
        assertEquals("ann", manager.start(request("ann")).owner());
        assertEquals(3, manager.list("ann", 0, 10).size());
    }

    @Test
    public void aUserAtTheDailyLimitIsRefused() throws Exception {
        TransferManager manager = manager(Map.of("maxPerUserPerDay", 1));
        TransferJob first = manager.start(request("ann"));
        manager.cancel(first.id());

        TransferLimitException e = assertThrows(TransferLimitException.class, () -> manager.start(request("ann")));
        assertTrue(e.getMessage(), e.getMessage().contains("1 transfers in the last 24 hours"));
    }

    @Test
    public void aGracePeriodDelaysTheStartAndLeavesTimeToCancel() throws Exception {
        TransferManager manager = manager(Map.of("startDelaySeconds", 600L));
        Instant before = Instant.ofEpochMilli(System.currentTimeMillis()); // startsAt is stored in milliseconds
        TransferJob job = manager.start(request("ann"));

        assertNotNull(job.startsAt());
        assertTrue(!job.startsAt().isBefore(before.plusSeconds(600)));
        assertEquals(List.of(job.startsAt()), dispatchedAt);
        assertEquals(JobState.CANCELLED, manager.cancel(job.id()).state());
        assertNull(manager(Map.of()).start(request("ann")).startsAt());
    }

    @Test
    public void listenersHearOfCreationAndEndOnce() throws Exception {
        TransferEvents events = new TransferEvents(harness.store);
        LinkedBlockingQueue<TransferEvent> heard = new LinkedBlockingQueue<>();
        events.addListener(heard::add);
        events.addListener(event -> {
            throw new IllegalStateException("a broken listener");
        });
        try {
            TransferJob job = manager(Map.of()).start(request("ann"));
            harness.engine.execute(job.id());

            TransferEvent created = heard.poll(5, TimeUnit.SECONDS);
            TransferEvent ended = heard.poll(5, TimeUnit.SECONDS);
            assertEquals(TransferEvent.Kind.CREATED, created.kind());
            assertEquals(job.id(), created.job().id());
            assertEquals(TransferEvent.Kind.ENDED, ended.kind());
            assertEquals(JobState.COMPLETED, ended.job().state());
            assertEquals(3, ended.job().items());
            assertNull(heard.poll(200, TimeUnit.MILLISECONDS));
        } finally {
            events.deactivate();
        }
    }

    @Test
    public void listenersHearWhenATransferWaitsForRoomButNotOfOtherPauses() throws Exception {
        MemoryMediaProvider full = new MemoryMediaProvider(5);
        full.importFault = item -> new org.dtp.spi.DestinationFullException("no space left on /backup", null);
        harness.register("full", full.importer);
        TransferEvents events = new TransferEvents(harness.store);
        LinkedBlockingQueue<TransferEvent> heard = new LinkedBlockingQueue<>();
        events.addListener(heard::add);
        try {
            TransferJob paused = manager(Map.of()).start(request("ann"));
            manager(Map.of()).pause(paused.id()); // a pause by its owner: no news
            TransferJob job = manager(Map.of()).start(new TransferRequest(Vertical.MEDIA,
                    new TransferEndpoint("src", Map.of("library", "a")), new TransferEndpoint("full", Map.of()), "ann"));
            harness.engine.execute(job.id());

            assertEquals(TransferEvent.Kind.CREATED, heard.poll(5, TimeUnit.SECONDS).kind());
            assertEquals(TransferEvent.Kind.CREATED, heard.poll(5, TimeUnit.SECONDS).kind());
            TransferEvent waiting = heard.poll(5, TimeUnit.SECONDS);
            assertEquals(TransferEvent.Kind.WAITING, waiting.kind());
            assertEquals(job.id(), waiting.job().id());
            assertTrue(waiting.job().stateReason(), waiting.job().stateReason().startsWith(TransferEngine.DESTINATION_FULL));
            assertNull(heard.poll(200, TimeUnit.MILLISECONDS));
        } finally {
            events.deactivate();
        }
    }

    @Test
    public void whenATransferEndsItsAdaptersMayReleaseTheCredentialsTheyWereGiven() throws Exception {
        LinkedBlockingQueue<TransferEndpoint> released = new LinkedBlockingQueue<>();
        MemoryMediaProvider source = new MemoryMediaProvider(5).withAlbum("a", 3);
        harness.register("oauth-src", new org.dtp.spi.Exporter<org.dtp.models.media.PhotoAlbum, org.dtp.models.media.MediaItem>() {
            @Override
            public org.dtp.spi.ExportPage<org.dtp.models.media.PhotoAlbum, org.dtp.models.media.MediaItem> export(
                    org.dtp.spi.TransferContext context, org.dtp.spi.ExportCursor cursor) throws org.dtp.spi.AdapterException {
                return source.exporter.export(context, cursor);
            }

            @Override
            public java.io.InputStream openMedia(org.dtp.spi.TransferContext context, org.dtp.models.MediaRef ref)
                    throws org.dtp.spi.AdapterException, java.io.IOException {
                return source.exporter.openMedia(context, ref);
            }

            @Override
            public void release(TransferEndpoint endpoint) {
                released.add(endpoint);
            }
        });
        CredentialRelease release = new CredentialRelease(harness.store, harness.registry);
        try {
            TransferManager manager = manager(Map.of());
            TransferEndpoint from = new TransferEndpoint("oauth-src", Map.of("library", "a", "refreshToken", "rt-4711"));
            TransferJob done = manager.start(new TransferRequest(Vertical.MEDIA, from, new TransferEndpoint("dst", Map.of()), "ann"));
            harness.engine.execute(done.id());
            assertEquals(JobState.COMPLETED, manager.details(done.id()).orElseThrow().job().state());
            assertEquals("the adapter gets the settings as they were", from, released.poll(5, TimeUnit.SECONDS));
            assertEquals("***", manager.details(done.id()).orElseThrow().job().source().settings().get("refreshToken"));

            TransferJob cancelled = manager.start(new TransferRequest(Vertical.MEDIA, from, new TransferEndpoint("dst", Map.of()), "ann"));
            manager.cancel(cancelled.id());
            assertEquals(from, released.poll(5, TimeUnit.SECONDS));
            assertNull("once per end", released.poll(200, TimeUnit.MILLISECONDS));
        } finally {
            release.deactivate();
        }
    }

    @Test
    public void retentionDeletesTransfersThatEndedLongerAgo() throws Exception {
        TransferManager manager = manager(Map.of());
        TransferJob ended = manager.start(request("ann"));
        manager.cancel(ended.id());
        TransferJob open = manager.start(request("ann"));

        JobRetention keepAll = new JobRetention(harness.store, config(Map.of("retentionDays", 30)));
        assertEquals(0, keepAll.deleteExpired());
        keepAll.deactivate();
        assertTrue(manager.details(ended.id()).isPresent());
        Thread.sleep(5); // the cut-off is "now": the cancel must lie before it
        JobRetention none = new JobRetention(harness.store, config(Map.of("retentionDays", 0)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (manager.details(ended.id()).isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(20); // the sweep at activation runs on the component's own thread
        }
        none.deactivate();
        assertTrue(manager.details(ended.id()).isEmpty());
        assertTrue(manager.details(open.id()).isPresent());
    }

    @Test
    public void retentionDeletesMappingsNoTransferUsedForLong() throws Exception {
        String scope = harness.store.openMappingScope("ann", Vertical.MEDIA, "src", "dst");
        JobRetention keep = new JobRetention(harness.store, config(Map.of()));
        keep.deleteExpired();
        keep.deactivate();
        assertTrue("400 days by default", harness.store.mappingScope(scope).isPresent());
        Thread.sleep(5); // the cut-off is "now": the last use must lie before it
        JobRetention none = new JobRetention(harness.store, config(Map.of("mappingRetentionDays", 0)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (harness.store.mappingScope(scope).isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(20); // the sweep at activation runs on the component's own thread
        }
        none.deactivate();
        assertTrue(harness.store.mappingScope(scope).isEmpty());
    }
}
