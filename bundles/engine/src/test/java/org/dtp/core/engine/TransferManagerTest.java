package org.dtp.core.engine;

import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.JobState;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Runs on every job store database: H2, and PostgreSQL when DTP_TEST_PG_URL is set (else skipped). */
@RunWith(Parameterized.class)
public class TransferManagerTest {
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
        source = new MemoryMediaProvider(5).withAlbum("a", 12);
        destination = new MemoryMediaProvider(5);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
    }

    @After
    public void tearDown() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private TransferRequest request(String from, String to, Vertical vertical, Map<String, String> sourceSettings) {
        return new TransferRequest(vertical, new TransferEndpoint(from, sourceSettings), new TransferEndpoint(to, Map.of()));
    }

    private String refusal(TransferRequest request) {
        InvalidTransferException e = assertThrows(InvalidTransferException.class, () -> harness.manager.start(request));
        assertTrue("nothing persisted", harness.manager.list(0, 10).isEmpty());
        assertTrue("nothing dispatched", harness.dispatched.isEmpty());
        return e.getMessage();
    }

    @Test
    public void adaptersCountTheUnfinishedTransfersThatUseThem() throws Exception {
        TransferJob first = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));
        harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "y")));
        Map<String, Long> counts = new java.util.HashMap<>();
        harness.manager.adapters().forEach(a -> counts.put(a.provider(), a.activeTransfers(Vertical.MEDIA)));
        assertEquals(Map.of("src", 2L, "dst", 2L), counts);

        harness.engine.execute(first.id());
        assertEquals(JobState.COMPLETED, harness.manager.details(first.id()).orElseThrow().job().state());
        harness.manager.adapters().forEach(a -> assertEquals(a.provider(), 1L, a.activeTransfers(Vertical.MEDIA)));
        harness.manager.adapters().forEach(a -> assertEquals(0L, a.activeTransfers(Vertical.CONTACTS)));
    }

    @Test
    public void errorsAndFidelityArePagedForATransferThatExists() throws Exception {
        TransferJob job = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));

        assertEquals(0, harness.manager.errors(job.id(), 0, 10).orElseThrow().total());
        assertEquals(0, harness.manager.fidelity(job.id(), org.dtp.transfer.FieldNotKept.Side.SOURCE, 0, 10).orElseThrow().total());
        assertTrue(harness.manager.errors(UUID.randomUUID(), 0, 10).isEmpty());
        assertTrue(harness.manager.fidelity(UUID.randomUUID(), null, 0, 10).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> harness.manager.errors(job.id(), -1, 10));
        assertThrows(IllegalArgumentException.class, () -> harness.manager.fidelity(job.id(), null, 0, 0));
    }

    @Test
    public void refusesAnUnknownProvider() {
        assertEquals("no adapter for provider 'nowhere' is installed",
                refusal(request("nowhere", "dst", Vertical.MEDIA, Map.of("library", "x"))));
    }

    @Test
    public void refusesAVerticalTheAdapterDoesNotSupport() {
        assertEquals("adapter 'src' cannot export contacts (contacts)",
                refusal(request("src", "dst", Vertical.CONTACTS, Map.of("library", "x"))));
    }

    @Test
    public void refusesADirectionTheAdapterDoesNotSupport() {
        assertEquals("adapter 'dst' cannot export media (photos and videos with albums)",
                refusal(request("dst", "src", Vertical.MEDIA, Map.of("library", "x"))));
    }

    @Test
    public void refusesSettingsTheAdapterRejects() {
        assertEquals("source: provider 'src' needs the setting 'library'",
                refusal(request("src", "dst", Vertical.MEDIA, Map.of())));
    }

    @Test
    public void pauseResumeAndCancelFollowTheLifecycle() throws Exception {
        TransferJob job = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));
        assertEquals(JobState.QUEUED, job.state());
        assertEquals(JobState.PAUSED, harness.manager.pause(job.id()).state());
        harness.engine.execute(job.id());
        assertEquals("a paused job does not run", 0, destination.imported.size());
        assertThrows(IllegalJobStateException.class, () -> harness.manager.pause(job.id()));

        harness.dispatched.clear();
        assertEquals(JobState.QUEUED, harness.manager.resume(job.id()).state());
        assertEquals(java.util.List.of(job.id()), harness.dispatched);
        harness.engine.execute(job.id());
        assertEquals(JobState.COMPLETED, harness.manager.details(job.id()).orElseThrow().job().state());

        IllegalJobStateException late = assertThrows(IllegalJobStateException.class, () -> harness.manager.cancel(job.id()));
        assertTrue(late.getMessage().endsWith("it is COMPLETED"));
        assertEquals(java.util.Arrays.asList(null, JobState.QUEUED, JobState.PAUSED, JobState.QUEUED, JobState.RUNNING),
                harness.manager.details(job.id()).orElseThrow().history().stream().map(c -> c.from()).toList());
    }

    @Test
    public void pauseDuringARunStopsAtTheNextItemAndResumeFinishesExactlyOnce() throws Exception {
        TransferJob job = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));
        destination.afterImport = () -> {
            if (destination.imported.size() == 4) {
                try {
                    harness.manager.pause(job.id());
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
        };
        harness.engine.execute(job.id());
        assertEquals(JobState.PAUSED, harness.manager.details(job.id()).orElseThrow().job().state());
        assertEquals(4, destination.imported.size());

        destination.afterImport = () -> { };
        harness.manager.resume(job.id());
        harness.engine.execute(job.id());
        assertEquals(12, destination.imported.size());
        destination.importCalls.values().forEach(c -> assertEquals(1, c.get()));
    }

    @Test
    public void cancelledJobsDoNotRun() throws Exception {
        TransferJob job = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));
        assertEquals(JobState.CANCELLED, harness.manager.cancel(job.id()).state());
        harness.engine.execute(job.id());
        assertEquals(0, destination.imported.size());
        assertThrows(IllegalJobStateException.class, () -> harness.manager.resume(job.id()));
    }

    @Test
    public void unknownIdsAreReported() {
        UUID id = UUID.randomUUID();
        assertTrue(harness.manager.details(id).isEmpty());
        NoSuchTransferException e = assertThrows(NoSuchTransferException.class, () -> harness.manager.pause(id));
        assertEquals("no transfer with id " + id, e.getMessage());
    }

    @Test
    public void listsNewestFirst() throws Exception {
        TransferJob first = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));
        Thread.sleep(5);
        TransferJob second = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "y")));
        assertEquals(java.util.List.of(second.id(), first.id()),
                harness.manager.list(0, 10).stream().map(TransferJob::id).toList());
        assertEquals(java.util.List.of(first.id()), harness.manager.list(1, 10).stream().map(TransferJob::id).toList());
    }

    @Test
    public void aRevokedVersionRefusesNewTransfersPausesRunningOnesAndUnrevokeResumesThem() throws Exception {
        TransferJob running = harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x")));
        destination.afterImport = () -> {
            if (destination.imported.size() == 2) {
                harness.manager.revoke("dst", "1.0.0", "CVE-2026-0001");
            }
        };
        harness.engine.execute(running.id());
        TransferJob paused = harness.manager.details(running.id()).orElseThrow().job();
        assertEquals(JobState.PAUSED, paused.state());
        assertEquals("waiting for adapter dst (import) MEDIA: version 1.0.0 is revoked", paused.stateReason());
        assertEquals(2, destination.imported.size());

        harness.dispatched.clear();
        InvalidTransferException refused = assertThrows(InvalidTransferException.class,
                () -> harness.manager.start(request("src", "dst", Vertical.MEDIA, Map.of("library", "x"))));
        assertEquals("adapter 'dst' version 1.0.0 is revoked (CVE-2026-0001); no other version can import media",
                refused.getMessage());
        assertEquals(1, harness.manager.revocations().size());

        destination.afterImport = () -> { };
        assertTrue(harness.manager.unrevoke("dst", "1.0.0"));
        assertEquals(java.util.List.of(running.id()), harness.dispatched);
        harness.engine.execute(running.id());
        assertEquals(JobState.COMPLETED, harness.manager.details(running.id()).orElseThrow().job().state());
        assertEquals(12, destination.imported.size());
        destination.importCalls.values().forEach(c -> assertEquals(1, c.get()));
        assertTrue(harness.manager.revocations().isEmpty());
    }

    @Test
    public void revocationsSurviveARestart() throws Exception {
        harness.manager.revoke("dst", "1.0.0", "bad");
        assertTrue(new org.dtp.core.store.RevocationStore(harness.db).isRevoked("dst", "1.0.0"));
    }
}
