package org.dtp.scheduler.quartz;

import org.dtp.transfer.execution.SyncRunner;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.UUID;
import java.util.function.Supplier;

/**
 * The Quartz job of one sync: each time its trigger fires (on one node of the cluster), it asks the sync service to
 * start a run. Never two at once for one sync, in the whole cluster ({@link DisallowConcurrentExecution}), so the
 * service's "has the previous run ended?" check and its start of the next run are not raced by another fire.
 */
@DisallowConcurrentExecution
public final class SyncQuartzJob implements Job {
    static final String SYNC_ID = "syncId";
    private static final Logger LOG = LoggerFactory.getLogger(SyncQuartzJob.class);

    private final Supplier<SyncRunner> runner;

    SyncQuartzJob(Supplier<SyncRunner> runner) {
        this.runner = runner;
    }

    @Override
    public void execute(JobExecutionContext context) {
        UUID syncId = UUID.fromString(context.getMergedJobDataMap().getString(SYNC_ID));
        SyncRunner current = runner.get();
        if (current == null) {
            LOG.warn("sync {} is due, but no sync service is running on this node; its run waits for the next time", syncId);
            return;
        }
        current.run(syncId);
    }
}
