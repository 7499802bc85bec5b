package org.dtp.scheduler.quartz;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Two nodes clustered on one real PostgreSQL database (a fresh schema), each with its engine and sync service, keep
 * one sync due every second whose runs take longer: its runs follow one another, never two at once. Skipped when
 * DTP_TEST_PG_URL is not set.
 */
public class SyncClusterTest {
    private TestDatabase database;
    private final List<SyncNode> nodes = new ArrayList<>();
    private final TestLibrary library = new TestLibrary(3, 400);

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(TestDatabase.Kind.POSTGRESQL);
        String cluster = "sync-cluster-" + UUID.randomUUID();
        MasterKeyring keys = MasterKeyring.inMemory(); // every node has the same key store file
        for (String id : List.of("node-a", "node-b")) {
            nodes.add(new SyncNode(database.migratedPool(6), keys, library,
                    TestConfig.named(cluster).workers(2).node(id, 1000).syncFloor(1)));
        }
    }

    @After
    public void tearDown() throws Exception {
        for (SyncNode node : nodes) {
            node.close();
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    public void twoNodesNeverRunOneSyncTwiceAtOnce() throws Exception {
        SyncNode a = nodes.get(0);
        Sync sync = a.syncs.create(new SyncRequest(new TransferRequest(Vertical.MEDIA, TestLibrary.source(),
                TestLibrary.destination(), "alice"), Schedule.every(Duration.ofSeconds(1))));
        Thread.sleep(10_000);
        a.syncs.pause(sync.id());
        long until = System.currentTimeMillis() + 20_000;
        while (!a.store.unfinishedRuns(sync.id()).isEmpty() && System.currentTimeMillis() < until) {
            Thread.sleep(100);
        }
        assertEquals(List.of(), a.store.unfinishedRuns(sync.id()));

        List<TransferJob> runs = new ArrayList<>(a.syncs.runs(sync.id(), 0, 100));
        runs.sort(Comparator.comparing(TransferJob::createdAt));
        assertTrue("runs: " + runs.size(), runs.size() >= 3);
        for (int i = 1; i < runs.size(); i++) {
            Instant previousEnded = ended(a, runs.get(i - 1));
            assertFalse("run " + i + " started before run " + (i - 1) + " ended",
                    runs.get(i).createdAt().isBefore(previousEnded));
        }
        assertEquals("one import at a time in the whole cluster", 1, library.mostAtOnce.get());
        assertEquals("each run began with the token the one before left", "t" + "+".repeat(3 * (runs.size() - 1)),
                library.tokensSeen.get(3 * (runs.size() - 1)));
        System.out.printf("sync cluster: %d runs in 10 s on two nodes, one after another%n", runs.size());
    }

    private static Instant ended(SyncNode node, TransferJob run) {
        List<StateChange> history = node.store.history(run.id());
        StateChange last = history.get(history.size() - 1);
        assertTrue(last.to().isFinal());
        return last.at();
    }
}
