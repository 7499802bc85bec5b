package org.dtp.scheduler.quartz;

import org.dtp.transfer.execution.JobDispatcher;
import org.dtp.transfer.execution.JobExecutor;
import org.dtp.transfer.execution.SyncRunner;
import org.dtp.transfer.execution.SyncScheduler;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.Schedule;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.JobPersistenceException;
import org.quartz.ObjectAlreadyExistsException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.SchedulerRepository;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.UUID;

/**
 * Runs transfers on a Quartz worker pool with Quartz's JDBC job store in the job store database:
 * a dispatched job survives a restart, and a job that was running when its node died is run again
 * (Quartz recovery), resuming from its checkpoint.
 *
 * <p>With {@code clustered=true} (PostgreSQL only) every node sharing the database and the
 * scheduler name takes jobs from the same queue; each node checks in every
 * {@code clusterCheckinInterval} ms, and when a node misses its check-ins (about the interval plus
 * Quartz's fixed 7.5 s grace) another node runs the jobs it was running, from their checkpoints.
 *
 * <p>The same scheduler keeps syncs' schedules ({@link SyncTriggers}) and, at each time, asks the {@link SyncRunner}
 * to start a run. The runner (the engine's sync service) needs this component, so it comes after it, optionally.
 */
@Component(service = {JobDispatcher.class, SyncScheduler.class}, configurationPid = QuartzJobDispatcher.PID, immediate = true)
@Designate(ocd = QuartzJobDispatcher.Config.class)
public final class QuartzJobDispatcher implements JobDispatcher, SyncScheduler {
    public static final String PID = "org.dtp.scheduler";
    private static final Logger LOG = LoggerFactory.getLogger(QuartzJobDispatcher.class);
    private static final String GROUP = "dtp-transfers";
    /** Quartz declares a node dead this long after its check-in interval has passed without one. */
    static final long QUARTZ_FAILURE_GRACE_MS = 7500;

    @ObjectClassDefinition(name = "dtp scheduler", description = "The worker pool that runs transfers.")
    public @interface Config {
        @AttributeDefinition(name = "Worker threads", description = "Transfers that run at once on this node.")
        int workerThreads() default 4;

        @AttributeDefinition(name = "Clustered", description = "Set on every node when several nodes share one "
                + "PostgreSQL job store database; refused on H2, which only one node can open.")
        boolean clustered() default false;

        @AttributeDefinition(name = "Scheduler name", description = "Nodes of one cluster share it.")
        String schedulerName() default "dtp";

        @AttributeDefinition(name = "Cluster check-in interval (ms)", description = "How often a clustered node "
                + "tells the others it is alive. A dead node's transfers move to another node about this long plus "
                + "7.5 s after it died. Lower means faster takeover but more database writes and a higher risk that "
                + "a node paused by a long GC or a slow database is taken for dead.")
        long clusterCheckinInterval() default 5000;

        @AttributeDefinition(name = "Instance id", description = "This node's unique id in the cluster; AUTO "
                + "(the default) makes one from the host name and the start time.")
        String instanceId() default "AUTO";

        @AttributeDefinition(name = "Poll interval (ms)", description = "How often an idle node looks for "
                + "transfers queued by another node of the cluster (a node sees its own at once); at least 1000.")
        long pollInterval() default 5000;

        @AttributeDefinition(name = "Shortest sync interval (s)", description = "A sync may run at most this often: "
                + "its interval, and the gaps between the times of its cron expression, are at least this long.")
        long syncMinimumIntervalSeconds() default 3600;
    }

    private final Scheduler scheduler;
    private final DrainableThreadPool workers;
    private final JobExecutor executor;
    private final SyncTriggers syncs;
    private volatile SyncRunner syncRunner;

