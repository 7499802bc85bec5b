package org.dtp.core.engine;

import org.dtp.core.store.SyncStore;
import org.dtp.core.sync.SyncManager;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.execution.SyncScheduler;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.dtp.transfer.sync.SyncState;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Syncs in the engine: the runs the scheduler asks for are real transfers tagged with the sync, one at a time; a
 * run's refreshed settings go back to the sync and its grant is not revoked; deleting the sync deletes its sealed
 * settings and revokes once. The scheduler is a stand-in here (the scheduler module tests it with Quartz).
 */
@RunWith(Parameterized.class)
public class SyncRunsTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private EngineHarness harness;
    private MemoryMediaProvider source;
    private MemoryMediaProvider destination;
    private final RecordingScheduler scheduler = new RecordingScheduler();
    private CredentialRelease release;
    private SyncManager syncs;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness(kind);
        source = new MemoryMediaProvider(5).withAlbum("a", 6);
        destination = new MemoryMediaProvider(5);
        harness.register("src", source.exporter);
        harness.register("dst", destination.importer);
        release = new CredentialRelease(harness.store, harness.registry);
        syncs = new SyncManager(new SyncStore(harness.db, harness.masterKeys), harness.store, harness.manager,
                scheduler, release);
    }

    @After
    public void tearDown() throws Exception {
        if (harness != null) {
            release.deactivate();
            harness.close();
        }
    }

    /** Keeps schedules in a map; refuses cron expressions that are not "0 0 * * * ?". */
    private static final class RecordingScheduler implements SyncScheduler {
        final Map<UUID, Schedule> schedules = new ConcurrentHashMap<>();

        @Override
        public void validate(Schedule schedule) throws InvalidScheduleException {
            if (schedule.cron() != null && !schedule.cron().equals("0 0 * * * ?")) {
                throw new InvalidScheduleException("not a cron expression: " + schedule.cron());
            }
        }

        @Override
        public Instant schedule(UUID syncId, Schedule schedule) throws InvalidScheduleException {
            validate(schedule);
            schedules.put(syncId, schedule);
            return Instant.now().plusSeconds(3600);
        }

        @Override
        public void unschedule(UUID syncId) {
            schedules.remove(syncId);
        }

        @Override
        public Optional<Instant> nextRun(UUID syncId) {
            return schedules.containsKey(syncId) ? Optional.of(Instant.now().plusSeconds(3600)) : Optional.empty();
        }
    }

    private Sync create() throws Exception {
        return syncs.create(new SyncRequest(new TransferRequest(Vertical.MEDIA,
                new TransferEndpoint("src", Map.of("library", "mine")),
                new TransferEndpoint("dst", Map.of("folder", "f", "refreshToken", "refresh-0")), "alice"),
                Schedule.every(Duration.ofHours(6))));
    }

    /** What the scheduler does at each time: asks for a run; returns the run it started, if any. */
    private TransferJob fire(Sync sync) {
        List<TransferJob> before = syncs.runs(sync.id(), 0, 100);
        syncs.run(sync.id());
        List<TransferJob> after = syncs.runs(sync.id(), 0, 100);
        return after.size() > before.size() ? after.get(0) : null;
    }

    @Test
    public void eachRunIsATransferOfItsOwnTaggedWithTheSync() throws Exception {
        Sync sync = create();
        assertEquals(Schedule.every(Duration.ofHours(6)), scheduler.schedules.get(sync.id()));
        assertNotNull(sync.nextRunAt());

        TransferJob first = fire(sync);
        assertEquals(sync.id(), first.syncId());
        assertEquals(JobState.COMPLETED, execute(first).state());
        TransferJob second = fire(sync);
        assertEquals(JobState.COMPLETED, execute(second).state());

        assertEquals(List.of(second.id(), first.id()), syncs.runs(sync.id(), 0, 10).stream().map(TransferJob::id).toList());
        assertEquals(sync.id(), harness.manager.details(first.id()).orElseThrow().job().syncId());
        assertEquals(6, harness.store.job(first.id()).orElseThrow().items());
        Sync now = syncs.sync(sync.id()).orElseThrow();
        assertEquals(second.id(), now.lastRunId());
        assertNull(now.note());
        assertNull("a transfer of its own names no sync",
                harness.manager.start(new TransferRequest(Vertical.MEDIA, new TransferEndpoint("src", Map.of("library", "x")),
                        new TransferEndpoint("dst", Map.of()))).syncId());
    }

    private TransferJob execute(TransferJob job) {
        harness.engine.execute(job.id());
        return harness.store.job(job.id()).orElseThrow();
    }

    @Test
    public void aRunDoesNotStartWhileThePreviousOneHasNotEnded() throws Exception {
        Sync sync = create();
        TransferJob first = fire(sync);
        assertNull("the first run is queued, not ended", fire(sync));
        assertEquals(1, syncs.runs(sync.id(), 0, 10).size());
        String note = syncs.sync(sync.id()).orElseThrow().note();
        assertTrue(note, note.contains("run " + first.id() + " has not ended"));

        execute(first);
        assertNotNull("the next time, after it ended", fire(sync));
        assertNull(syncs.sync(sync.id()).orElseThrow().note());
    }

    @Test
    public void settingsARunRefreshedGoBackToTheSyncAndItsGrantIsNotRevoked() throws Exception {
        Sync sync = create();
        destination.settingsUpdate = item -> Map.of("refreshToken", "refresh-1");
        TransferJob first = execute(fire(sync));
        assertEquals(JobState.COMPLETED, first.state());
        destination.settingsUpdate = item -> Map.of();

        TransferJob second = fire(sync);
        assertEquals("the next run starts with the refreshed token", "refresh-1",
                harness.store.job(second.id()).orElseThrow().destination().settings().get("refreshToken"));
        execute(second);
        Thread.sleep(200); // releases run on their own thread
        assertEquals("a run's end revokes nothing: the sync keeps its grant", List.of(), destination.released);
    }

    @Test
    public void secretSettingsAreSealedAndNeverShown() throws Exception {
        Sync sync = create();
        assertEquals(SecretSettings.MASK, sync.destination().settings().get("refreshToken"));
        assertEquals("f", sync.destination().settings().get("folder"));
        assertEquals(SecretSettings.MASK, syncs.list("alice", 0, 10).get(0).destination().settings().get("refreshToken"));
        String stored = column("SELECT destination_settings FROM dtp_sync WHERE id = ?", sync.id());
        assertFalse(stored, stored.contains("refresh-0"));
        assertFalse(stored, stored.contains("folder"));
    }

    @Test
    public void deletingASyncDeletesItsSealedSettingsAndRevokesItsGrantOnce() throws Exception {
        Sync sync = create();
        destination.settingsUpdate = item -> Map.of("refreshToken", "refresh-1");
        execute(fire(sync));
        TransferJob running = fire(sync);

        syncs.delete(sync.id());
        assertTrue(syncs.sync(sync.id()).isEmpty());
        assertNull(column("SELECT destination_settings FROM dtp_sync WHERE id = ?", sync.id()));
        assertNull("its data key is gone", column("SELECT wrapped_key FROM dtp_job_key WHERE job_id = ?", sync.id()));
        assertFalse(scheduler.schedules.containsKey(sync.id()));
        assertEquals("its run going on is cancelled", JobState.CANCELLED, harness.store.job(running.id()).orElseThrow().state());
        long until = System.currentTimeMillis() + 5000;
        while (destination.released.isEmpty() && System.currentTimeMillis() < until) {
            Thread.sleep(20);
        }
        Thread.sleep(200);
        assertEquals(1, destination.released.size());
        assertEquals("the grant as the last run left it", "refresh-1", destination.released.get(0).get("refreshToken"));
    }

    @Test
    public void aPausedSyncStartsNoRunUntilItIsResumed() throws Exception {
        Sync sync = create();
        Sync paused = syncs.pause(sync.id());
        assertEquals(SyncState.PAUSED, paused.state());
        assertNull(paused.nextRunAt());
        assertFalse(scheduler.schedules.containsKey(sync.id()));
        assertNull("a time the scheduler had already taken starts nothing", fire(sync));
        assertEquals(SyncState.PAUSED, syncs.pause(sync.id()).state());

        Sync resumed = syncs.resume(sync.id());
        assertEquals(SyncState.ACTIVE, resumed.state());
        assertTrue(scheduler.schedules.containsKey(sync.id()));
        assertNotNull(fire(sync));
    }

    @Test
    public void anInvalidScheduleOrRequestKeepsNothing() {
        InvalidScheduleException e = assertThrows(InvalidScheduleException.class, () ->
                syncs.create(new SyncRequest(new TransferRequest(Vertical.MEDIA,
                        new TransferEndpoint("src", Map.of("library", "mine")), new TransferEndpoint("dst", Map.of()), "alice"),
                        Schedule.cron("every day"))));
        assertTrue(e.getMessage(), e.getMessage().contains("every day"));
        assertThrows(org.dtp.transfer.InvalidTransferException.class, () ->
                syncs.create(new SyncRequest(new TransferRequest(Vertical.MEDIA,
                        new TransferEndpoint("src", Map.of()), new TransferEndpoint("dst", Map.of()), "alice"),
                        Schedule.every(Duration.ofHours(1)))));
        assertEquals(List.of(), syncs.list(0, 10));
        assertEquals(Map.of(), scheduler.schedules);
    }

    @Test
    public void aSyncsDataKeyIsRewrappedWhenTheMasterKeyRotates() throws Exception {
        Sync sync = create();
        String rotated = harness.masterKeys.rotate();
        harness.store.rewrapDataKeys();
        assertEquals(rotated, column("SELECT master_key FROM dtp_job_key WHERE job_id = ?", sync.id()));
        SyncStore afterRestart = new SyncStore(harness.db, harness.masterKeys);
        assertEquals("refresh-0", afterRestart.sync(sync.id()).orElseThrow().destination().settings().get("refreshToken"));
    }

    @Test
    public void anActiveSyncThatLostItsScheduleGetsItBackWhenTheServiceStarts() throws Exception {
        Sync active = create();
        Sync paused = syncs.pause(create().id());
        scheduler.schedules.clear(); // e.g. the node stopped between a resume's state change and its schedule
        new SyncManager(new SyncStore(harness.db, harness.masterKeys), harness.store, harness.manager, scheduler, release);
        assertEquals(java.util.Set.of(active.id()), scheduler.schedules.keySet());
        assertEquals(SyncState.PAUSED, syncs.sync(paused.id()).orElseThrow().state());
    }

    private String column(String sql, UUID id) throws Exception {
        try (Connection c = harness.db.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
