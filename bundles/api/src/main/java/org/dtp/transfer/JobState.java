package org.dtp.transfer;

/** Where a transfer is in its life. Every change is persisted with its reason. */
public enum JobState {
    /** Accepted and waiting for a worker. */
    QUEUED,
    /** A worker is copying. */
    RUNNING,
    /** Stopped at a checkpoint (by the user, or waiting for an adapter); resumes from there. */
    PAUSED,
    COMPLETED,
    /** Done, but some items could not be copied; they are listed as errors. */
    COMPLETED_WITH_ERRORS,
    FAILED,
    CANCELLED;

    public boolean isFinal() {
        return this == COMPLETED || this == COMPLETED_WITH_ERRORS || this == FAILED || this == CANCELLED;
    }
}
