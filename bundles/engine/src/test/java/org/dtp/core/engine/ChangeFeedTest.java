package org.dtp.core.engine;

import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Change feeds: a run that remembers gives its exporter the token the last complete run recorded, so that it lists
 * only what changed since; a run with an item error, a selective run, a deleted mapping or a crash does not move the
 * feed past what was copied. On H2 and (when configured) PostgreSQL.
 */
@RunWith(Parameterized.class)
public class ChangeFeedTest {
    private static final RetryPolicy QUICK = new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1);

    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private EngineHarness harness;
    private ChangeFeedSource source;
    private MemoryMediaProvider destination;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness(kind, QUICK);
        source = new ChangeFeedSource(3);
        destination = new MemoryMediaProvider(3);
        destination.takesUpdates = true;
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
        for (int i = 0; i < 10; i++) {
            source.put(id(i), "first");
        }
    }

    @After
    public void tearDown() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private static String id(int i) {
        return String.format("photo-%02d", i);
    }

    private TransferRequest request(Selection selection) {
        return new TransferRequest(Vertical.MEDIA, new TransferEndpoint("src", Map.of("library", "mine")),
                new TransferEndpoint("dst", Map.of("folder", "/photos")), "alice", selection);
    }

    private TransferJob run(Selection selection) throws Exception {
        TransferJob job = harness.manager.start(request(selection));
        harness.engine.execute(job.id());
        return harness.store.job(job.id()).orElseThrow();
    }

    private TransferJob run() throws Exception {
        TransferJob done = run(Selection.ALL);
        assertEquals(JobState.COMPLETED, done.state());
        return done;
    }

    private Optional<String> lastTokenSeen() {
        return source.tokensSeen.get(source.tokensSeen.size() - 1);
    }

    private int lastListed() {
        return source.listed.get(source.listed.size() - 1);
    }

    private Map<ItemRecord.Outcome, Long> outcomes(TransferJob job) {
        return harness.store.itemRecords(job.id(), 0, 1000).entries().stream()
                .collect(Collectors.groupingBy(ItemRecord::outcome, Collectors.counting()));
    }

    @Test
    public void aRunListsOnlyWhatChangedSinceTheLastCompleteRun() throws Exception {
        run();
        assertEquals(Optional.empty(), lastTokenSeen());
        assertEquals(10, destination.imported.size());

        for (int i : new int[]{2, 5, 7}) {
            source.put(id(i), "changed");
        }
        TransferJob second = run();
        assertEquals("the token the first run recorded, before its listing", Optional.of("10"), lastTokenSeen());
        assertEquals(3, lastListed());
        assertEquals(Map.of(ItemRecord.Outcome.UPDATED, 3L), outcomes(second));

        run();
        assertEquals(Optional.of("13"), lastTokenSeen());
        assertEquals("nothing changed since", 0, lastListed());
    }

    @Test
    public void aRunWithAnItemErrorLeavesTheFeedWhereItWas() throws Exception {
        run();
        for (int i = 10; i < 13; i++) {
            source.put(id(i), "new");
        }
        destination.importFault = item -> item.id().equals(id(11)) ? new AdapterException("refused") : null;
        TransferJob second = run(Selection.ALL);
        assertEquals(JobState.COMPLETED_WITH_ERRORS, second.state());
        assertEquals(Optional.of("10"), lastTokenSeen());

        destination.importFault = item -> null;
        TransferJob third = run();
        assertEquals("the feed did not move on: the same changes are listed again", Optional.of("10"), lastTokenSeen());
        assertEquals(3, lastListed());
        assertEquals(Map.of(ItemRecord.Outcome.UNCHANGED, 2L, ItemRecord.Outcome.COPIED, 1L), outcomes(third));

        run();
        assertEquals(Optional.of("13"), lastTokenSeen());
    }

    @Test
    public void aSelectiveRunGetsNoTokenAndRecordsNone() throws Exception {
        run();
        source.put(id(1), "changed");
        TransferJob selective = run(new Selection(null, null, List.of(), List.of("elsewhere")));
        assertEquals(JobState.COMPLETED, selective.state());
        assertEquals("a selective run lists everything", Optional.empty(), lastTokenSeen());
        assertEquals(10, lastListed());

        source.put(id(2), "changed");
        run();
        assertEquals("the last complete run's token, not the selective run's", Optional.of("10"), lastTokenSeen());
        assertEquals(2, lastListed());
    }

    @Test
    public void aDeletedMappingTakesItsTokensWithIt() throws Exception {
        run();
        run();
        assertEquals(Optional.of("10"), lastTokenSeen());
        List<MappingScope> scopes = harness.store.mappingScopes("alice");
        assertEquals(1, scopes.size());
        assertTrue(harness.store.deleteMappingScope(scopes.get(0).id()));
        assertEquals(Optional.empty(), harness.store.changeToken(scopes.get(0).id(), ChangeFeedSource.FEED));

        run();
        assertEquals(Optional.empty(), lastTokenSeen());
        assertEquals(10, lastListed());
        run();
        assertEquals("the new mapping's own", Optional.of("10"), lastTokenSeen());
    }

    @Test
    public void theMappingRetentionTakesTheTokensWithIt() throws Exception {
        run();
        String scope = harness.store.mappingScopes("alice").get(0).id();
        assertEquals(Optional.of("10"), harness.store.changeToken(scope, ChangeFeedSource.FEED));
        assertEquals(1, harness.store.deleteMappingScopesUnusedSince(java.time.Instant.now().plusSeconds(1)));
        run();
        assertEquals(Optional.empty(), lastTokenSeen());
    }

    /**
     * The crash pattern of {@link RerunTest}: node a freezes mid-listing (as if killed, its first page's token
     * recorded), node b waits out its lease, resumes from the checkpoint and records a later token, which is not kept:
     * the next run lists from node a's, so nothing changed meanwhile is skipped.
     */
    @Test
    public void aRunResumedOnAnotherNodeKeepsItsFirstToken() throws Exception {
        run();
        for (int i = 10; i < 18; i++) {
            source.put(id(i), "new");
        }
        AtomicBoolean firstNode = new AtomicBoolean(true);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger importsOnNodeA = new AtomicInteger();
        destination.importFault = item -> {
            if (firstNode.get() && importsOnNodeA.incrementAndGet() > 4) {
                try {
                    release.await(20, TimeUnit.SECONDS); // frozen with a run written, as if killed
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return null;
        };
        TransferJob job = harness.manager.start(request(Selection.ALL));
        TransferEngine a = new TransferEngine(harness.store, harness.registry, new JobControls(), QUICK,
                Duration.ofMillis(300), Duration.ofHours(1), "node-a");
        Thread nodeA = new Thread(() -> a.execute(job.id()), "node-a");
        nodeA.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (importsOnNodeA.get() <= 4 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        firstNode.set(false);
        source.put(id(18), "new while node a was down"); // after node a's listing: node b's token is past it
        new TransferEngine(harness.store, harness.registry, new JobControls(), QUICK, Duration.ofMillis(300), null, "node-b")
                .execute(job.id());
        release.countDown();
        nodeA.join(10_000);
        assertEquals(JobState.COMPLETED, harness.store.job(job.id()).orElseThrow().state());
        assertEquals(Optional.of("10"), source.tokensSeen.get(1));

        TransferJob after = run();
        assertEquals("node a's token, the first the run recorded", Optional.of("18"), lastTokenSeen());
        assertEquals(1, lastListed());
        assertEquals(19, destination.imported.size());
        for (int i = 10; i < 18; i++) {
            int calls = destination.importCalls.get("i:" + id(i)).get();
            assertTrue(id(i) + " copied once (node a's frozen import repeats idempotently at most)", calls >= 1 && calls <= 2);
        }
        assertEquals(1, after.items() + outcomes(after).getOrDefault(ItemRecord.Outcome.UNCHANGED, 0L));
    }
}
