package org.dtp.core.engine;

import org.dtp.core.store.Pause;
import org.dtp.transfer.JobState;

/** How copying a job's pages ended; recorded once the pending run is written. Null {@code to}: stopped. */
record Outcome(JobState to, String reason, Pause pause) {
    static final Outcome STOPPED = new Outcome(null, null, null);
    static final Outcome DONE = new Outcome(JobState.COMPLETED, null, null);

    /** Paused until the {@code adapter} ("provider (export) VERTICAL") comes back. */
    static Outcome adapterMissing(String adapter, String reason) {
        return new Outcome(JobState.PAUSED, reason, Pause.adapterMissing(adapter));
    }

    static Outcome failed(String reason) {
        return new Outcome(JobState.FAILED, reason, null);
    }

    /** Paused until {@code retryAt} (or a resume), because the destination is full. */
    static Outcome destinationFull(String what, java.time.Instant retryAt) {
        return new Outcome(JobState.PAUSED, TransferEngine.DESTINATION_FULL + what + TransferEngine.TRYING_AGAIN_AT + retryAt,
                Pause.destinationFull(retryAt));
    }
}
