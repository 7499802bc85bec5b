package org.dtp.scheduler.quartz;

import org.dtp.transfer.execution.JobExecutor;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.InterruptableJob;
import org.quartz.JobExecutionContext;

import java.util.UUID;

/**
 * The Quartz job that runs one transfer. Interrupting it (at shutdown) stops the transfer at its
 * next checkpoint without changing its state, so the next start runs it on.
 */
@DisallowConcurrentExecution
public final class TransferQuartzJob implements InterruptableJob {
    static final String JOB_ID = "jobId";

    private final JobExecutor executor;
    private volatile UUID jobId;

    TransferQuartzJob(JobExecutor executor) {
        this.executor = executor;
    }

    @Override
    public void execute(JobExecutionContext context) {
        jobId = UUID.fromString(context.getMergedJobDataMap().getString(JOB_ID));
        executor.execute(jobId);
    }

    @Override
    public void interrupt() {
        UUID id = jobId;
        if (id != null) {
            executor.stop(id);
        }
    }
}
