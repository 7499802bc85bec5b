package org.dtp.adapters.twitter;

import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.AnswerPolicy;
import org.dtp.spi.http.ProviderAnswer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * X's rate-limit window as its answers' headers tell it (https://docs.x.com/x-api/fundamentals/rate-limits):
 * {@code x-rate-limit-remaining} requests are left until {@code x-rate-limit-reset} (Unix seconds). A 429 without a
 * Retry-After is a rate limit until the reset, and a success with no request left holds every request back until then.
 */
final class RateLimitWindow implements AnswerPolicy {
    /** A reset further away than this is taken as this: X's windows are 15 minutes or a day, an hour is a safe retry. */
    static final Duration LONGEST = Duration.ofHours(1);

    private final Clock clock;

    RateLimitWindow(Clock clock) {
        this.clock = clock;
    }

    @Override
    public AnswerOutcome judge(ProviderAnswer answer) {
        if (answer.status() != 429 || answer.header("Retry-After").isPresent()) {
            return AnswerOutcome.byStatus();
        }
        return reset(answer).map(AnswerOutcome::rateLimited).orElse(AnswerOutcome.byStatus());
    }

    @Override
    public Optional<Instant> pauseAfter(ProviderAnswer answer) {
        return answer.header("x-rate-limit-remaining").map(RateLimitWindow::number).filter(n -> n == 0)
                .flatMap(n -> reset(answer));
    }

    /** The window's end, one second late (the header is in whole seconds, so that the window has surely turned). */
    private Optional<Instant> reset(ProviderAnswer answer) {
        Instant latest = clock.instant().plus(LONGEST);
        return answer.header("x-rate-limit-reset").map(RateLimitWindow::number).filter(s -> s > 0)
                .map(s -> Instant.ofEpochSecond(s).plusSeconds(1))
                .map(at -> at.isAfter(latest) ? latest : at);
    }

    private static long number(String text) {
        String t = text.strip();
        return t.matches("\\d{1,12}") ? Long.parseLong(t) : -1;
    }
}
