package org.dtp.transfer.sync;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a sync runs: every {@code every} (the first run at once when the sync is made or resumed), or at the times a
 * Quartz cron expression names ({@code "0 0 3 * * ?"}: at 03:00 every day, server time). Exactly one of the two is set. Whether
 * it is acceptable (a valid expression, not more often than the server allows) is checked by
 * {@link SyncService#create}.
 */
public record Schedule(Duration every, String cron) {
    private static final Pattern SHORT_INTERVAL = Pattern.compile("(\\d{1,6})\\s*([hms])");

    public Schedule {
        if ((every == null) == (cron == null || cron.isBlank())) {
            throw new IllegalArgumentException("a schedule is either an interval or a cron expression");
        }
        if (every != null && (every.isNegative() || every.isZero())) {
            throw new IllegalArgumentException("a sync's interval must be positive, not " + every);
        }
        cron = cron == null ? null : cron.trim();
    }

    public static Schedule every(Duration interval) {
        return new Schedule(Objects.requireNonNull(interval, "interval"), null);
    }

    /**
     * An interval as people write it: "6h", "90m", "30s", or ISO 8601 ("PT6H").
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static Duration interval(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Matcher shorthand = SHORT_INTERVAL.matcher(t);
        Duration interval;
        if (shorthand.matches()) {
            long n = Long.parseLong(shorthand.group(1));
            interval = switch (shorthand.group(2)) {
                case "h" -> Duration.ofHours(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofSeconds(n);
            };
        } else {
            try {
                interval = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("an interval is written as \"6h\", \"90m\" or \"PT6H\", not '" + text + "'");
            }
        }
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("an interval must be positive, not '" + text + "'");
        }
        return interval;
    }

    public static Schedule cron(String expression) {
        return new Schedule(null, Objects.requireNonNull(expression, "expression"));
    }

    /** "every 6 h", "every 90 min", "cron 0 0 3 * * ?". */
    @Override
    public String toString() {
        if (cron != null) {
            return "cron " + cron;
        }
        long minutes = every.toMinutes();
        if (every.toSeconds() % 60 != 0) {
            return "every " + every.toSeconds() + " s";
        }
        return minutes % 60 == 0 ? "every " + minutes / 60 + " h" : "every " + minutes + " min";
    }
}
