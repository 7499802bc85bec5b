package org.dtp.spi.http;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Which of a provider's error answers say "too many requests" under another status than 429: Google, for one,
 * answers some quota errors with 403 and the reason {@code rateLimitExceeded}. {@link ProviderHttp} handles such an
 * answer as a 429: the {@link RateLimiter} slows down and honours the answer's Retry-After, and the failure is a
 * {@link org.dtp.spi.TransientAdapterException} the engine retries with backoff, not a refused authorization or a
 * rejected item. Given to {@link ProviderHttp.Builder#rateLimitAnswers}. Since 1.4.
 */
@ConsumerType
@FunctionalInterface
public interface RateLimitAnswers {
    /** Only a 429 is a rate limit. */
    RateLimitAnswers NONE = (status, body) -> false;

    /**
     * Whether an answer with {@code status} (not 2xx) and {@code body} (its first 16 KiB as UTF-8, maybe empty)
     * means the provider is limiting the rate of requests. Called on the sending thread; must not throw.
     */
    boolean isRateLimit(int status, String body);
}
