package org.dtp.transfer.execution;

import org.osgi.annotation.versioning.ConsumerType;

import java.util.UUID;

/** Runs jobs on workers, durably: a dispatched job runs even if the node restarts first. */
@ConsumerType
public interface JobDispatcher {
    /** Schedules the job to run now; does nothing if it is already scheduled or running. */
    void dispatch(UUID jobId);
}
