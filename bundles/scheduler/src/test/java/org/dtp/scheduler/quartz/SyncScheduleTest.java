package org.dtp.scheduler.quartz;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Syncs on one node's Quartz scheduler with the real engine, on H2 and, when DTP_TEST_PG_URL is set, PostgreSQL:
 * a sync every second (the shortest interval is lowered for the test) starts runs that are real transfers.
 */
@RunWith(Parameterized.class)
public class SyncScheduleTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private TestDatabase database;
    private SyncNode node;
    private final TestLibrary library = new TestLibrary(3, 0);

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(kind);
        DataSource db = database.migratedPool(8);
        node = new SyncNode(db, MasterKeyring.inMemory(), library,
                TestConfig.named("syncs-" + UUID.randomUUID()).workers(3).syncFloor(1));
    }

    @After
    public void tearDown() throws Exception {
        if (node != null) {
            node.close();
        }
        if (database != null) {
            database.close();
        }
    }

    private Sync everySecond() throws Exception {
        return node.syncs.create(new SyncRequest(new TransferRequest(Vertical.MEDIA, TestLibrary.source(),
                TestLibrary.destination(), "alice"), Schedule.every(Duration.ofSeconds(1))));
    }

    private List<TransferJob> runs(Sync sync) {
        return node.syncs.runs(sync.id(), 0, 100);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.currentTimeMillis() + 30_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > until) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(50);
        }
    }

    private boolean ended(List<TransferJob> jobs) {
        return jobs.stream().allMatch(j -> node.store.job(j.id()).orElseThrow().state().isFinal());
    }

    @Test
    public void aSyncStartsARealTransferAtEachTimeAndTheNextRunHasTheRenewedToken() throws Exception {
        Sync sync = everySecond();
        assertNotNull(sync.nextRunAt());
        await("two runs ended", () -> runs(sync).size() >= 2 && ended(runs(sync).subList(0, 2)));
        List<TransferJob> runs = runs(sync);
        TransferJob first = node.store.job(runs.get(runs.size() - 1).id()).orElseThrow();
        assertEquals(JobState.COMPLETED, first.state());
        assertEquals(3, first.items());
        assertEquals(sync.id(), first.syncId());
        assertEquals("each import renews the token; the second run begins with the first's last",
                "t+++", library.tokensSeen.get(3));
    }

    @Test
    public void aPausedSyncStartsNoRunUntilResumed() throws Exception {
        Sync sync = everySecond();
        await("a run", () -> runs(sync).size() >= 1);
        node.syncs.pause(sync.id());
        int runsWhenPaused = runs(sync).size();
        Thread.sleep(3000);
        assertEquals(runsWhenPaused, runs(sync).size());
        assertNull(node.syncs.sync(sync.id()).orElseThrow().nextRunAt());

        node.syncs.resume(sync.id());
        await("a run after resuming", () -> runs(sync).size() > runsWhenPaused);
    }

    @Test
    public void noRunStartsWhileThePreviousOneIsRunning() throws Exception {
        library.importMillis = 1500; // a run of 3 items takes 4.5 s; the sync is due every second
        Sync sync = everySecond();
        await("a run", () -> runs(sync).size() >= 1);
        Thread.sleep(3000);
        assertEquals("due three times meanwhile, but the first run is on", 1, runs(sync).size());
        String note = node.syncs.sync(sync.id()).orElseThrow().note();
        assertTrue(note, note != null && note.contains("has not ended"));
        library.importMillis = 0;
        await("a second run once the first ended", () -> runs(sync).size() >= 2);
        assertEquals(1, library.mostAtOnce.get());
    }

    @Test
    public void deletingASyncRemovesItsSchedule() throws Exception {
        Sync sync = everySecond();
        await("a run", () -> runs(sync).size() >= 1 && ended(runs(sync)));
        node.syncs.delete(sync.id());
        assertTrue(node.scheduler.nextRun(sync.id()).isEmpty());
        int runs = runs(sync).size();
        Thread.sleep(2500);
        assertEquals(runs, runs(sync).size());
    }
}
