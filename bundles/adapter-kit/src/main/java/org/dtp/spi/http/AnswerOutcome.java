package org.dtp.spi.http;

import org.dtp.spi.AdapterException;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** What an {@link AnswerPolicy} made of an error answer. Immutable. Since 2.0. */
public final class AnswerOutcome {
    /** The kinds of outcome. */
    public enum Kind {
        /** The status decides, as {@link ProviderHttp}'s class comment says. */
        BY_STATUS,
        /** A failure the engine retries: a {@link org.dtp.spi.TransientAdapterException}. */
        TRANSIENT,
        /** The provider limits the rate: the client's {@link RateLimiter} slows down and waits until {@link #retryAt}. */
        RATE_LIMITED,
        /** The destination has no room (a storage quota): a {@link org.dtp.spi.DestinationFullException}. */
        DESTINATION_FULL,
        /** The adapter's own {@link #failure}. */
        FAILURE
    }

    private static final AnswerOutcome BY_STATUS = new AnswerOutcome(Kind.BY_STATUS, null, null, null, null);
    private static final AnswerOutcome TRANSIENT = new AnswerOutcome(Kind.TRANSIENT, null, null, null, null);

    private final Kind kind;
    private final Instant retryAt;
    private final Duration retryAfter;
    private final AdapterException failure;
    private final String reason;

    private AnswerOutcome(Kind kind, Instant retryAt, Duration retryAfter, AdapterException failure, String reason) {
        this.kind = kind;
        this.retryAt = retryAt;
        this.retryAfter = retryAfter;
        this.failure = failure;
        this.reason = reason;
    }

    public static AnswerOutcome byStatus() {
        return BY_STATUS;
    }

    public static AnswerOutcome transientFailure() {
        return TRANSIENT;
    }

    /** A rate limit until {@code retryAt}; null: until the answer's Retry-After, if it has one. */
    public static AnswerOutcome rateLimited(Instant retryAt) {
        return new AnswerOutcome(Kind.RATE_LIMITED, retryAt, null, null, null);
    }

    /** A rate limit for {@code wait} from the answer on, for a provider that says how long rather than until when. */
    public static AnswerOutcome rateLimitedFor(Duration wait) {
        return new AnswerOutcome(Kind.RATE_LIMITED, null, Objects.requireNonNull(wait, "wait"), null, null);
    }

    /** No room until {@code retryAt}; null: unknown (until the user makes room or the engine tries again). */
    public static AnswerOutcome destinationFull(Instant retryAt) {
        return new AnswerOutcome(Kind.DESTINATION_FULL, retryAt, null, null, null);
    }

    /** Fails with {@code failure}, e.g. an exception an adapter makes from a provider's own error code. */
    public static AnswerOutcome failure(AdapterException failure) {
        return new AnswerOutcome(Kind.FAILURE, null, null, Objects.requireNonNull(failure, "failure"), null);
    }

    /**
     * This outcome, its failure's message saying {@code reason} (e.g. the provider's error code and message, nothing
     * secret) where it would quote the message field of the answer's JSON.
     */
    public AnswerOutcome because(String reason) {
        return new AnswerOutcome(kind, retryAt, retryAfter, failure, Objects.requireNonNull(reason, "reason"));
    }

    public Kind kind() {
        return kind;
    }

    public Optional<Instant> retryAt() {
        return Optional.ofNullable(retryAt);
    }

    /** The wait of a {@link #rateLimitedFor} outcome. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /** The adapter's exception of a {@link Kind#FAILURE}; null otherwise. */
    AdapterException failure() {
        return failure;
    }

    @Override
    public String toString() {
        return kind + (retryAt == null ? "" : " until " + retryAt) + (retryAfter == null ? "" : " for " + retryAfter);
    }
}
