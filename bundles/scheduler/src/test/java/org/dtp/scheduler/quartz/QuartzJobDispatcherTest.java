package org.dtp.scheduler.quartz;

import org.dtp.core.testing.TestDatabase;
import org.junit.After;
import org.junit.Assume;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import javax.sql.DataSource;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** One node's scheduler, on H2 and, when DTP_TEST_PG_URL is set, on PostgreSQL (a fresh schema per test). */
@RunWith(Parameterized.class)
public class QuartzJobDispatcherTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private TestDatabase database;
    private DataSource db;
    private final List<QuartzJobDispatcher> dispatchers = new ArrayList<>();

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(kind);
        db = database.pool(8);
    }

    @After
    public void tearDown() throws Exception {
        for (QuartzJobDispatcher d : dispatchers) {
            try {
                d.deactivate();
            } catch (Exception ignored) {
                // stopped by the test already
            }
        }
        if (database != null) {
            database.close();
        }
    }

    private QuartzJobDispatcher start(RecordingExecutor executor, QuartzJobDispatcher.Config config) throws Exception {
        QuartzJobDispatcher d = new QuartzJobDispatcher(db, executor, config);
        dispatchers.add(d);
        return d;
    }

    private static String name(String test) {
        return test + "-" + UUID.randomUUID();
    }

    @Test
    public void runsADispatchedJobOnAWorker() throws Exception {
        RecordingExecutor executor = new RecordingExecutor("a");
        QuartzJobDispatcher dispatcher = start(executor, TestConfig.named(name("run")));
        UUID id = UUID.randomUUID();
        dispatcher.dispatch(id);
        assertEquals(id, executor.nextStart(10, TimeUnit.SECONDS));
        assertEquals(Set.of(id), executor.runs.keySet());
    }

    @Test
    public void dispatchesTheJobsThatShouldRunWhenItStarts() throws Exception {
        UUID queued = UUID.randomUUID();
        UUID wasRunning = UUID.randomUUID();
        RecordingExecutor executor = new RecordingExecutor("a", List.of(queued, wasRunning));
        start(executor, TestConfig.named(name("start")));
        Set<UUID> seen = Set.of(executor.nextStart(10, TimeUnit.SECONDS), executor.nextStart(10, TimeUnit.SECONDS));
        assertEquals(Set.of(queued, wasRunning), seen);
    }

    @Test
    public void shutdownStopsRunningJobsAtTheirCheckpointAndTheNextStartRunsThemOn() throws Exception {
        String name = name("stop");
        RecordingExecutor first = new RecordingExecutor("a").holding();
        QuartzJobDispatcher dispatcher = start(first, TestConfig.named(name));
        UUID id = UUID.randomUUID();
        dispatcher.dispatch(id);
        assertEquals(id, first.nextStart(10, TimeUnit.SECONDS));
        dispatcher.deactivate();
        dispatchers.remove(dispatcher);
        assertEquals(Set.of(id), first.stopped);
        assertEquals(1, first.runsOf(id));

        // Even if the job store no longer listed it, the job's own trigger brings it back.
        RecordingExecutor second = new RecordingExecutor("a");
        start(second, TestConfig.named(name));
        assertEquals(id, second.nextStart(20, TimeUnit.SECONDS));
        assertNull("it runs once", second.nextStart(1500, TimeUnit.MILLISECONDS));
    }

    @Test
    public void dispatchingARunningJobRunsItOnceMoreAfterTheRunEndsNeverTwiceAtOnce() throws Exception {
        RecordingExecutor executor = new RecordingExecutor("a").holding();
        QuartzJobDispatcher dispatcher = start(executor, TestConfig.named(name("again")).workers(4));
        UUID id = UUID.randomUUID();
        dispatcher.dispatch(id);
        assertEquals(id, executor.nextStart(10, TimeUnit.SECONDS));
        dispatcher.dispatch(id); // e.g. resumed while the run that saw the pause is still ending
        dispatcher.dispatch(id); // a pending run is not added twice
        assertNull("not while the first run is on", executor.nextStart(1500, TimeUnit.MILLISECONDS));
        executor.releaseAll();
        assertEquals(id, executor.nextStart(10, TimeUnit.SECONDS));
        assertNull(executor.nextStart(1500, TimeUnit.MILLISECONDS));
        assertEquals(2, executor.runsOf(id));
        assertEquals(1, executor.mostAtOnce.get());
    }

    @Test
    public void createsQuartzTablesOnceAndReusesThem() throws Exception {
        RecordingExecutor executor = new RecordingExecutor("a");
        String name = name("tables");
        new QuartzJobDispatcher(db, executor, TestConfig.named(name)).deactivate();
        try (Connection c = db.getConnection()) {
            assertTrue(QuartzSchema.exists(c));
            assertEquals(false, QuartzSchema.ensure(c, QuartzSchema.Dialect.of(c)));
        }
        start(executor, TestConfig.named(name));
    }

    @Test
    public void nodesStartingAtOnceCreateTheTablesOnce() throws Exception {
        int nodes = 4;
        CyclicBarrier together = new CyclicBarrier(nodes);
        ExecutorService threads = Executors.newFixedThreadPool(nodes);
        try {
            List<Future<Boolean>> created = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                DataSource node = database.raw();
                created.add(threads.submit(() -> {
                    try (Connection c = node.getConnection()) {
                        together.await(10, TimeUnit.SECONDS);
                        return QuartzSchema.ensure(c, QuartzSchema.Dialect.of(c));
                    }
                }));
            }
            int creators = 0;
            for (Future<Boolean> f : created) {
                creators += f.get(60, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, creators);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    public void refusesClusteredModeOnH2() {
        Assume.assumeTrue("H2 only", kind == TestDatabase.Kind.H2);
        IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                start(new RecordingExecutor("a"), TestConfig.named(name("h2")).node("a", 1000)));
        assertTrue(e.getMessage(), e.getMessage().startsWith("clustered=true needs a job store database that several nodes share"));
        assertTrue(e.getMessage(), e.getMessage().contains("Set clustered=false in etc/org.dtp.scheduler.cfg"));
    }

    @Test
    public void refusesToRunUnclusteredBesideALiveClusterNode() throws Exception {
        Assume.assumeTrue("a cluster needs PostgreSQL", kind == TestDatabase.Kind.POSTGRESQL);
        String name = name("mixed");
        start(new RecordingExecutor("a"), TestConfig.named(name).node("node-a", 1000));
        IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                start(new RecordingExecutor("b"), TestConfig.named(name)));
        assertTrue(e.getMessage(), e.getMessage().contains("node node-a of cluster '" + name + "' checked in"));
        assertTrue(e.getMessage(), e.getMessage().contains("set clustered=true on every node"));
    }
}
