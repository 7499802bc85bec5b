package org.dtp.transfer.execution;

import org.osgi.annotation.versioning.ProviderType;

import java.util.List;
import java.util.UUID;

/** Copies a job on the calling thread until it ends, pauses or is stopped. */
@ProviderType
public interface JobExecutor {

    /**
     * Runs the job from its last checkpoint. Returns when the job has ended, paused or was stopped
     * by {@link #stop(UUID)}; a stopped job keeps its state and is run again by the next dispatch.
     */
    void execute(UUID jobId);

    /** Asks a running job to stop at its next checkpoint without changing its state (e.g. at shutdown). */
    void stop(UUID jobId);

    /** Jobs that should be running (queued, or running when their node stopped). */
    List<UUID> runnableJobs();
}
