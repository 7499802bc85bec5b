package org.dtp.spi;

import java.time.Duration;
import java.util.Optional;

/**
 * A failure that may pass: a timeout, a 5xx, a 429. The engine retries with backoff and jitter per
 * its retry policy; a provider's {@code Retry-After} given here is honoured as the least wait.
 */
public class TransientAdapterException extends AdapterException {
    private final Duration retryAfter;

    public TransientAdapterException(String message, Throwable cause) {
        this(message, cause, null);
    }

    public TransientAdapterException(String message, Throwable cause, Duration retryAfter) {
        super(message, cause);
        this.retryAfter = retryAfter;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
