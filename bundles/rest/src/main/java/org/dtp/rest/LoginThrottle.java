package org.dtp.rest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down guessing: after {@code freeFailures} failed logins of one key (a user name, a client address), each
 * further failure locks that key for a delay that doubles from {@code firstDelay} up to {@code maxDelay}. While a key
 * is locked its logins are refused without checking the password, so even the right one does not work until the
 * delay has passed; a success forgets the key's failures, and so does a quiet {@code maxDelay} after its last
 * failure (a few mistakes spread over months must not lock an address shared by many). At most {@code maxKeys} keys
 * are remembered (the oldest lock goes first), so that a flood of names cannot fill the memory.
 */
final class LoginThrottle {
    private final int freeFailures;
    private final Duration firstDelay;
    private final Duration maxDelay;
    private final int maxKeys;
    private final Clock clock;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    private record Failures(int count, Instant lockedUntil, Instant last) {
    }

    /** Whether {@code f} is old enough to be forgotten: no failure for {@code maxDelay}, and no lock left. */
    private boolean stale(Failures f, Instant now) {
        return f.last().plus(maxDelay).isBefore(now) && (f.lockedUntil() == null || f.lockedUntil().isBefore(now));
    }

    LoginThrottle(int freeFailures, Duration firstDelay, Duration maxDelay, int maxKeys, Clock clock) {
        this.freeFailures = freeFailures;
        this.firstDelay = firstDelay;
        this.maxDelay = maxDelay;
        this.maxKeys = maxKeys;
        this.clock = clock;
    }

    /** How long {@code key} is still locked; zero when it may try. */
    Duration lockedFor(String key) {
        Failures f = key == null ? null : failures.get(key);
        if (f == null || f.lockedUntil() == null) {
            return Duration.ZERO;
        }
        Duration left = Duration.between(clock.instant(), f.lockedUntil());
        return left.isNegative() ? Duration.ZERO : left;
    }

    void failed(String key) {
        if (key == null) {
            return;
        }
        if (failures.size() >= maxKeys && !failures.containsKey(key)) {
            forgetOne();
        }
        Instant now = clock.instant();
        failures.compute(key, (k, f) -> {
            int count = f == null || stale(f, now) ? 1 : f.count() + 1;
            int over = count - freeFailures;
            if (over <= 0) {
                return new Failures(count, null, now);
            }
            long millis = firstDelay.toMillis() << Math.min(over - 1, 30);
            Duration delay = millis <= 0 || millis > maxDelay.toMillis() ? maxDelay : Duration.ofMillis(millis);
            return new Failures(count, now.plus(delay), now);
        });
    }

    void succeeded(String key) {
        if (key != null) {
            failures.remove(key);
        }
    }

    /** Drops an entry that is not locked, or else the one whose lock ends first. */
    private void forgetOne() {
        Instant now = clock.instant();
        String first = null;
        Instant firstEnd = null;
        for (Iterator<Map.Entry<String, Failures>> it = failures.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Failures> e = it.next();
            Instant end = e.getValue().lockedUntil();
            if (end == null || end.isBefore(now)) {
                it.remove();
                return;
            }
            if (firstEnd == null || end.isBefore(firstEnd)) {
                first = e.getKey();
                firstEnd = end;
            }
        }
        if (first != null) {
            failures.remove(first);
        }
    }
}
