package org.dtp.core.engine;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/** Calls into adapters under the engine's retry policy: transient failures are tried again after a back-off. */
final class AdapterRetry {
    private static final Logger LOG = LoggerFactory.getLogger(AdapterRetry.class);

    /** Replaced when the engine's configuration changes; a call in progress keeps the policy it started with. */
    private volatile RetryPolicy policy;

    AdapterRetry(RetryPolicy policy) {
        this.policy = policy;
    }

    void setPolicy(RetryPolicy policy) {
        this.policy = policy;
    }

    /** Runs {@code call} under the retry policy; null when a stop was requested while waiting. */
    <T> T call(JobControls.Control control, AdapterCall<T> call) throws AdapterException, InterruptedException {
        RetryPolicy policy = this.policy;
        for (int attempt = 1; ; attempt++) {
            try {
                return call.call();
            } catch (TransientAdapterException e) {
                if (attempt >= policy.maxAttempts()) {
                    throw new AdapterException(e.getMessage() + " (gave up after " + attempt + " attempts)", e);
                }
                Duration delay = policy.delayAfter(attempt, e.retryAfter());
                LOG.debug("transient failure, attempt {} of {}, retrying in {}: {}", attempt, policy.maxAttempts(), delay, e.getMessage());
                if (!control.pause(delay)) {
                    return null;
                }
            }
        }
    }

    @FunctionalInterface
    interface AdapterCall<T> {
        T call() throws AdapterException;
    }
}
