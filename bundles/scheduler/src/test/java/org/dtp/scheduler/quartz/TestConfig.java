package org.dtp.scheduler.quartz;

import java.lang.annotation.Annotation;

/** The scheduler's configuration as Config Admin would give it, with the defaults of a test. */
final class TestConfig implements QuartzJobDispatcher.Config {
    private final String schedulerName;
    private final int workerThreads;
    private final boolean clustered;
    private final String instanceId;
    private final long checkinInterval;
    private final long syncFloorSeconds;

    private TestConfig(String schedulerName, int workerThreads, boolean clustered, String instanceId, long checkinInterval,
                       long syncFloorSeconds) {
        this.schedulerName = schedulerName;
        this.workerThreads = workerThreads;
        this.clustered = clustered;
        this.instanceId = instanceId;
        this.checkinInterval = checkinInterval;
        this.syncFloorSeconds = syncFloorSeconds;
    }

    static TestConfig named(String schedulerName) {
        return new TestConfig(schedulerName, 2, false, "AUTO", 5000, 3600);
    }

    TestConfig workers(int threads) {
        return new TestConfig(schedulerName, threads, clustered, instanceId, checkinInterval, syncFloorSeconds);
    }

    /** A cluster node with a short check-in interval, so that a dead node is found within seconds. */
    TestConfig node(String id, long checkinIntervalMs) {
        return new TestConfig(schedulerName, workerThreads, true, id, checkinIntervalMs, syncFloorSeconds);
    }

    /** Syncs may run this often: a test's syncs run every second or two. */
    TestConfig syncFloor(long seconds) {
        return new TestConfig(schedulerName, workerThreads, clustered, instanceId, checkinInterval, seconds);
    }

    @Override public int workerThreads() { return workerThreads; }
    @Override public boolean clustered() { return clustered; }
    @Override public String schedulerName() { return schedulerName; }
    @Override public long clusterCheckinInterval() { return checkinInterval; }
    @Override public String instanceId() { return instanceId; }
    @Override public long pollInterval() { return 1000; }
    @Override public long syncMinimumIntervalSeconds() { return syncFloorSeconds; }
    @Override public Class<? extends Annotation> annotationType() { return QuartzJobDispatcher.Config.class; }
}
