package org.dtp.spi.http;

import org.dtp.spi.AdapterException;
import org.osgi.annotation.versioning.ConsumerType;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What a provider's answers mean beyond their status: which are rate limits and until when (Google's 403
 * {@code rateLimitExceeded}, X's {@code x-rate-limit-reset}, Meta's usage headers), which are transient, which say
 * the destination is full, and which a provider's own error format maps to another failure. Set per provider on
 * {@link ProviderHttp.Builder#answerPolicy}; called on the sending thread for every answer, successes included (a
 * success can announce that the window is used up). Must not throw. Since 1.5.
 */
@ConsumerType
@FunctionalInterface
public interface AnswerPolicy {
    /** Reads every answer by its status alone (the class comment of {@link ProviderHttp}). */
    AnswerPolicy BY_STATUS = answer -> Reading.BY_STATUS;

    Reading read(ProviderAnswer answer);

    /** What an answer means. */
    final class Reading {
        /** As its status says (for a success: a success). */
        public static final Reading BY_STATUS = new Reading(Kind.BY_STATUS, null, null, null, null);

        enum Kind { BY_STATUS, SLOW_DOWN, RATE_LIMITED, TRANSIENT, DESTINATION_FULL, FAILURE }

        final Kind kind;
        final Duration wait;
        final Instant retryAt;
        final String note;
        final AdapterException failure;

        private Reading(Kind kind, Duration wait, Instant retryAt, String note, AdapterException failure) {
            this.kind = kind;
            this.wait = wait;
            this.retryAt = retryAt;
            this.note = note;
            this.failure = failure;
        }

        /** A success that used up the provider's window: the shared rate limiter waits {@code wait} first. */
        public static Reading slowDown(Duration wait) {
            return new Reading(Kind.SLOW_DOWN, Objects.requireNonNull(wait, "wait"), null, null, null);
        }

        /**
         * A rate limit, whatever the status: the rate limiter slows down and waits {@code wait} (null: the answer's
         * Retry-After, if any), and the call fails as transient, to be tried again. {@code note} says why in the
         * message (e.g. "rate limit window resets in 42 s"); null: "a rate limit".
         */
        public static Reading rateLimited(Duration wait, String note) {
            return new Reading(Kind.RATE_LIMITED, wait, null, note, null);
        }

        /** A failure worth trying again (a provider's "temporarily unavailable" under a 4xx). */
        public static Reading transientFailure(String note) {
            return new Reading(Kind.TRANSIENT, null, null, note, null);
        }

        /** The destination is full or its quota used up: the transfer pauses until {@code retryAt} (null: the engine's wait). */
        public static Reading destinationFull(Instant retryAt, String note) {
            return new Reading(Kind.DESTINATION_FULL, null, retryAt, note, null);
        }

        /** The adapter's own reading of an error answer, thrown as it is. */
        public static Reading failure(AdapterException failure) {
            return new Reading(Kind.FAILURE, null, null, null, Objects.requireNonNull(failure, "failure"));
        }
    }
}
