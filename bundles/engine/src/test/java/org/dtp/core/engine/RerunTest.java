package org.dtp.core.engine;

import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Transfers that remember: a transfer between the same accounts as an earlier one copies only what is new or
 * changed, across jobs, on H2 and (when configured) PostgreSQL.
 */
@RunWith(Parameterized.class)
public class RerunTest {
    private static final RetryPolicy QUICK = new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1);

    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness(kind, QUICK);
        source = new MemoryMediaProvider(3).withAlbum("a", 7).withAlbum("b", 2);
        destination = new MemoryMediaProvider(3);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
    }

    @After
    public void tearDown() throws Exception {
        if (harness != null) { // null when setUp was skipped (no PostgreSQL here)
            harness.close();
        }
    }

    private TransferJob run(String owner) throws Exception {
        TransferJob job = harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine", "password", "changes-every-time-" + Math.random())),
                new TransferEndpoint("dst", Map.of("folder", "/photos")), owner));
        harness.engine.execute(job.id());
        TransferJob done = harness.store.job(job.id()).orElseThrow();
        assertEquals(JobState.COMPLETED, done.state());
        return done;
    }

    private int importCalls() {
        return destination.importCalls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    private Map<ItemRecord.Outcome, Long> outcomes(TransferJob job) {
        return harness.store.itemRecords(job.id(), 0, 1000).entries().stream()
                .collect(Collectors.groupingBy(ItemRecord::outcome, Collectors.counting()));
    }

    private void change(String album, int index) {
        String id = album + "/photo-" + index;
        source.albums.get(album).set(index, MemoryMediaProvider.item(id, "changed " + id));
    }

    @Test
    public void aSecondRunCopiesNothingAndAThirdOnlyWhatWasAddedOrChanged() throws Exception {
        destination.takesUpdates = true;
        run("alice");
        assertEquals(9, importCalls());
        assertEquals(2, destination.containerCalls.get());

        TransferJob second = run("alice");
        assertEquals("no item copied again", 9, importCalls());
        assertEquals("the albums are reused, not made again", 2, destination.containerCalls.get());
        assertEquals(Map.of(ItemRecord.Outcome.UNCHANGED, 9L), outcomes(second));
        long unchanged = harness.store.containers(second.id()).stream().mapToLong(ContainerProgress::unchanged).sum();
        assertEquals(9, unchanged);
        assertEquals(0, second.items());

        source.albums.get("a").add(MemoryMediaProvider.item("a/photo-7"));
        source.albums.get("b").add(MemoryMediaProvider.item("b/photo-2"));
        change("a", 3);
        TransferJob third = run("alice");
        assertEquals("the two new photos only", 11, importCalls());
        assertEquals(List.of("dest-a/photo-3"), destination.updateCalls.get("i:a/photo-3"));
        assertEquals(Map.of(ItemRecord.Outcome.UNCHANGED, 8L, ItemRecord.Outcome.COPIED, 2L, ItemRecord.Outcome.UPDATED, 1L),
                outcomes(third));
        assertEquals(1, harness.store.containers(third.id()).stream().mapToLong(ContainerProgress::updated).sum());

        run("bob");
        assertEquals("another owner's transfer remembers nothing of alice's", 22, importCalls());
    }

    @Test
    public void aChangedItemIsCopiedAnewWithAReasonWhereTheDestinationTakesNoUpdates() throws Exception {
        run("alice");
        change("a", 1);
        TransferJob second = run("alice");
        assertEquals(10, importCalls());
        assertEquals(2, destination.importCalls.get("i:a/photo-1").get());
        assertEquals(Map.of(ItemRecord.Outcome.UNCHANGED, 8L, ItemRecord.Outcome.COPIED, 1L), outcomes(second));
        List<FieldNotKept> why = harness.store.fidelity(second.id(), FieldNotKept.Side.DESTINATION, 0, 10).entries();
        assertEquals(1, why.size());
        assertEquals("a/photo-1", why.get(0).sourceId());
        assertTrue(why.get(0).reason(), why.get(0).reason().contains("copied anew")
                && why.get(0).reason().contains("takes no updates"));
    }

    @Test
    public void theSkipPolicyLeavesAChangedItemAndSaysSo() throws Exception {
        run("alice");
        harness.engine.setChangedItems(ChangedItems.SKIP);
        change("b", 0);
        TransferJob second = run("alice");
        assertEquals(9, importCalls());
        assertEquals(Map.of(ItemRecord.Outcome.UNCHANGED, 8L, ItemRecord.Outcome.SKIPPED, 1L), outcomes(second));
        FieldNotKept why = harness.store.fidelity(second.id(), FieldNotKept.Side.DESTINATION, 0, 10).entries().get(0);
        assertEquals("b/photo-0", why.sourceId());
        assertTrue(why.reason(), why.reason().contains("changed items: skip"));

        harness.engine.setChangedItems(ChangedItems.UPDATE);
        destination.takesUpdates = true;
        run("alice");
        assertEquals("a skipped item stays changed: the next run updates it", 1, destination.updateCalls.size());
    }

    @Test
    public void aDeletedMappingMakesTheNextRunCopyEverythingAgain() throws Exception {
        run("alice");
        harness.store.mappingScopes("alice").forEach(scope -> assertTrue(harness.store.deleteMappingScope(scope.id())));
        run("alice");
        assertEquals(18, importCalls());
        assertEquals(4, destination.containerCalls.get());
    }

    /**
     * The crash pattern of {@link ItemsInFlightTest}: node a freezes mid-page of the second run (as if killed), node b
     * waits out its lease and ends the run. Every new or changed item is written once; nothing is lost.
     */
    @Test
    public void aNodeThatDiesMidSecondRunLeavesNothingLostOrDuplicated() throws Exception {
        destination.takesUpdates = true;
        source.albums.get("a").clear();
        for (int i = 0; i < 12; i++) {
            source.albums.get("a").add(MemoryMediaProvider.item("a/photo-" + i));
        }
        run("alice");
        Map<String, Integer> before = new HashMap<>();
        destination.importCalls.forEach((key, calls) -> before.put(key, calls.get()));
        for (int i = 12; i < 24; i++) {
            source.albums.get("a").add(MemoryMediaProvider.item("a/photo-" + i));
        }
        change("a", 2);
        AtomicBoolean firstNode = new AtomicBoolean(true);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger newOnNodeA = new AtomicInteger();
        destination.importFault = item -> {
            if (firstNode.get() && newOnNodeA.incrementAndGet() > 4) {
                try {
                    release.await(20, TimeUnit.SECONDS); // frozen with a run written, as if killed
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return null;
        };
        TransferJob job = harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of("folder", "/photos")),
                "alice"));
        TransferEngine a = new TransferEngine(harness.store, harness.registry, new JobControls(), QUICK,
                Duration.ofMillis(300), Duration.ofHours(1), "node-a");
        Thread nodeA = new Thread(() -> a.execute(job.id()), "node-a");
        nodeA.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (harness.store.job(job.id()).orElseThrow().items() < 4 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        firstNode.set(false);
        new TransferEngine(harness.store, harness.registry, new JobControls(), QUICK, Duration.ofMillis(300), null, "node-b")
                .execute(job.id());
        release.countDown();
        nodeA.join(10_000);

        assertEquals(JobState.COMPLETED, harness.store.job(job.id()).orElseThrow().state());
        for (int i = 0; i < 24; i++) {
            String key = "i:a/photo-" + i;
            int calls = destination.importCalls.get(key).get() - before.getOrDefault(key, 0);
            if (i < 12) {
                assertEquals(key + " was copied by the first run", 0, calls);
            } else {
                assertTrue(key + " copied once (node a's frozen import repeats idempotently at most)", calls >= 1 && calls <= 2);
            }
        }
        List<String> updates = destination.updateCalls.get("i:a/photo-2");
        assertTrue("updated in place (node a's unrecorded update repeats at most): " + updates,
                !updates.isEmpty() && updates.size() <= 2 && updates.stream().allMatch("dest-a/photo-2"::equals));
        Map<ItemRecord.Outcome, Long> outcomes = outcomes(harness.store.job(job.id()).orElseThrow());
        assertEquals(Map.of(ItemRecord.Outcome.UNCHANGED, 13L, ItemRecord.Outcome.COPIED, 12L, ItemRecord.Outcome.UPDATED, 1L),
                outcomes);
        assertEquals("each item counted once", 13, harness.store.job(job.id()).orElseThrow().items());

        TransferJob after = run("alice");
        assertEquals("and a run after it copies nothing", Map.of(ItemRecord.Outcome.UNCHANGED, 26L), outcomes(after));
    }
}
