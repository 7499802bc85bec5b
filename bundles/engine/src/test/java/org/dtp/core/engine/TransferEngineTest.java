package org.dtp.core.engine;

import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.JobScratch;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Runs on every job store database: H2, and PostgreSQL when DTP_TEST_PG_URL is set (else skipped). */
@RunWith(Parameterized.class)
public class TransferEngineTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind database;

    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness(database);
        source = new MemoryMediaProvider(7).withAlbum("a", 20).withAlbum("b", 3).withAlbum("empty", 0);
        source.rootItems.add(MemoryMediaProvider.item("loose"));
        destination = new MemoryMediaProvider(7);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
    }

    @After
    public void tearDown() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private TransferJob start() throws Exception {
        return harness.manager.start(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of())));
    }

    private TransferDetails details(TransferJob job) {
        return harness.manager.details(job.id()).orElseThrow();
    }

    @Test
    public void copiesEveryItemOfEveryAlbumAndPageOnce() throws Exception {
        TransferJob job = start();
        assertEquals(java.util.List.of(job.id()), harness.dispatched);
        harness.engine.execute(job.id());

        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        assertEquals(source.totalItems(), done.job().items());
        assertEquals(source.totalItems(), destination.imported.size());
        destination.importCalls.values().forEach(calls -> assertEquals(1, calls.get()));
        destination.imported.forEach((key, bytes) ->
                assertArrayEquals(MemoryMediaProvider.bytesOf(key.substring(2)), bytes));
        long expectedBytes = destination.imported.values().stream().mapToLong(b -> b.length).sum();
        assertEquals(expectedBytes, done.job().bytes());
        assertEquals(3, destination.importedContainers.size());
    }

    @Test
    public void reportsProgressPerContainer() throws Exception {
        TransferJob job = start();
        harness.engine.execute(job.id());
        Map<String, Long> items = new java.util.HashMap<>();
        for (ContainerProgress p : details(job).containers()) {
            items.put(p.containerId(), p.items());
        }
        assertEquals(Map.of("", 1L, "a", 20L, "b", 3L, "empty", 0L), items);
    }

    @Test
    public void resumesFromCheckpointWithoutDuplicatesAfterStopMidPage() throws Exception {
        TransferJob job = start();
        AtomicInteger seen = new AtomicInteger();
        // Stop the "node" in the middle of the second page of album a, as a shutdown would.
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 10) {
                harness.controls.requestStop(job.id());
            }
        };
        harness.engine.execute(job.id());
        TransferDetails stopped = details(job);
        assertEquals(JobState.RUNNING, stopped.job().state());
        assertEquals(10, stopped.job().items());

        destination.afterImport = () -> { };
        harness.restartNode(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1));
        assertEquals(java.util.List.of(job.id()), harness.engine.runnableJobs());
        harness.engine.execute(job.id());

        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        assertEquals(source.totalItems(), done.job().items());
        assertEquals(source.totalItems(), destination.imported.size());
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
        String thisNode = java.net.InetAddress.getLocalHost().getHostName() + " pid " + ProcessHandle.current().pid();
        assertTrue(done.history().stream().anyMatch(c -> c.reason().equals("resumed from checkpoint on " + thisNode)));
    }

    @Test
    public void aFullDestinationPausesTheJobWithoutItemErrorsAndItResumesWithEveryItemOnce() throws Exception {
        TransferJob job = start();
        AtomicInteger imports = new AtomicInteger();
        // The 12th item finds the disk full, and so does every try until space is freed.
        java.util.concurrent.atomic.AtomicBoolean full = new java.util.concurrent.atomic.AtomicBoolean();
        destination.importFault = item -> {
            if (imports.incrementAndGet() == 12) {
                full.set(true);
            }
            return full.get() ? new org.dtp.spi.DestinationFullException("no space left on /backup", null) : null;
        };
        harness.engine.execute(job.id());

        TransferDetails paused = details(job);
        assertEquals(JobState.PAUSED, paused.job().state());
        assertTrue(paused.job().stateReason(), paused.job().stateReason().startsWith(TransferEngine.DESTINATION_FULL
                + "no space left on /backup" + "; trying again at "));
        assertEquals("not an item's error", 0, paused.job().errors());
        assertEquals(11, paused.job().items());

        // The resumer leaves it until its time; then queues it, and it runs once space was freed.
        PausedTransfers resumer = new PausedTransfers(harness.store, harness.dispatcher, Duration.ofHours(1),
                java.time.Clock.systemUTC(), false);
        assertEquals(0, resumer.review().resumed());
        PausedTransfers later = new PausedTransfers(harness.store, harness.dispatcher, Duration.ofHours(1),
                java.time.Clock.offset(java.time.Clock.systemUTC(), Duration.ofMinutes(16)), false);
        harness.dispatched.clear();
        full.set(false);
        destination.importFault = item -> null;
        assertEquals(new PausedTransfers.Pass(0, 1), later.review());
        assertEquals(java.util.List.of(job.id()), harness.dispatched);
        harness.engine.execute(job.id());

        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        assertEquals(source.totalItems(), done.job().items());
        assertEquals(source.totalItems(), destination.imported.size());
        // each item imported once; only the one that found the disk full was tried a second time
        assertEquals(source.totalItems() + 1, destination.importCalls.values().stream().mapToInt(AtomicInteger::get).sum());
    }

    @Test
    public void aJobPausedForAFullDestinationCanBeResumedByItsOwnerAtOnce() throws Exception {
        TransferJob job = start();
        java.time.Instant reset = java.time.Instant.parse("2030-01-01T00:00:00Z");
        destination.importFault = item -> new org.dtp.spi.DestinationFullException("daily upload quota used up", reset, null);
        harness.engine.execute(job.id());
        assertTrue(details(job).job().stateReason(), details(job).job().stateReason().endsWith("trying again at " + reset));
        assertEquals("the cause and time are kept as data, not only in the sentence",
                java.util.Optional.of(org.dtp.core.store.Pause.destinationFull(reset)), harness.store.pause(job.id()));

        destination.importFault = item -> null;
        harness.manager.resume(job.id());
        harness.engine.execute(job.id());

        assertEquals(JobState.COMPLETED, details(job).job().state());
        assertEquals(source.totalItems(), destination.imported.size());
        assertEquals(source.totalItems() + 1, destination.importCalls.values().stream().mapToInt(AtomicInteger::get).sum());
    }

    private TransferEngine node(String name, Duration lease, Duration renewEvery) {
        return new TransferEngine(harness.store, harness.registry, new JobControls(),
                new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1), lease, renewEvery, name);
    }

    /** Blocks node a's thread after its 10th import until {@code release} opens. */
    private Thread runBlockedAfterTenth(TransferEngine a, TransferJob job, java.util.concurrent.CountDownLatch blocked,
                                        java.util.concurrent.CountDownLatch release) {
        AtomicInteger seen = new AtomicInteger();
        Thread thread = new Thread(() -> a.execute(job.id()), "node-a");
        destination.afterImport = () -> {
            if (Thread.currentThread() == thread && seen.incrementAndGet() == 10) {
                blocked.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        thread.start();
        return thread;
    }

    @Test
    public void aNodeThatFrozeCannotWriteForAJobAnotherNodeTookOver() throws Exception {
        TransferJob job = start();
        java.util.concurrent.CountDownLatch blocked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        // Node a freezes mid-page without renewing its lease (as in a long GC pause); Quartz takes it for dead.
        Thread a = runBlockedAfterTenth(node("node-a", Duration.ofMillis(300), Duration.ofHours(1)), job, blocked, release);
        assertTrue(blocked.await(10, java.util.concurrent.TimeUnit.SECONDS));
        node("node-b", Duration.ofMillis(300), null).execute(job.id()); // waits out a's lease, then runs to the end
        assertEquals(JobState.COMPLETED, details(job).job().state());

        release.countDown(); // node a wakes up and goes on with its page: its next write must fail
        a.join(10_000);
        assertTrue(!a.isAlive());
        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        assertEquals("each item counted once", source.totalItems(), done.job().items());
        assertEquals(source.totalItems(), destination.imported.size());
        java.util.List<String> reasons = done.history().stream().map(c -> c.reason()).toList();
        assertTrue(reasons.toString(), reasons.contains("started on node-a"));
        assertTrue(reasons.toString(), reasons.contains("resumed from checkpoint on node-b"));
        assertEquals("nothing after the end", "all items copied", reasons.get(reasons.size() - 1));
    }

    @Test
    public void aSlowNodeThatRenewsItsLeaseKeepsItsJob() throws Exception {
        TransferJob job = start();
        java.util.concurrent.CountDownLatch blocked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread a = runBlockedAfterTenth(node("node-a", Duration.ofMillis(300), null), job, blocked, release);
        assertTrue(blocked.await(10, java.util.concurrent.TimeUnit.SECONDS));
        Thread b = new Thread(() -> node("node-b", Duration.ofMillis(300), null).execute(job.id()), "node-b");
        b.start();
        Thread.sleep(1000); // more than three leases: node a renews, so node b only waits
        assertTrue("node b waits", b.isAlive());
        assertTrue(details(job).history().stream().noneMatch(c -> c.reason().contains("node-b")));
        release.countDown();
        a.join(10_000);
        b.join(10_000);
        assertTrue("node b ends with the job", !b.isAlive());
        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        assertTrue(done.history().stream().noneMatch(c -> c.reason().contains("node-b")));
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
    }

    @Test
    public void settingsAnAdapterUpdatesHoldForTheRestOfTheJobAndAfterARestart() throws Exception {
        TransferJob job = start();
        AtomicInteger seen = new AtomicInteger();
        // The destination's token is renewed at the 5th item; the node stops after the 10th and another resumes.
        destination.settingsUpdate = item -> seen.get() == 4 ? Map.of("token", "renewed") : Map.of();
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 10) {
                harness.controls.requestStop(job.id());
            }
        };
        harness.engine.execute(job.id());
        destination.afterImport = () -> { };
        destination.settingsUpdate = item -> Map.of();
        harness.restartNode(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1));
        harness.engine.execute(job.id());

        assertEquals(JobState.COMPLETED, details(job).job().state());
        long renewed = destination.settingsSeen.values().stream().filter(s -> "renewed".equals(s.get("token"))).count();
        assertEquals("every import from the 5th on, before and after the restart, sees the renewed token",
                source.totalItems() - 4, renewed);
        assertEquals(source.totalItems(), destination.settingsSeen.size());
    }

    @Test
    public void aCancelThatOnlyTheJobStoreKnowsStopsTheRunAtAPageAfterARunsTime() throws Exception {
        TransferJob job = start();
        AtomicInteger seen = new AtomicInteger();
        // Cancelled as another node would: in the job store only, no stop flag on this node.
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 3) {
                harness.store.transition(job.id(), java.util.Set.of(JobState.RUNNING), JobState.CANCELLED, "cancelled elsewhere");
                try {
                    Thread.sleep(300); // longer than a run: the next page asks the job store
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        harness.engine.execute(job.id());

        TransferDetails cancelled = details(job);
        assertEquals(JobState.CANCELLED, cancelled.job().state());
        assertTrue("stopped at the next page, not at the end: " + destination.imported.size(),
                destination.imported.size() < source.totalItems());
        assertEquals(destination.imported.size(), cancelled.job().items());
    }

    @Test
    public void aCancelMidRunKeepsTheCountOfWhatWasCopiedAndFailsNothing() throws Exception {
        TransferJob job = start();
        AtomicInteger seen = new AtomicInteger();
        // Several pages in: the items since the last write are still pending when the job ends.
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 12) {
                try {
                    harness.manager.cancel(job.id());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        harness.engine.execute(job.id());

        TransferDetails cancelled = details(job);
        assertEquals(JobState.CANCELLED, cancelled.job().state());
        assertEquals("every item imported before the cancel is counted", destination.imported.size(), cancelled.job().items());
        assertTrue(cancelled.history().toString(), cancelled.history().stream().noneMatch(c -> c.reason().contains("error")));
    }

    @Test
    public void settingsCannotBeUpdatedOnceTheJobEnded() throws Exception {
        TransferJob job = start();
        harness.engine.execute(job.id());
        try {
            harness.store.updateSettings(job.id(), false, Map.of("token", "late"));
            org.junit.Assert.fail("an ended job has no settings to update");
        } catch (org.dtp.core.store.JobStoreException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("ended"));
        }
    }

    @Test
    public void recordsSourceItemsTheExporterCouldNotReadAndCopiesTheRest() throws Exception {
        source.unreadable.put("b", java.util.List.of(new org.dtp.spi.ExportPage.Rejected("b/broken.vcf", "malformed vCard: no END")));
        TransferJob job = start();
        harness.engine.execute(job.id());

        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED_WITH_ERRORS, done.job().state());
        assertEquals(source.totalItems(), done.job().items());
        assertEquals(1, done.job().errors());
        assertEquals("b/broken.vcf", done.errors().get(0).itemId());
        assertEquals("not readable at the source: malformed vCard: no END", done.errors().get(0).message());
    }

    @Test
    public void listsWhatTheDestinationCouldNotKeepPerItemAndField() throws Exception {
        destination.notKept = item -> item.id().startsWith("b/") ? java.util.List.of("caption", "location") : java.util.List.of();
        TransferJob job = start();
        harness.engine.execute(job.id());

        FidelityReport report = details(job).fidelity();
        assertEquals(6, report.total());
        assertEquals(6, report.entries().size());
        for (FieldNotKept f : report.entries()) {
            assertEquals("b", f.containerId());
            assertTrue(f.sourceId(), f.sourceId().matches("b/photo-[0-2]"));
            assertEquals("this destination keeps no " + f.field(), f.reason());
        }
        assertEquals(java.util.Set.of("caption", "location"),
                report.entries().stream().map(FieldNotKept::field).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    public void keepsOnlyWhatTheSuccessfulAttemptReported() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        destination.notKept = item -> item.id().equals("a/photo-3")
                ? java.util.List.of("attempt-" + attempts.incrementAndGet()) : java.util.List.of();
        destination.importFault = item -> item.id().equals("a/photo-3") && attempts.get() <= 2
                ? new TransientAdapterException("503 from provider", null) : null;
        TransferJob job = start();
        harness.engine.execute(job.id());

        FidelityReport report = details(job).fidelity();
        assertEquals(1, report.total());
        assertEquals("attempt-3", report.entries().get(0).field());
    }

    @Test
    public void aRepeatedPageReportsNothingTwice() throws Exception {
        destination.notKept = item -> java.util.List.of("caption");
        TransferJob job = start();
        stopAfterImportsThenResumeOnANewNode(job, 10);

        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        assertEquals(source.totalItems(), done.fidelity().total());
    }

    @Test
    public void listsWhatTheModelCouldNotCarryAsReadOnceEvenWhenAPageIsReadAgain() throws Exception {
        source.notRead = item -> item.id().startsWith("a/") ? java.util.List.of("attendees[0].role") : java.util.List.of();
        destination.notKept = item -> item.id().equals("a/photo-1") ? java.util.List.of("attendees[0].role") : java.util.List.of();
        TransferJob job = start();
        stopAfterImportsThenResumeOnANewNode(job, 2);

        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED, done.job().state());
        long albumA = source.albums.get("a").size();
        assertEquals(albumA + 1, done.fidelity().total());
        java.util.List<FieldNotKept> read = done.fidelity().entries().stream()
                .filter(f -> f.side() == FieldNotKept.Side.SOURCE).toList();
        assertEquals(albumA, read.size());
        for (FieldNotKept f : read) {
            assertEquals("a", f.containerId());
            assertTrue(f.sourceId(), f.sourceId().startsWith("a/"));
            assertEquals("the model has no attendees[0].role", f.reason());
        }
        FieldNotKept written = done.fidelity().entries().stream()
                .filter(f -> f.side() == FieldNotKept.Side.DESTINATION).findFirst().orElseThrow();
        assertEquals("a/photo-1", written.sourceId());
    }

    @Test
    public void retriesTransientFailuresThenSucceeds() throws Exception {
        AtomicInteger failures = new AtomicInteger();
        destination.importFault = item -> item.id().equals("a/photo-3") && failures.incrementAndGet() <= 2
                ? new TransientAdapterException("503 from provider", null) : null;
        TransferJob job = start();
        harness.engine.execute(job.id());
        assertEquals(JobState.COMPLETED, details(job).job().state());
        assertEquals(3, destination.importCalls.get("i:a/photo-3").get());
        assertEquals(source.totalItems(), destination.imported.size());
    }

    @Test
    public void recordsAnItemThatKeepsFailingAndGoesOn() throws Exception {
        destination.importFault = item -> item.id().equals("b/photo-1")
                ? new TransientAdapterException("timeout", null) : null;
        TransferJob job = start();
        harness.engine.execute(job.id());
        TransferDetails done = details(job);
        assertEquals(JobState.COMPLETED_WITH_ERRORS, done.job().state());
        assertEquals(1, done.job().errors());
        assertEquals(source.totalItems() - 1, done.job().items());
        assertEquals("b/photo-1", done.errors().get(0).itemId());
        assertTrue(done.errors().get(0).message().contains("gave up after 3 attempts"));
    }

    @Test
    public void rejectedItemsAreNotRetried() throws Exception {
        destination.importFault = item -> item.id().equals("loose") ? new ItemRejectedException("unsupported format") : null;
        TransferJob job = start();
        harness.engine.execute(job.id());
        assertEquals(1, destination.importCalls.get("i:loose").get());
        assertEquals("unsupported format", details(job).errors().get(0).message());
    }

    @Test
    public void pausesWhenTheExporterIsGoneAndResumesWhenItReturns() throws Exception {
        TransferJob job = start();
        harness.registry.unregister(harness.registry.exporter("src", Vertical.MEDIA).orElseThrow().serviceId());
        harness.engine.execute(job.id());
        assertEquals(JobState.PAUSED, details(job).job().state());
        assertTrue(details(job).job().stateReason().startsWith(TransferEngine.WAITING_FOR_ADAPTER + "src"));
        assertEquals("found by its kept cause", java.util.List.of(job.id()), harness.store.paused(
                org.dtp.core.store.Pause.Cause.ADAPTER_MISSING).stream().map(p -> p.id()).toList());
        assertEquals("src (export) MEDIA", harness.store.pause(job.id()).orElseThrow().adapter());

        harness.dispatched.clear();
        harness.register("other", destination.importer);
        assertEquals("another provider's arrival leaves it paused", JobState.PAUSED, details(job).job().state());
        harness.register("src", source.exporter);
        assertEquals(JobState.QUEUED, details(job).job().state());
        assertEquals(java.util.List.of(job.id()), harness.dispatched);
        harness.engine.execute(job.id());
        assertEquals(JobState.COMPLETED, details(job).job().state());
        assertEquals(source.totalItems(), destination.imported.size());
    }

    @Test
    public void aTransferItsOwnerPausedStaysPausedWhenAnAdapterArrivesWhateverItsReasonSays() throws Exception {
        TransferJob job = start();
        harness.registry.unregister(harness.registry.exporter("src", Vertical.MEDIA).orElseThrow().serviceId());
        harness.engine.execute(job.id());
        harness.manager.resume(job.id());
        harness.manager.pause(job.id());
        assertEquals("a person's pause clears the kept cause", java.util.Optional.empty(), harness.store.pause(job.id()));
        // A reason that reads like the engine's own must not make it the engine's to end.
        harness.store.transition(job.id(), java.util.Set.of(JobState.PAUSED), JobState.PAUSED,
                TransferEngine.WAITING_FOR_ADAPTER + "src (export) MEDIA");
        harness.register("src", source.exporter);
        assertEquals(JobState.PAUSED, details(job).job().state());
    }

    @Test
    public void anAdapterThatReturnsWhileTheJobIsBeingPausedForItDoesNotLeaveItWaiting() throws Exception {
        TransferJob job = start();
        harness.registry.unregister(harness.registry.exporter("src", Vertical.MEDIA).orElseThrow().serviceId());
        // The exporter arrives just after the engine found it missing and before the pause is written: its
        // arrival finds the job running, so the transfer manager resumes nothing.
        AtomicInteger asked = new AtomicInteger();
        TransferEngine engine = new TransferEngine(harness.store, harness.registry, harness.controls,
                new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1), Duration.ofSeconds(20), null, "node",
                () -> {
                    if (asked.incrementAndGet() == 1) {
                        harness.register("src", source.exporter);
                    }
                    return false;
                });
        engine.execute(job.id());

        TransferDetails done = details(job);
        assertEquals(done.history().toString(), JobState.COMPLETED, done.job().state());
        assertEquals(source.totalItems(), destination.imported.size());
        assertTrue(done.history().stream().anyMatch(c -> c.reason().equals("adapter src (export) MEDIA is back")));
    }

    @Test
    public void eachJobRunHasAScratchOfItsOwnThatGoesWhenTheRunEnds() throws Exception {
        long importerId = harness.registry.importer("dst", Vertical.MEDIA).orElseThrow().serviceId();
        TransferJob first = start();
        AtomicInteger seen = new AtomicInteger();
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 3) {
                harness.registry.unregister(importerId); // the run ends mid-page
            }
        };
        harness.engine.execute(first.id());
        assertEquals("every context of a run shares one scratch", 1, destination.scratchesSeen.size());
        JobScratch firstRun = destination.scratchesSeen.get(0);
        assertEquals(3, firstRun.computeIfAbsent(MemoryMediaProvider.IMPORTS_IN_SCRATCH, AtomicInteger::new).get());

        destination.afterImport = () -> { };
        harness.register("dst", destination.importer);
        harness.engine.execute(first.id());
        assertEquals(JobState.COMPLETED, details(first).job().state());
        assertEquals("the resumed run starts with a scratch of its own", 2, destination.scratchesSeen.size());
        JobScratch secondRun = destination.scratchesSeen.get(1);
        assertEquals(source.totalItems() - 3,
                secondRun.computeIfAbsent(MemoryMediaProvider.IMPORTS_IN_SCRATCH, AtomicInteger::new).get());

        // another job between the same accounts would copy nothing: with the mapping deleted it copies all again
        harness.store.mappingScopes(null).forEach(scope -> harness.store.deleteMappingScope(scope.id()));
        TransferJob second = start();
        harness.engine.execute(second.id());
        assertEquals("another job never sees this one's", 3, destination.scratchesSeen.size());
        assertEquals(3, firstRun.computeIfAbsent(MemoryMediaProvider.IMPORTS_IN_SCRATCH, AtomicInteger::new).get());
    }

    @Test
    public void anImporterLeavingMidPageStopsTheJobAtTheItemAndItResumesOnTheNextVersion() throws Exception {
        long importerId = harness.registry.importer("dst", Vertical.MEDIA).orElseThrow().serviceId();
        TransferJob job = start();
        AtomicInteger seen = new AtomicInteger();
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 3) {
                harness.registry.unregister(importerId); // the bundle is being updated
            }
        };
        harness.engine.execute(job.id());
        TransferDetails paused = details(job);
        assertEquals(JobState.PAUSED, paused.job().state());
        assertEquals(3, paused.job().items());
        assertEquals(0, paused.job().errors());

        destination.afterImport = () -> { };
        harness.register("dst", destination.importer);
        harness.engine.execute(job.id());
        assertEquals(JobState.COMPLETED, details(job).job().state());
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
        assertEquals(source.totalItems(), destination.imported.size());
    }

    @Test
    public void aJobWaitingTooLongForItsAdapterFailsWithTheReason() throws Exception {
        TransferJob job = start();
        harness.registry.unregister(harness.registry.exporter("src", Vertical.MEDIA).orElseThrow().serviceId());
        harness.engine.execute(job.id());
        java.time.Clock early = java.time.Clock.offset(java.time.Clock.systemUTC(), Duration.ofSeconds(30));
        java.time.Clock late = java.time.Clock.offset(java.time.Clock.systemUTC(), Duration.ofSeconds(61));
        assertEquals(0, new PausedTransfers(harness.store, harness.dispatcher, Duration.ofSeconds(60), early, false).review().failed());
        assertEquals(JobState.PAUSED, details(job).job().state());
        assertEquals(new PausedTransfers.Pass(1, 0),
                new PausedTransfers(harness.store, harness.dispatcher, Duration.ofSeconds(60), late, false).review());
        TransferDetails failed = details(job);
        assertEquals(JobState.FAILED, failed.job().state());
        assertEquals("adapter src (export) MEDIA did not return within 60 s", failed.job().stateReason());
    }

    @Test
    public void aNewAdapterVersionMidTransferIsRecordedInTheHistory() throws Exception {
        long importerId = harness.registry.importer("dst", Vertical.MEDIA).orElseThrow().serviceId();
        TransferJob job = start();
        AtomicInteger seen = new AtomicInteger();
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == 5) {
                harness.registry.unregister(importerId);
                harness.registry.register(new org.dtp.core.registry.AdapterService<>("dst", "dst", Vertical.MEDIA,
                        destination.importer, "test.dst", "2.0.0", 99_999));
            }
        };
        harness.engine.execute(job.id());
        TransferDetails done = details(job);
        assertEquals("an upgrade between pages does not pause the job", JobState.COMPLETED, done.job().state());
        assertEquals("test.dst/2.0.0", done.job().importerVersion());
        assertTrue(done.history().toString(), done.history().stream().anyMatch(c -> c.reason().contains("import test.dst/2.0.0")
                && c.reason().contains("was test.src/1.0.0, test.dst/1.0.0")));
        destination.importCalls.forEach((key, calls) -> assertEquals(key, 1, calls.get()));
    }

    /**
     * Runs {@code job} until {@code imports} items were imported, stops it there as a shutdown would, then runs it
     * to its end on a restarted node.
     */
    private void stopAfterImportsThenResumeOnANewNode(TransferJob job, int imports) throws Exception {
        AtomicInteger seen = new AtomicInteger();
        destination.afterImport = () -> {
            if (seen.incrementAndGet() == imports) {
                harness.controls.requestStop(job.id());
            }
        };
        harness.engine.execute(job.id());
        destination.afterImport = () -> { };
        harness.restartNode(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1));
        harness.engine.execute(job.id());
    }
}
