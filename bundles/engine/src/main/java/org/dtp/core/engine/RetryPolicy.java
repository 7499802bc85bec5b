package org.dtp.core.engine;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter for transient adapter failures: attempt {@code n} (from 1) waits
 * {@code min(maxDelay, initialDelay * multiplier^(n-1))}, spread by ±{@code jitter} so that many
 * jobs failing together do not retry together; a provider's Retry-After is the least wait.
 */
public record RetryPolicy(int maxAttempts, Duration initialDelay, Duration maxDelay, double multiplier, double jitter) {

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
        if (multiplier < 1) {
            throw new IllegalArgumentException("multiplier must be at least 1");
        }
        if (jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("jitter must be in [0, 1)");
        }
    }

    /** The wait before attempt {@code attempt + 1}, after attempt {@code attempt} failed. */
    public Duration delayAfter(int attempt, Optional<Duration> retryAfter) {
        double base = initialDelay.toMillis() * Math.pow(multiplier, attempt - 1);
        double capped = Math.min(maxDelay.toMillis(), base);
        double spread = capped * jitter * (ThreadLocalRandom.current().nextDouble() * 2 - 1);
        long millis = Math.max(0, Math.round(capped + spread));
        long least = retryAfter.map(Duration::toMillis).orElse(0L);
        return Duration.ofMillis(Math.max(millis, least));
    }
}
