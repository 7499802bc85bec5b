package org.dtp.core.store;

import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.JobState;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * The job store's contract, on every database it supports: H2, and PostgreSQL when DTP_TEST_PG_URL
 * is set (skipped otherwise). Each test gets a fresh database (a fresh schema on PostgreSQL).
 */
@RunWith(Parameterized.class)
public class JobStoreTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private TestDatabase database;
    private JobStore store;

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(kind);
        store = new JobStore(database.migratedPool(8));
    }

    @After
    public void tearDown() throws Exception {
        if (database != null) {
            database.close();
        }
    }

    private TransferJob create(String library) {
        return store.create(UUID.randomUUID(), Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", library, "note", "zwölf €, 日本語, 😀")),
                new TransferEndpoint("dst", Map.of()), "{\"pending\":[]}");
    }

    @Test
    public void createsAQueuedJobWithItsSettingsAndHistory() {
        TransferJob job = create("mine");
        assertEquals(JobState.QUEUED, job.state());
        assertEquals("created", job.stateReason());
        assertEquals(Vertical.MEDIA, job.vertical());
        assertEquals(Map.of("library", "mine", "note", "zwölf €, 日本語, 😀"), job.source().settings());
        assertEquals(new TransferEndpoint("dst", Map.of()), job.destination());
        assertEquals(0, job.items() + job.bytes() + job.errors());
        assertEquals(job, store.job(job.id()).orElseThrow());
        assertEquals("{\"pending\":[]}", store.checkpoint(job.id()).orElseThrow());
        List<StateChange> history = store.history(job.id());
        assertEquals(1, history.size());
        assertEquals(null, history.get(0).from());
        assertEquals(JobState.QUEUED, history.get(0).to());
        assertTrue(store.job(UUID.randomUUID()).isEmpty());
        assertTrue(store.checkpoint(UUID.randomUUID()).isEmpty());
    }

    @Test
    public void aFieldNotKeptIsRecordedOncePerItemKeyEvenWhenReportedAgain() {
        TransferJob job = create("x");
        store.addContainer(job.id(), "album", "Album");
        List<JobStore.NotKept> fields = List.of(new JobStore.NotKept("p1", "caption", "no captions"),
                new JobStore.NotKept("p1", "keywords", "no keywords"));
        store.recordNotKept(job.id(), "album", "i:p1", fields);
        store.recordNotKept(job.id(), "album", "i:p1", fields); // a repeated import after a crash
        store.recordNotKept(job.id(), "album", "i:p2", List.of(new JobStore.NotKept("p2", "caption", "x".repeat(3000))));

        FidelityReport report = store.fidelity(job.id());
        assertEquals(3, report.total());
        assertEquals(List.of("p1/caption", "p1/keywords", "p2/caption"),
                report.entries().stream().map(f -> f.sourceId() + "/" + f.field()).sorted().toList());
        assertTrue(report.entries().stream().allMatch(f -> f.containerId().equals("album") && f.reason().length() <= 2000));
        assertTrue(store.fidelity(create("y").id()).complete());
    }

    @Test
    public void transitionsOnlyFromTheGivenStatesAndRecordsEachOne() {
        TransferJob job = create("x");
        assertFalse(store.transition(job.id(), Set.of(JobState.RUNNING), JobState.PAUSED, "not running"));
        assertTrue(store.transition(job.id(), Set.of(JobState.QUEUED), JobState.RUNNING, "started"));
        assertTrue(store.transition(job.id(), Set.of(JobState.RUNNING), JobState.RUNNING, "resumed from checkpoint"));
        String longReason = "x".repeat(5000);
        assertTrue(store.transition(job.id(), Set.of(JobState.RUNNING), JobState.FAILED, longReason));
        assertFalse(store.transition(UUID.randomUUID(), Set.of(JobState.QUEUED), JobState.RUNNING, "unknown"));

        TransferJob failed = store.job(job.id()).orElseThrow();
        assertEquals(JobState.FAILED, failed.state());
        assertEquals(2000, failed.stateReason().length());
        assertEquals(List.of(JobState.QUEUED, JobState.RUNNING, JobState.RUNNING, JobState.FAILED),
                store.history(job.id()).stream().map(StateChange::to).toList());
        assertEquals(java.util.Arrays.asList(null, JobState.QUEUED, JobState.RUNNING, JobState.RUNNING),
                store.history(job.id()).stream().map(StateChange::from).toList());
    }

    @Test
    public void concurrentTransitionsFromOneStateLetExactlyOneWin() throws Exception {
        TransferJob job = create("x");
        int threads = 8;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    return store.transition(job.id(), Set.of(JobState.QUEUED), JobState.RUNNING, "started");
                }));
            }
            int won = 0;
            for (Future<Boolean> r : results) {
                won += r.get(30, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals("SELECT ... FOR UPDATE serializes the transition", 1, won);
            assertEquals(2, store.history(job.id()).size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    public void ledgerCountsItemsAndBytesPerContainer() {
        TransferJob job = create("x");
        UUID id = job.id();
        store.addContainer(id, "", "(root)");
        store.addContainer(id, "album-1", "Holidays");
        store.addContainer(id, "album-1", "Holidays again"); // once only
        store.recordContainerImported(id, "c:album-1", "dest-album-1");
        store.recordItemImported(id, "album-1", "i:p1", 1000);
        store.recordItemImported(id, "album-1", "i:p2", 234);
        store.recordItemImported(id, "", "i:loose", 5);

        assertEquals("dest-album-1", store.ledgerEntry(id, "c:album-1").orElseThrow());
        assertEquals(Set.of("i:p1", "i:p2"), store.ledgerKeys(id, List.of("i:p1", "i:p2", "i:p3")));
        assertTrue("the ledger is per job", store.ledgerKeys(create("y").id(), List.of("i:p1")).isEmpty());

        assertEquals(List.of(new ContainerProgress("", "(root)", 1, 5, 0),
                new ContainerProgress("album-1", "Holidays", 2, 1234, 0)), store.containers(id));
        TransferJob counted = store.job(id).orElseThrow();
        assertEquals(3, counted.items());
        assertEquals(1239, counted.bytes());
    }

    @Test
    public void itemErrorsAreCountedOnceAndListedNewestFirst() throws Exception {
        TransferJob job = create("x");
        UUID id = job.id();
        store.addContainer(id, "a", "A");
        store.recordItemError(id, "a", "p1", "first");
        Thread.sleep(3);
        store.recordItemError(id, "a", "p2", null);
        store.recordItemError(id, "a", "p1", "again"); // counted once
        List<ItemError> errors = store.errors(id);
        assertEquals(List.of("p2", "p1"), errors.stream().map(ItemError::itemId).toList());
        assertEquals("unknown error", errors.get(0).message());
        assertEquals("first", errors.get(1).message());
        assertEquals(2, store.job(id).orElseThrow().errors());
        assertEquals(2, store.containers(id).get(0).errors());
    }

    @Test
    public void listsAtMostTheNewestHundredErrors() {
        UUID id = create("x").id();
        store.addContainer(id, "a", "A");
        for (int i = 0; i < JobStore.MAX_LISTED_ERRORS + 5; i++) {
            store.recordItemError(id, "a", "p" + i, "bad " + i);
        }
        assertEquals(JobStore.MAX_LISTED_ERRORS, store.errors(id).size());
        assertEquals(JobStore.MAX_LISTED_ERRORS + 5, store.job(id).orElseThrow().errors());
    }

    @Test
    public void everyItemErrorCanBeHadPageByPageWithItsTotal() {
        UUID id = create("x").id();
        store.addContainer(id, "a", "A");
        int errors = JobStore.MAX_LISTED_ERRORS + 30;
        for (int i = 0; i < errors; i++) {
            store.recordItemError(id, "a", String.format("p%03d", i), "bad " + i);
        }
        List<String> seen = new ArrayList<>();
        for (int offset = 0; offset < errors; offset += 40) {
            org.dtp.transfer.ReportPage<ItemError> page = store.errors(id, offset, 40);
            assertEquals(errors, page.total());
            assertEquals(offset, page.offset());
            assertEquals(40, page.limit());
            page.entries().forEach(e -> seen.add(e.itemId()));
        }
        assertEquals("each error once, none left out by a cap", errors, new java.util.HashSet<>(seen).size());
        assertEquals(errors, seen.size());
        assertEquals(store.errors(id).stream().map(ItemError::itemId).toList(), seen.subList(0, JobStore.MAX_LISTED_ERRORS));
        assertEquals(List.of(), store.errors(id, errors, 10).entries());
        assertEquals(errors, store.errors(id, errors, 10).total());
    }

    @Test
    public void everyFidelityEntryCanBeHadPageByPageOfOneSideOrBoth() {
        TransferJob job = create("x");
        UUID id = job.id();
        long epoch = store.claimRun(id, "node-a", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        store.addContainer(id, epoch, "cal", "Calendar");
        int items = FidelityReport.MAX_LISTED + 20;
        Map<String, List<JobStore.NotKept>> read = new java.util.LinkedHashMap<>();
        for (int i = 0; i < items; i++) {
            read.put("i:e" + i, List.of(new JobStore.NotKept("e" + i, "attendees[" + (i % 3) + "].role", "OPT-PARTICIPANT")));
        }
        store.recordNotRead(id, epoch, "cal", read);
        store.recordNotKept(id, epoch, "cal", "i:e1", List.of(new JobStore.NotKept("e1", "alarms[0].sound", "no sounds"),
                new JobStore.NotKept("e1", "color", "no colours")));
        store.recordNotKept(id, epoch, "cal", "i:e2", List.of(new JobStore.NotKept("e2", "alarms[1].sound", "no sounds")));

        assertEquals(items + 3, store.fidelity(id, null, 0, 1).total());
        org.dtp.transfer.ReportPage<FieldNotKept> destination = store.fidelity(id, FieldNotKept.Side.DESTINATION, 0, 2);
        assertEquals(3, destination.total());
        assertEquals(2, destination.entries().size());
        assertTrue(destination.entries().stream().allMatch(f -> f.side() == FieldNotKept.Side.DESTINATION));
        assertEquals(1, store.fidelity(id, FieldNotKept.Side.DESTINATION, 2, 2).entries().size());
        List<FieldNotKept> source = new ArrayList<>();
        for (int offset = 0; offset < items; offset += 300) {
            source.addAll(store.fidelity(id, FieldNotKept.Side.SOURCE, offset, 300).entries());
        }
        assertEquals(items, source.stream().map(FieldNotKept::sourceId).distinct().count());
        assertTrue(source.stream().allMatch(f -> f.side() == FieldNotKept.Side.SOURCE));
    }

    @Test
    public void theReportNamesTheFieldsNotKeptMostOftenWithoutTheirIndexes() {
        TransferJob job = create("x");
        UUID id = job.id();
        long epoch = store.claimRun(id, "node-a", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        store.addContainer(id, epoch, "cal", "Calendar");
        Map<String, List<JobStore.NotKept>> read = new java.util.LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            read.put("i:e" + i, List.of(new JobStore.NotKept("e" + i, "attendees[" + i + "].delegatedTo[" + (10 + i) + "]", "x"),
                    new JobStore.NotKept("e" + i, "extended[X-A" + i + "]", "x")));
        }
        read.put("i:e9", List.of(new JobStore.NotKept("e9", "color", "x")));
        store.recordNotRead(id, epoch, "cal", read);
        store.recordNotKept(id, epoch, "cal", "i:e1", List.of(new JobStore.NotKept("e1", "color", "x"),
                new JobStore.NotKept("e1", "attendees[4].delegatedTo[0]", "x")));
        for (int i = 0; i < FidelityReport.MOST_OFTEN + 3; i++) {
            store.recordNotKept(id, epoch, "cal", "i:f" + i, List.of(new JobStore.NotKept("f" + i, "field" + (char) ('a' + i), "x")));
        }

        List<org.dtp.transfer.FieldCount> top = store.fidelity(id).mostOften();
        assertEquals(FidelityReport.MOST_OFTEN, top.size());
        assertEquals(new org.dtp.transfer.FieldCount("attendees[].delegatedTo[]", FieldNotKept.Side.SOURCE, 5), top.get(0));
        assertEquals(List.of(new org.dtp.transfer.FieldCount("attendees[].delegatedTo[]", FieldNotKept.Side.DESTINATION, 1),
                        new org.dtp.transfer.FieldCount("color", FieldNotKept.Side.DESTINATION, 1),
                        new org.dtp.transfer.FieldCount("color", FieldNotKept.Side.SOURCE, 1)),
                top.subList(1, 4));
        assertEquals("a name in brackets is no index", new org.dtp.transfer.FieldCount("extended[X-A0]", FieldNotKept.Side.SOURCE, 1),
                top.get(4));
        assertEquals(List.of(), store.fidelity(create("y").id()).mostOften());
    }

    @Test
    public void listsJobsNewestFirstPageByPage() throws Exception {
        List<UUID> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(create("l" + i).id());
            Thread.sleep(2);
        }
        java.util.Collections.reverse(created);
        assertEquals(created.subList(0, 3), ids(store.jobs(0, 3)));
        assertEquals(created.subList(3, 6), ids(store.jobs(3, 3)));
        assertEquals(created.subList(6, 7), ids(store.jobs(6, 3)));
        assertEquals(List.of(), ids(store.jobs(7, 3)));
        assertEquals(created, ids(store.jobs(0, 100)));
    }

    @Test
    public void findsJobsByStateOldestFirst() throws Exception {
        UUID queued = create("q").id();
        Thread.sleep(2);
        UUID running = create("r").id();
        Thread.sleep(2);
        UUID done = create("d").id();
        store.transition(running, Set.of(JobState.QUEUED), JobState.RUNNING, "started");
        store.transition(done, Set.of(JobState.QUEUED), JobState.COMPLETED, "done");
        assertEquals(List.of(queued, running), store.jobIdsIn(EnumSet.of(JobState.RUNNING, JobState.QUEUED)));
        assertEquals(List.of(done), store.jobIdsIn(Set.of(JobState.COMPLETED)));
        assertEquals(List.of(), store.jobIdsIn(Set.of()));
    }

    @Test
    public void keepsLargeCheckpointsAndAdapterVersions() {
        UUID id = create("x").id();
        String big = "{\"token\":\"" + "é".repeat(999_000) + "\"}";
        store.saveCheckpoint(id, big);
        assertEquals(big, store.checkpoint(id).orElseThrow());
        store.recordAdapterVersions(id, "org.dtp.dtp-adapter-localfs 1.0.0", "v".repeat(400));
        TransferJob job = store.job(id).orElseThrow();
        assertEquals("org.dtp.dtp-adapter-localfs 1.0.0", job.exporterVersion());
        assertEquals(300, job.importerVersion().length());
    }

    @Test
    public void keysOfAnyLengthAreExactInTheLedger() {
        UUID id = create("x").id();
        // 3,000 CJK characters are 9,000 UTF-8 bytes: over H2's column and PostgreSQL's B-tree limits.
        String container = "相册".repeat(1500);
        String longKey = "i:" + "写真".repeat(1500);
        String otherLongKey = longKey + "2";
        String destination = "d".repeat(50_000);
        store.addContainer(id, container, "album with a long id");
        store.recordItemImported(id, container, longKey, 10);
        assertEquals(Set.of(longKey), store.ledgerKeys(id, List.of(longKey)));
        assertTrue("a longer key sharing the prefix is another key", store.ledgerKeys(id, List.of(otherLongKey)).isEmpty());
        store.recordContainerImported(id, "c:" + container, destination);
        assertEquals(destination, store.ledgerEntry(id, "c:" + container).orElseThrow());
        store.recordItemImported(id, container, otherLongKey, 1);
        store.recordItemError(id, container, "写真".repeat(1500), "bad");
        assertEquals(2, store.containers(id).get(0).items());
        assertEquals(1, store.containers(id).get(0).errors());
        assertEquals(1, store.job(id).orElseThrow().errors());
        assertEquals("look-up by the keys as given, long ones too", Set.of(longKey, otherLongKey),
                store.ledgerKeys(id, List.of(longKey, otherLongKey, longKey + "3", "i:short")));
    }

    @Test
    public void aRunIsRecordedInOneTransactionWithTheCheckpointOfItsLastFinishedPage() {
        UUID id = create("x").id();
        store.addContainer(id, "a", "A");
        store.addContainer(id, "b", "B");
        JobStore.RunProgress first = new JobStore.RunProgress();
        first.imported("a", "i:first", 1, List.of());
        store.record(id, first);
        assertEquals("a run before the page's end is in the page's ledger", Set.of("i:first"),
                store.ledgerKeys(id, List.of("i:first", "i:p0")));

        // The run finishes a's page, then copies part of b's next page.
        JobStore.RunProgress run = new JobStore.RunProgress();
        for (int i = 0; i < 1200; i++) {
            run.imported("a", "i:p" + i, 10, i == 7 ? List.of(new JobStore.NotKept("p7", "caption", "none")) : List.of());
        }
        run.failed("a", "p-bad", "unreadable");
        run.pageDone("{\"pending\":[]}");
        run.imported("b", "i:b0", 5, List.of());
        run.imported("b", "i:b1", 5, List.of());
        assertEquals(1203, run.items());
        store.record(id, run);

        assertEquals(1201, store.containers(id).get(0).items());
        assertEquals(12_001, store.containers(id).get(0).bytes());
        assertEquals(1, store.containers(id).get(0).errors());
        assertEquals(2, store.containers(id).get(1).items());
        assertEquals(10, store.containers(id).get(1).bytes());
        assertEquals(1, store.fidelity(id).total());
        assertEquals("{\"pending\":[]}", store.checkpoint(id).orElseThrow());
        List<String> asked = new java.util.ArrayList<>(List.of("i:first", "i:b0", "i:b1"));
        java.util.stream.IntStream.range(0, 1300).forEach(i -> asked.add("i:p" + i));
        assertEquals("the finished page's items are behind the checkpoint; only the next page's are in the ledger",
                Set.of("i:b0", "i:b1"), store.ledgerKeys(id, asked));

        long epoch = store.claimRun(id, "node-a", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        JobStore.RunProgress stale = new JobStore.RunProgress();
        stale.imported("a", "i:q0", 1, List.of());
        stale.pageDone("{\"pending\":[1]}");
        stale.imported("b", "i:q1", 1, List.of());
        assertThrows(LeaseLostException.class, () -> store.record(id, epoch - 1, java.time.Duration.ofMinutes(1), stale));
        assertEquals("a failed run writes nothing", "{\"pending\":[]}", store.checkpoint(id).orElseThrow());
        assertEquals(1201, store.containers(id).get(0).items());
        assertEquals(Set.of("i:b0", "i:b1"), store.ledgerKeys(id, List.of("i:q0", "i:q1", "i:b0", "i:b1")));
        assertEquals(2, store.containers(id).get(1).items());
    }

    @Test
    public void containerWritesOfARunWhoseLeaseWasTakenAreRefused() {
        UUID id = create("mine").id();
        java.time.Duration expired = java.time.Duration.ZERO;
        long stale = store.claimRun(id, "node-a", expired).orElseThrow().epoch();
        store.claimRun(id, "node-b", java.time.Duration.ofMinutes(1)).orElseThrow();
        List<JobStore.NotKept> fields = List.of(new JobStore.NotKept("a1", "cover", "no covers"));

        assertThrows(LeaseLostException.class, () -> store.addContainer(id, stale, "album", "Album"));
        assertThrows(LeaseLostException.class, () -> store.recordNotKept(id, stale, "album", "c:album", fields));
        assertThrows(LeaseLostException.class, () -> store.recordContainerImported(id, stale, "c:album", "dest-a"));
        assertEquals(List.of(), store.containers(id));
        assertEquals(0, store.fidelity(id).total());
        assertEquals(Optional.empty(), store.ledgerEntry(id, "c:album"));
    }

    @Test
    public void aNodeThatFrozeAndCameBackDoesNotTouchTheLedgerOfTheNodeThatTookOver() {
        UUID id = create("mine").id();
        long frozen = store.claimRun(id, "node-a", java.time.Duration.ZERO).orElseThrow().epoch();
        long current = store.claimRun(id, "node-b", java.time.Duration.ofMinutes(1)).orElseThrow().epoch();
        store.addContainer(id, current, "album", "Album");
        store.recordContainerImported(id, current, "c:album", "dest-of-b");

        // node-a created the same container at the destination before it froze, and records it now
        assertThrows(LeaseLostException.class, () -> store.recordContainerImported(id, frozen, "c:album", "dest-of-a"));
        assertEquals("dest-of-b", store.ledgerEntry(id, "c:album").orElseThrow());
        store.recordContainerImported(id, current, "c:other", "dest-other");
        assertEquals("dest-other", store.ledgerEntry(id, "c:other").orElseThrow());
    }

    @Test
    public void storedKeysFitTheColumnsAndStayUnique() {
        assertEquals("short", StoredValues.storedKey("short"));
        String fits = "a".repeat(StoredValues.MAX_KEY_BYTES);
        assertEquals(fits, StoredValues.storedKey(fits));
        for (String key : List.of("a".repeat(1001), "é".repeat(501), "😀".repeat(300), "写".repeat(334) + "x".repeat(5000))) {
            String stored = StoredValues.storedKey(key);
            assertTrue(stored.getBytes(StandardCharsets.UTF_8).length <= StoredValues.MAX_KEY_BYTES);
            assertTrue(stored, stored.contains("#sha256:"));
            assertEquals("deterministic", stored, StoredValues.storedKey(key));
            assertNotEquals(stored, StoredValues.storedKey(key + "!"));
            assertEquals("no half surrogate pair", stored,
                    new String(stored.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
        }
    }

    @Test
    public void concurrentJobsKeepTheirOwnCounts() throws Exception {
        int jobs = 4;
        int items = 50;
        List<UUID> ids = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            UUID id = create("c" + j).id();
            store.addContainer(id, "", "(root)");
            ids.add(id);
        }
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (UUID id : ids) {
                Callable<Void> copy = () -> {
                    for (int i = 0; i < items; i++) {
                        store.recordItemImported(id, "", "i:" + i, i);
                    }
                    return null;
                };
                done.add(pool.submit(copy));
            }
            for (Future<Void> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        for (UUID id : ids) {
            TransferJob job = store.job(id).orElseThrow();
            assertEquals(items, job.items());
            assertEquals(items * (items - 1) / 2, job.bytes());
        }
    }

    private static List<UUID> ids(List<TransferJob> jobs) {
        return jobs.stream().map(TransferJob::id).toList();
    }
}
