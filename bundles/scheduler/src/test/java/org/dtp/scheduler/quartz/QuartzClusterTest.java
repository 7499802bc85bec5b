package org.dtp.scheduler.quartz;

import org.dtp.core.testing.TestDatabase;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Two scheduler "nodes" (same scheduler name, their own instance ids, thread pools and connection
 * pools) clustered on one real PostgreSQL database (a fresh schema per test). Skipped when
 * DTP_TEST_PG_URL is not set. The check-in interval is 1 s here, so a dead node is found in ~9 s.
 */
public class QuartzClusterTest {
    private static final long CHECKIN_MS = 1000;
    /** Quartz finds a node dead after its interval plus 7.5 s; recovery must come well within this. */
    private static final long RECOVERY_BOUND_MS = 40_000;

    private TestDatabase database;
    private String cluster;
    private final List<QuartzJobDispatcher> nodes = new ArrayList<>();
    private final List<RecordingExecutor> executors = new ArrayList<>();

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(TestDatabase.Kind.POSTGRESQL);
        cluster = "cluster-" + UUID.randomUUID();
    }

    @After
    public void tearDown() throws Exception {
        // A "dead" node's held run ends here; Quartz then logs "JobStore is shutdown - aborting retry"
        // for it, as expected: its node cannot record the run's end any more.
        executors.forEach(RecordingExecutor::releaseAll);
        for (QuartzJobDispatcher node : nodes) {
            try {
                if (!node.scheduler().isShutdown()) {
                    node.deactivate();
                }
            } catch (Exception ignored) {
                // a "dead" node
            }
        }
        if (database != null) {
            database.close();
        }
    }

    private QuartzJobDispatcher node(String id, int workers, RecordingExecutor executor, KillableDataSource db)
            throws Exception {
        executors.add(executor);
        QuartzJobDispatcher node = new QuartzJobDispatcher(db, executor,
                TestConfig.named(cluster).workers(workers).node(id, CHECKIN_MS));
        nodes.add(node);
        return node;
    }

    private KillableDataSource connections() {
        return new KillableDataSource(database.pool(6));
    }

    @Test
    public void jobsDispatchedOnEitherNodeRunOnBothExactlyOnce() throws Exception {
        RecordingExecutor a = new RecordingExecutor("a").holding();
        RecordingExecutor b = new RecordingExecutor("b").holding();
        QuartzJobDispatcher nodeA = node("node-a", 2, a, connections());
        QuartzJobDispatcher nodeB = node("node-b", 2, b, connections());

        // Four held jobs and two workers per node: all four run at once only if both nodes take two.
        List<UUID> held = List.of(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());
        nodeA.dispatch(held.get(0));
        nodeA.dispatch(held.get(1));
        nodeB.dispatch(held.get(2));
        nodeB.dispatch(held.get(3));
        long deadline = System.currentTimeMillis() + 30_000;
        while (a.running.get() + b.running.get() < 4 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertEquals("running on a", 2, a.running.get());
        assertEquals("running on b", 2, b.running.get());
        a.releaseAll();
        b.releaseAll();

        // Then many short jobs from both sides: each runs once, on one node or the other.
        List<UUID> quick = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            UUID id = UUID.randomUUID();
            quick.add(id);
            (i % 2 == 0 ? nodeA : nodeB).dispatch(id);
        }
        List<UUID> all = new ArrayList<>(held);
        all.addAll(quick);
        deadline = System.currentTimeMillis() + 30_000;
        while (a.totalRuns() + b.totalRuns() < all.size() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(1500); // a duplicate run would show by now
        for (UUID id : all) {
            assertEquals("runs of " + id, 1, a.runsOf(id) + b.runsOf(id));
        }
        assertEquals(all.size(), a.totalRuns() + b.totalRuns());
        System.out.printf("cluster: %d jobs, %d ran on node-a, %d on node-b, 0 duplicates%n",
                all.size(), a.totalRuns(), b.totalRuns());
    }

    @Test
    public void aJobOfANodeThatDiedIsRecoveredByTheOtherNode() throws Exception {
        RecordingExecutor a = new RecordingExecutor("a").holding();
        KillableDataSource dbA = connections();
        QuartzJobDispatcher nodeA = node("node-a", 1, a, dbA);
        UUID id = UUID.randomUUID();
        nodeA.dispatch(id);
        assertEquals(id, a.nextStart(10, TimeUnit.SECONDS));

        RecordingExecutor b = new RecordingExecutor("b");
        node("node-b", 1, b, connections());
        assertNull("a job that runs on a live node is not taken", b.nextStart(3 * CHECKIN_MS, TimeUnit.MILLISECONDS));

        // Node A dies mid-run: its connections fail and its threads stop; the run never completes.
        long died = System.currentTimeMillis();
        dbA.kill();
        nodeA.scheduler().shutdown(false);

        UUID recovered = b.nextStart(RECOVERY_BOUND_MS, TimeUnit.MILLISECONDS);
        long took = System.currentTimeMillis() - died;
        assertNotNull("node-b recovered the job within " + RECOVERY_BOUND_MS + " ms", recovered);
        assertEquals(id, recovered);
        assertTrue("not before node-a was found dead (" + took + " ms)", took >= CHECKIN_MS);
        assertNull("recovered once", b.nextStart(2 * CHECKIN_MS, TimeUnit.MILLISECONDS));
        assertEquals(1, b.runsOf(id));
        assertEquals("node-a never stopped it: it died", Set.of(), a.stopped);
        System.out.printf("cluster: node-b recovered node-a's job %d ms after node-a died (check-in every %d ms)%n",
                took, CHECKIN_MS);
    }

    @Test
    public void aStoppingNodeHandsItsRunningJobsToTheOtherNode() throws Exception {
        RecordingExecutor a = new RecordingExecutor("a").holding();
        QuartzJobDispatcher nodeA = node("node-a", 2, a, connections());
        Set<UUID> ids = new HashSet<>(List.of(UUID.randomUUID(), UUID.randomUUID()));
        ids.forEach(nodeA::dispatch);
        assertEquals(ids, Set.of(a.nextStart(10, TimeUnit.SECONDS), a.nextStart(10, TimeUnit.SECONDS)));

        RecordingExecutor b = new RecordingExecutor("b");
        node("node-b", 2, b, connections());
        long stopping = System.currentTimeMillis();
        nodeA.deactivate(); // bin/stop, an update of the scheduler bundle: runs stop at their checkpoint
        assertEquals(ids, a.stopped);

        Set<UUID> taken = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            taken.add(b.nextStart(20, TimeUnit.SECONDS));
        }
        long took = System.currentTimeMillis() - stopping;
        assertEquals(ids, taken);
        assertTrue("handed over without waiting for a failure to be detected (" + took + " ms)",
                took < CHECKIN_MS + QuartzJobDispatcher.QUARTZ_FAILURE_GRACE_MS);
        System.out.printf("cluster: node-b took over node-a's 2 running jobs %d ms after node-a began to stop%n", took);
    }
}
