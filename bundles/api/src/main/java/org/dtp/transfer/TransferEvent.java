package org.dtp.transfer;

import java.time.Instant;
import java.util.Objects;

/**
 * A change in a transfer's life that its owner may want to hear of. {@code job} is the transfer as it is right
 * after the change. Since 1.3.
 */
public record TransferEvent(Kind kind, TransferJob job, Instant at) {
    public enum Kind {
        /** Accepted and queued; {@link TransferJob#startsAt()} says when it may start. */
        CREATED,
        /** Ended: completed (perhaps with item errors), failed or cancelled; see {@link TransferJob#state()}. */
        ENDED,
        /**
         * Paused until something outside the server changes: its destination is full (no space, a quota used up);
         * {@link TransferJob#stateReason()} says what and when it tries again. Its owner may make room and resume it.
         *
         * @since 1.6
         */
        WAITING
    }

    public TransferEvent {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(at, "at");
    }
}