    @Activate
    public QuartzJobDispatcher(@Reference(target = "(dtp.jobstore=true)") DataSource dataSource,
                               @Reference JobExecutor executor, Config config) throws SchedulerException, SQLException {
        this.executor = executor;
        QuartzSchema.Dialect dialect;
        try (Connection c = dataSource.getConnection()) {
            dialect = QuartzSchema.Dialect.of(c);
            if (config.clustered() && !dialect.shareable) {
                throw new IllegalStateException("clustered=true needs a job store database that several nodes share "
                        + "(PostgreSQL), but the job store is " + dialect + ", an embedded database only this node "
                        + "can open. Set clustered=false in etc/" + PID + ".cfg, or move the job store to PostgreSQL "
                        + "(etc/org.dtp.store.cfg, see README: Using PostgreSQL)");
            }
            if (config.clusterCheckinInterval() < 100) {
                throw new IllegalArgumentException("clusterCheckinInterval must be at least 100 ms, not "
                        + config.clusterCheckinInterval());
            }
            if (QuartzSchema.ensure(c, dialect)) {
                LOG.info("created the Quartz tables");
            }
            if (!config.clustered()) {
                refuseIfAClusterIsRunning(c, config.schedulerName());
            }
        }
        // Named per instance: two dispatchers in one JVM (tests, a reactivation) never share a provider.
        String connectionName = "dtp-" + config.schedulerName() + "-" + UUID.randomUUID();
        DBConnectionManager.getInstance().addConnectionProvider(connectionName, new Connections(dataSource));
        Properties props = new Properties();
        props.setProperty("org.quartz.scheduler.instanceName", config.schedulerName());
        props.setProperty("org.quartz.scheduler.instanceId", config.instanceId().isBlank() ? "AUTO" : config.instanceId());
        props.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        props.setProperty("org.quartz.scheduler.idleWaitTime", Long.toString(Math.max(1000, config.pollInterval())));
        String poolKey = UUID.randomUUID().toString();
        props.setProperty("org.quartz.threadPool.class", DrainableThreadPool.class.getName());
        props.setProperty("org.quartz.threadPool.drainKey", poolKey);
        props.setProperty("org.quartz.threadPool.threadCount", Integer.toString(Math.max(1, config.workerThreads())));
        props.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        props.setProperty("org.quartz.jobStore.driverDelegateClass", dialect.delegate);
        props.setProperty("org.quartz.jobStore.dataSource", connectionName);
        props.setProperty("org.quartz.jobStore.useProperties", "true");
        props.setProperty("org.quartz.jobStore.isClustered", Boolean.toString(config.clustered()));
        props.setProperty("org.quartz.jobStore.clusterCheckinInterval", Long.toString(config.clusterCheckinInterval()));
        // Quartz loads job classes by name from the database; it finds ours through the loader of
        // the thread that built the scheduler.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(QuartzJobDispatcher.class.getClassLoader());
        Scheduler created = null;
        try {
            created = new StdSchedulerFactory(props).getScheduler();
            // Quartz keeps schedulers in a JVM-wide map by name, and a later factory with the same name
            // would hand out this one: this dispatcher owns its scheduler, no one looks it up.
            SchedulerRepository.getInstance().remove(config.schedulerName());
            this.workers = DrainableThreadPool.take(poolKey);
            created.setJobFactory((bundle, s) -> newJob(bundle.getJobDetail().getJobClass()));
            created.start();
            this.scheduler = created;
            this.syncs = new SyncTriggers(created, Duration.ofSeconds(Math.max(1, config.syncMinimumIntervalSeconds())));
        } catch (SchedulerException | RuntimeException e) {
            if (created != null) {
                created.shutdown(false);
            }
            throw e;
        } finally {
            thread.setContextClassLoader(previous);
        }
        for (UUID id : executor.runnableJobs()) {
            dispatch(id);
        }
        LOG.info("scheduler {} ({}) started with {} workers on {}{}", config.schedulerName(), scheduler.getSchedulerInstanceId(),
                config.workerThreads(), dialect, config.clustered()
                        ? ", clustered, check-in every " + config.clusterCheckinInterval() + " ms" : "");
    }

