package org.dtp.spi.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Reads an HTTP {@code Retry-After} value (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. */
public final class RetryAfter {
    /** A longer wait than this is taken as this: a day is more than any provider window we know of. */
    public static final Duration LONGEST = Duration.ofDays(1);

    private RetryAfter() {
    }

    /**
     * The wait {@code value} asks for, measured from {@code clock}'s now; a date in the past gives
     * zero; a value that is neither form gives empty.
     */
    public static Optional<Duration> parse(String value, Clock clock) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String text = value.trim();
        if (text.chars().allMatch(Character::isDigit)) {
            if (text.length() > 12) {
                return Optional.of(LONGEST);
            }
            Duration seconds = Duration.ofSeconds(Long.parseLong(text));
            return Optional.of(seconds.compareTo(LONGEST) > 0 ? LONGEST : seconds);
        }
        try {
            Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(clock.instant(), at);
            if (wait.isNegative()) {
                return Optional.of(Duration.ZERO);
            }
            return Optional.of(wait.compareTo(LONGEST) > 0 ? LONGEST : wait);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
