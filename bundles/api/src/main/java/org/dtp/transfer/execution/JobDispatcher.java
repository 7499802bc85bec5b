package org.dtp.transfer.execution;

import org.osgi.annotation.versioning.ConsumerType;

import java.time.Instant;
import java.util.UUID;

/** Runs jobs on workers, durably: a dispatched job runs even if the node restarts first. */
@ConsumerType
public interface JobDispatcher {
    /** Schedules the job to run now; does nothing if it is already scheduled or running. */
    void dispatch(UUID jobId);

    /**
     * Schedules the job to run at {@code notBefore}, or now if that has passed; does nothing if it is already
     * scheduled or running. A dispatcher that cannot delay (one of a test or a tool) refuses a time to come.
     *
     * @throws UnsupportedOperationException if {@code notBefore} is to come and this dispatcher cannot wait for it
     * @since 1.1
     */
    default void dispatchAt(UUID jobId, Instant notBefore) {
        if (notBefore.isAfter(Instant.now())) {
            throw new UnsupportedOperationException(getClass().getName() + " cannot delay the start of a job");
        }
        dispatch(jobId);
    }
}