    /**
     * A node that is not clustered recovers, at start, every job Quartz lists as running, and so
     * would run the jobs of live cluster nodes a second time at once: refuse to start beside them.
     */
    private static void refuseIfAClusterIsRunning(Connection c, String schedulerName) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT INSTANCE_NAME, LAST_CHECKIN_TIME, CHECKIN_INTERVAL "
                + "FROM QRTZ_SCHEDULER_STATE WHERE SCHED_NAME = ?")) {
            s.setString(1, schedulerName);
            try (ResultSet rs = s.executeQuery()) {
                long now = System.currentTimeMillis();
                while (rs.next()) {
                    long ago = now - rs.getLong(2);
                    long deadAfter = rs.getLong(3) + QUARTZ_FAILURE_GRACE_MS;
                    if (ago < deadAfter) {
                        throw new IllegalStateException("clustered=false, but node " + rs.getString(1) + " of cluster '"
                                + schedulerName + "' checked in to this database " + Math.max(0, ago) + " ms ago: set "
                                + "clustered=true on every node that shares the database (if that node is stopped, "
                                + "start this one again in " + (deadAfter - ago) + " ms)");
                    }
                }
            }
        }
    }

    private Job newJob(Class<? extends Job> type) throws SchedulerException {
        if (type == TransferQuartzJob.class) {
            return new TransferQuartzJob(executor);
        }
        if (type == SyncQuartzJob.class) {
            return new SyncQuartzJob(() -> syncRunner);
        }
        throw new SchedulerException("unknown job class " + type.getName());
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindSyncRunner(SyncRunner runner) {
        this.syncRunner = runner;
    }

    void unbindSyncRunner(SyncRunner runner) {
        if (syncRunner == runner) {
            syncRunner = null;
        }
    }

    @Override
    public void validate(Schedule schedule) throws InvalidScheduleException {
        syncs.validate(schedule);
    }

    @Override
    public Instant schedule(UUID syncId, Schedule schedule) throws InvalidScheduleException {
        try {
            return syncs.schedule(syncId, schedule);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot schedule sync " + syncId + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void unschedule(UUID syncId) {
        try {
            syncs.unschedule(syncId);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot remove the schedule of sync " + syncId + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Instant> nextRun(UUID syncId) {
        try {
            return syncs.nextRun(syncId);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot read the schedule of sync " + syncId + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes sure the job runs (again) on some node. When Quartz holds the job already and has no run
     * of it to come, e.g. because it is running now (here or on another node) and is about to stop,
     * one more trigger runs it after the current run ends: Quartz never runs it twice at once
     * ({@link org.quartz.DisallowConcurrentExecution}), and a run finding nothing to do ends at once.
     */
    @Override
    public void dispatch(UUID jobId) {
        dispatchAt(jobId, Instant.EPOCH);
    }

    /** As {@link #dispatch}, with the first run's trigger at {@code notBefore} (a grace period's end). */
    @Override
    public void dispatchAt(UUID jobId, Instant notBefore) {
        JobKey key = new JobKey(jobId.toString(), GROUP);
        SchedulerException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                if (!scheduler.checkExists(key)) {
                    JobDetail job = JobBuilder.newJob(TransferQuartzJob.class)
                            .withIdentity(key)
                            .usingJobData(TransferQuartzJob.JOB_ID, jobId.toString())
                            .requestRecovery(true)
                            .build();
                    scheduler.scheduleJob(job, trigger(key, notBefore));
                } else if (scheduler.getTriggersOfJob(key).stream().noneMatch(t -> t.getNextFireTime() != null)) {
                    scheduler.scheduleJob(trigger(key, notBefore));
                }
                return;
            } catch (ObjectAlreadyExistsException e) {
                LOG.debug("job {} was dispatched meanwhile", jobId);
                last = e; // the job is there now: look again
            } catch (JobPersistenceException e) {
                LOG.debug("job {} changed while dispatching it: {}", jobId, e.getMessage());
                last = e; // e.g. its last run ended and Quartz deleted it: look again
            } catch (SchedulerException e) {
                last = e;
                break;
            }
        }
        throw new IllegalStateException("cannot schedule transfer " + jobId + ": " + last.getMessage(), last);
    }

    private static Trigger trigger(JobKey key, Instant notBefore) {
        TriggerBuilder<Trigger> trigger = TriggerBuilder.newTrigger().forJob(key);
        return (notBefore.isAfter(Instant.now()) ? trigger.startAt(Date.from(notBefore)) : trigger.startNow()).build();
    }

    /** This node's scheduler; for tests. */
    Scheduler scheduler() {
        return scheduler;
    }

    @Deactivate
    void deactivate() throws SchedulerException {
        // No new runs start here. Running transfers stop at their next checkpoint and stay RUNNING;
        // each gets a trigger first, so another node (clustered) or this one at its next start runs
        // it on, once this run has ended.
        workers.drain();
        scheduler.standby();
        for (JobExecutionContext running : scheduler.getCurrentlyExecutingJobs()) {
            JobKey key = running.getJobDetail().getKey();
            if (!GROUP.equals(key.getGroup())) {
                continue; // a sync starting a run: it ends at once
            }
            try {
                dispatch(UUID.fromString(key.getName()));
            } catch (RuntimeException e) {
                LOG.warn("transfer {} runs on at the next start of a node only: {}", key.getName(), e.getMessage());
            }
            scheduler.interrupt(key);
        }
        workers.halting();
        scheduler.shutdown(true);
    }

    private record Connections(DataSource dataSource) implements ConnectionProvider {
        @Override
        public Connection getConnection() throws SQLException {
            return dataSource.getConnection();
        }

        @Override
        public void shutdown() {
        }

        @Override
        public void initialize() {
        }
    }
}
