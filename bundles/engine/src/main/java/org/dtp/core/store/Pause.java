package org.dtp.core.store;

import java.time.Instant;
import java.util.Objects;

/**
 * Why a paused job waits, kept with its transition in columns of its own, so that the engine finds the jobs to
 * resume or fail by query and never by reading the sentence shown to people.
 *
 * @param cause   what the job waits for
 * @param adapter the missing adapter as people read it, {@code "provider (export) VERTICAL"}
 *                ({@link Cause#ADAPTER_MISSING}); null otherwise, and for jobs paused before the cause was kept
 * @param retryAt when a {@link Cause#DESTINATION_FULL} job tries again; null: at once
 */
public record Pause(Cause cause, String adapter, Instant retryAt) {
    public enum Cause {
        /** An adapter the job needs is not installed, stopped or revoked; it resumes when one comes back. */
        ADAPTER_MISSING,
        /** The destination is full or its quota used up; it tries again at {@link #retryAt}. */
        DESTINATION_FULL
    }

    public Pause {
        Objects.requireNonNull(cause, "cause");
    }

    public static Pause adapterMissing(String adapter) {
        return new Pause(Cause.ADAPTER_MISSING, adapter, null);
    }

    public static Pause destinationFull(Instant retryAt) {
        return new Pause(Cause.DESTINATION_FULL, null, retryAt);
    }

    /** A paused job found by its cause, with the time of its last transition. */
    public record PausedJob(java.util.UUID id, Pause pause, Instant pausedAt) {
    }
}
