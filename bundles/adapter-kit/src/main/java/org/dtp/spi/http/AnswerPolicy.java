package org.dtp.spi.http;

import org.osgi.annotation.versioning.ConsumerType;

import java.time.Instant;
import java.util.Optional;

/**
 * What a provider's answers mean beyond their status, given to {@link ProviderHttp.Builder#answerPolicy}: which error
 * answers are transient, which are a rate limit and until when (Google's 403 {@code rateLimitExceeded}, X's
 * {@code x-rate-limit-reset}), which say the destination is full (a quota of storage), and which successes say the
 * window is used up. Called on the sending thread; must not throw. Since 2.0 (it replaces {@code RateLimitAnswers}).
 */
@ConsumerType
@FunctionalInterface
public interface AnswerPolicy {
    /** The status alone decides, as {@link ProviderHttp}'s class comment says. */
    AnswerPolicy BY_STATUS = answer -> AnswerOutcome.byStatus();

    /** What an error answer (not 2xx; a 401 after the signer had its say) means. */
    AnswerOutcome judge(ProviderAnswer answer);

    /**
     * Until when every request of the client waits after the successful {@code answer} (its body not read here), e.g.
     * when its headers say no request is left in the window; empty (the default) for no wait.
     */
    default Optional<Instant> pauseAfter(ProviderAnswer answer) {
        return Optional.empty();
    }
}
