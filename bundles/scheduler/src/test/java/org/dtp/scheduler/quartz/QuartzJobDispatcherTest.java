package org.dtp.scheduler.quartz;

import org.dtp.transfer.execution.JobExecutor;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.After;
import org.junit.Test;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class QuartzJobDispatcherTest {
    private final JdbcDataSource db = new JdbcDataSource();
    private QuartzJobDispatcher dispatcher;

    {
        db.setURL("jdbc:h2:mem:quartz" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    @After
    public void tearDown() throws Exception {
        if (dispatcher != null) {
            dispatcher.deactivate();
        }
    }

    private static QuartzJobDispatcher.Config config(String name) {
        return new QuartzJobDispatcher.Config() {
            @Override public int workerThreads() { return 2; }
            @Override public boolean clustered() { return false; }
            @Override public String schedulerName() { return name; }
            @Override public Class<? extends Annotation> annotationType() { return QuartzJobDispatcher.Config.class; }
        };
    }

    /** Records runs; runnableJobs is what the job store would say should run. */
    private static final class RecordingExecutor implements JobExecutor {
        final Set<UUID> executed = ConcurrentHashMap.newKeySet();
        final Set<UUID> stopped = ConcurrentHashMap.newKeySet();
        final List<UUID> runnable;
        final CountDownLatch runs;
        volatile CountDownLatch release = new CountDownLatch(0);

        RecordingExecutor(List<UUID> runnable, int expectedRuns) {
            this.runnable = runnable;
            this.runs = new CountDownLatch(expectedRuns);
        }

        @Override
        public void execute(UUID jobId) {
            executed.add(jobId);
            runs.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void stop(UUID jobId) {
            stopped.add(jobId);
            release.countDown();
        }

        @Override
        public List<UUID> runnableJobs() {
            return runnable;
        }
    }

    @Test
    public void runsADispatchedJobOnAWorker() throws Exception {
        RecordingExecutor executor = new RecordingExecutor(List.of(), 1);
        dispatcher = new QuartzJobDispatcher(db, executor, config("run-" + UUID.randomUUID()));
        UUID id = UUID.randomUUID();
        dispatcher.dispatch(id);
        assertTrue("job ran", executor.runs.await(10, TimeUnit.SECONDS));
        assertEquals(Set.of(id), executor.executed);
    }

    @Test
    public void dispatchesTheJobsThatShouldRunWhenItStarts() throws Exception {
        UUID queued = UUID.randomUUID();
        UUID wasRunning = UUID.randomUUID();
        RecordingExecutor executor = new RecordingExecutor(List.of(queued, wasRunning), 2);
        dispatcher = new QuartzJobDispatcher(db, executor, config("start-" + UUID.randomUUID()));
        assertTrue("both jobs ran", executor.runs.await(10, TimeUnit.SECONDS));
        assertEquals(Set.of(queued, wasRunning), executor.executed);
    }

    @Test
    public void shutdownStopsRunningJobsAtTheirCheckpoint() throws Exception {
        RecordingExecutor executor = new RecordingExecutor(List.of(), 1);
        executor.release = new CountDownLatch(1);
        dispatcher = new QuartzJobDispatcher(db, executor, config("stop-" + UUID.randomUUID()));
        UUID id = UUID.randomUUID();
        dispatcher.dispatch(id);
        assertTrue(executor.runs.await(10, TimeUnit.SECONDS));
        dispatcher.deactivate();
        dispatcher = null;
        assertEquals(Set.of(id), executor.stopped);
    }

    @Test
    public void createsQuartzTablesOnceAndReusesThem() throws Exception {
        RecordingExecutor executor = new RecordingExecutor(List.of(), 0);
        String name = "tables-" + UUID.randomUUID();
        new QuartzJobDispatcher(db, executor, config(name)).deactivate();
        try (var c = db.getConnection()) {
            assertEquals(false, QuartzSchema.ensure(c, QuartzSchema.Dialect.H2));
        }
        dispatcher = new QuartzJobDispatcher(db, executor, config(name));
    }
}
