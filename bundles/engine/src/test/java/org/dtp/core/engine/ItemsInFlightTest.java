package org.dtp.core.engine;

import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** A page's items imported several at once: they overlap, and the ledger and checkpoint stay exact. */
public class ItemsInFlightTest {
    private static final RetryPolicy QUICK = new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1);

    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;
    /** Imports running now, and the most that ever ran at once. */
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness();
        source = new MemoryMediaProvider(16).withAlbum("a", 16).withAlbum("b", 5);
        destination = new MemoryMediaProvider(16);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
    }

    @After
    public void tearDown() throws Exception {
        harness.close();
    }

    private TransferJob start() throws Exception {
        return harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of())));
    }

    /** Counts the imports running at once around {@code during}, which runs inside each import. */
    private void counting(java.util.function.Function<MediaItem, AdapterException> during) {
        destination.importFault = item -> {
            mostAtOnce.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
            try {
                return during.apply(item);
            } finally {
                inProgress.decrementAndGet();
            }
        };
    }

    private void assertEveryItemOnce(TransferJob job, JobState state) {
        TransferJob done = harness.store.job(job.id()).orElseThrow();
        assertEquals(state, done.state());
        assertEquals(source.totalItems(), destination.imported.size());
        destination.imported.forEach((key, bytes) ->
                assertEquals(key, new String(MemoryMediaProvider.bytesOf(key.substring(2))), new String(bytes)));
    }

    @Test
    public void anImporterThatTakesFourHasFourItemsInFlightAtOnce() throws Exception {
        destination.concurrency = 4;
        CountDownLatch fourRunning = new CountDownLatch(4);
        // The first four imports each wait until all four run: one at a time, the first would time out.
        counting(item -> {
            fourRunning.countDown();
            try {
                return fourRunning.await(10, TimeUnit.SECONDS) ? null : new AdapterException("never four at once");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new AdapterException("interrupted");
            }
        });
        TransferJob job = start();
        harness.engine.execute(job.id());

        assertEveryItemOnce(job, JobState.COMPLETED);
        assertEquals(4, mostAtOnce.get());
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
    }

    @Test
    public void theOperatorsCapLowersWhatTheImporterTakes() throws Exception {
        destination.concurrency = 8;
        harness.engine.setInFlightLimits(InFlightLimits.of(8, new String[] {"dst=2"}));
        counting(item -> {
            sleep(5);
            return null;
        });
        TransferJob job = start();
        harness.engine.execute(job.id());

        assertEveryItemOnce(job, JobState.COMPLETED);
        assertTrue("at most 2 at once, not " + mostAtOnce.get(), mostAtOnce.get() <= 2);
    }

    @Test
    public void anImporterThatKeepsOrderGetsThePageInOrderOnTheJobsThread() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        counting(item -> {
            order.add(item.id());
            threads.add(Thread.currentThread());
            sleep(1);
            return null;
        });
        TransferJob job = start();
        harness.engine.execute(job.id());

        assertEveryItemOnce(job, JobState.COMPLETED);
        List<String> expected = new java.util.ArrayList<>();
        source.albums.values().forEach(items -> items.forEach(item -> expected.add(item.id())));
        assertEquals(expected, order);
        assertEquals(1, mostAtOnce.get());
        assertEquals(Set.of(Thread.currentThread()), threads);
    }

    @Test
    public void oneItemFailingInFlightLosesAndRepeatsNoOther() throws Exception {
        destination.concurrency = 4;
        counting(item -> {
            sleep(item.id().hashCode() & 7); // ends in another order than they started
            return item.id().equals("a/photo-5") ? new AdapterException("the provider refused it") : null;
        });
        TransferJob job = start();
        harness.engine.execute(job.id());

        TransferJob done = harness.store.job(job.id()).orElseThrow();
        assertEquals(JobState.COMPLETED_WITH_ERRORS, done.state());
        assertEquals(1, done.errors());
        assertEquals(source.totalItems() - 1, done.items());
        assertEquals(source.totalItems() - 1, destination.imported.size());
        assertTrue(destination.imported.keySet().stream().noneMatch(key -> key.equals("i:a/photo-5")));
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
        assertTrue(mostAtOnce.get() > 1);
    }

    @Test
    public void itemsThatFailBecauseTheirImporterLeftAreNotErrorsAndAreCopiedByTheNextVersion() throws Exception {
        destination.concurrency = 4;
        long importerId = harness.registry.importer("dst", Vertical.MEDIA).orElseThrow().serviceId();
        AtomicBoolean gone = new AtomicBoolean();
        // a/photo-5 sees its bundle stop: it and the items in flight with it fail, as a stopping bundle's calls do
        destination.importFault = item -> {
            if (item.id().equals("a/photo-5") && gone.compareAndSet(false, true)) {
                harness.registry.unregister(importerId);
            }
            return gone.get() ? new AdapterException("the bundle is stopping") : null;
        };
        TransferJob job = start();
        harness.engine.execute(job.id());
        TransferJob paused = harness.store.job(job.id()).orElseThrow();
        assertEquals(JobState.PAUSED, paused.state());
        assertEquals("not the items' fault", 0, paused.errors());

        destination.importFault = item -> null;
        harness.register("dst", destination.importer);
        harness.engine.execute(job.id());
        assertEveryItemOnce(job, JobState.COMPLETED);
        assertEquals(0, harness.store.job(job.id()).orElseThrow().errors());
    }

    @Test
    public void aNodeThatDiesMidConcurrentPageLeavesTheNextNodeOnlyTheItemsNotFinished() throws Exception {
        destination.concurrency = 4;
        AtomicBoolean firstNode = new AtomicBoolean(true);
        CountDownLatch release = new CountDownLatch(1);
        // On the first node, a/photo-7 ends late (so that a run holding photos 0-7 is written mid-page), and every
        // later photo of album a hangs: the node is frozen with four items in flight, as if killed.
        destination.importFault = item -> {
            int index = item.id().startsWith("a/") ? Integer.parseInt(item.id().substring("a/photo-".length())) : -1;
            if (firstNode.get() && index == 7) {
                sleep(PendingRun.RUN_NANOS / 1_000_000 + 100);
            } else if (firstNode.get() && index > 7) {
                await(release);
            }
            return null;
        };
        TransferJob job = start();
        TransferEngine a = new TransferEngine(harness.store, harness.registry, new JobControls(), QUICK,
                Duration.ofMillis(300), Duration.ofHours(1), "node-a");
        Thread nodeA = new Thread(() -> a.execute(job.id()), "node-a");
        nodeA.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (harness.store.job(job.id()).orElseThrow().items() < 8 && System.nanoTime() < deadline) {
            sleep(10);
        }
        assertEquals("a run with photos 0-7 was written mid-page", 8, harness.store.job(job.id()).orElseThrow().items());

        firstNode.set(false); // node a is frozen: node b waits out its lease and runs the job to its end
        new TransferEngine(harness.store, harness.registry, new JobControls(), QUICK, Duration.ofMillis(300), null, "node-b")
                .execute(job.id());
        release.countDown();
        nodeA.join(10_000);

        assertEveryItemOnce(job, JobState.COMPLETED);
        assertEquals("each item counted once", source.totalItems(), harness.store.job(job.id()).orElseThrow().items());
        for (int i = 0; i < 8; i++) {
            assertEquals("finished on node a, not repeated", 1, destination.importCalls.get("i:a/photo-" + i).get());
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
