package org.dtp.scheduler.quartz;

import java.lang.annotation.Annotation;

/** The scheduler's configuration as Config Admin would give it, with the defaults of a test. */
final class TestConfig implements QuartzJobDispatcher.Config {
    private final String schedulerName;
    private final int workerThreads;
    private final boolean clustered;
    private final String instanceId;
    private final long checkinInterval;

    private TestConfig(String schedulerName, int workerThreads, boolean clustered, String instanceId, long checkinInterval) {
        this.schedulerName = schedulerName;
        this.workerThreads = workerThreads;
        this.clustered = clustered;
        this.instanceId = instanceId;
        this.checkinInterval = checkinInterval;
    }

    static TestConfig named(String schedulerName) {
        return new TestConfig(schedulerName, 2, false, "AUTO", 5000);
    }

    TestConfig workers(int threads) {
        return new TestConfig(schedulerName, threads, clustered, instanceId, checkinInterval);
    }

    /** A cluster node with a short check-in interval, so that a dead node is found within seconds. */
    TestConfig node(String id, long checkinIntervalMs) {
        return new TestConfig(schedulerName, workerThreads, true, id, checkinIntervalMs);
    }

    @Override public int workerThreads() { return workerThreads; }
    @Override public boolean clustered() { return clustered; }
    @Override public String schedulerName() { return schedulerName; }
    @Override public long clusterCheckinInterval() { return checkinInterval; }
    @Override public String instanceId() { return instanceId; }
    @Override public long pollInterval() { return 1000; }
    @Override public Class<? extends Annotation> annotationType() { return QuartzJobDispatcher.Config.class; }
}
