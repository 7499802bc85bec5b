package org.dtp.scheduler.quartz;

import org.dtp.transfer.execution.JobDispatcher;
import org.dtp.transfer.execution.JobExecutor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.UUID;

/**
 * Runs transfers on a Quartz worker pool with Quartz's JDBC job store in the job store database:
 * a dispatched job survives a restart, and a job that was running when its node died is run again
 * (Quartz recovery), resuming from its checkpoint.
 */
@Component(service = JobDispatcher.class, configurationPid = QuartzJobDispatcher.PID, immediate = true)
@Designate(ocd = QuartzJobDispatcher.Config.class)
public final class QuartzJobDispatcher implements JobDispatcher {
    public static final String PID = "org.dtp.scheduler";
    private static final Logger LOG = LoggerFactory.getLogger(QuartzJobDispatcher.class);
    private static final String GROUP = "dtp-transfers";

    @ObjectClassDefinition(name = "dtp scheduler", description = "The worker pool that runs transfers.")
    public @interface Config {
        @AttributeDefinition(name = "Worker threads", description = "Transfers that run at once on this node.")
        int workerThreads() default 4;

        @AttributeDefinition(name = "Clustered", description = "Set on every node when several nodes share one PostgreSQL database.")
        boolean clustered() default false;

        @AttributeDefinition(name = "Scheduler name", description = "Nodes of one cluster share it.")
        String schedulerName() default "dtp";
    }

    private final Scheduler scheduler;
    private final JobExecutor executor;

    @Activate
    public QuartzJobDispatcher(@Reference(target = "(dtp.jobstore=true)") DataSource dataSource,
                               @Reference JobExecutor executor, Config config) throws SchedulerException, SQLException {
        this.executor = executor;
        QuartzSchema.Dialect dialect;
        try (Connection c = dataSource.getConnection()) {
            dialect = QuartzSchema.Dialect.of(c);
            if (QuartzSchema.ensure(c, dialect)) {
                LOG.info("created the Quartz tables");
            }
        }
        String connectionName = "dtp-" + config.schedulerName();
        DBConnectionManager.getInstance().addConnectionProvider(connectionName, new Connections(dataSource));
        Properties props = new Properties();
        props.setProperty("org.quartz.scheduler.instanceName", config.schedulerName());
        props.setProperty("org.quartz.scheduler.instanceId", "AUTO");
        props.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        props.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        props.setProperty("org.quartz.threadPool.threadCount", Integer.toString(Math.max(1, config.workerThreads())));
        props.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        props.setProperty("org.quartz.jobStore.driverDelegateClass", dialect.delegate);
        props.setProperty("org.quartz.jobStore.dataSource", connectionName);
        props.setProperty("org.quartz.jobStore.useProperties", "true");
        props.setProperty("org.quartz.jobStore.isClustered", Boolean.toString(config.clustered()));
        // Quartz loads job classes by name from the database; it finds ours through the loader of
        // the thread that built the scheduler.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(QuartzJobDispatcher.class.getClassLoader());
        try {
            this.scheduler = new StdSchedulerFactory(props).getScheduler();
            scheduler.setJobFactory((bundle, s) -> newJob(bundle.getJobDetail().getJobClass()));
            scheduler.start();
        } finally {
            thread.setContextClassLoader(previous);
        }
        for (UUID id : executor.runnableJobs()) {
            dispatch(id);
        }
        LOG.info("scheduler {} started with {} workers on {}", config.schedulerName(), config.workerThreads(), dialect);
    }

    private Job newJob(Class<? extends Job> type) throws SchedulerException {
        if (type != TransferQuartzJob.class) {
            throw new SchedulerException("unknown job class " + type.getName());
        }
        return new TransferQuartzJob(executor);
    }

    @Override
    public void dispatch(UUID jobId) {
        JobKey key = new JobKey(jobId.toString(), GROUP);
        try {
            if (scheduler.checkExists(key)) {
                return;
            }
            JobDetail job = JobBuilder.newJob(TransferQuartzJob.class)
                    .withIdentity(key)
                    .usingJobData(TransferQuartzJob.JOB_ID, jobId.toString())
                    .requestRecovery(true)
                    .build();
            scheduler.scheduleJob(job, TriggerBuilder.newTrigger().forJob(key).startNow().build());
        } catch (org.quartz.ObjectAlreadyExistsException e) {
            LOG.debug("job {} was dispatched meanwhile", jobId);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot schedule transfer " + jobId + ": " + e.getMessage(), e);
        }
    }

    @Deactivate
    void deactivate() throws SchedulerException {
        // Running transfers stop at their next checkpoint and stay RUNNING, so the next start resumes them.
        for (JobExecutionContext running : scheduler.getCurrentlyExecutingJobs()) {
            scheduler.interrupt(running.getJobDetail().getKey());
        }
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
