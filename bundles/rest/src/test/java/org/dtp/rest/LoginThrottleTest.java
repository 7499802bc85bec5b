package org.dtp.rest;

import org.junit.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class LoginThrottleTest {
    /** A clock the test moves. */
    private static final class Manual extends Clock {
        Instant now = Instant.parse("2026-12-05T10:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final Manual clock = new Manual();
    private final LoginThrottle throttle = new LoginThrottle(2, Duration.ofSeconds(1), Duration.ofMinutes(15), 100, clock);

    @Test
    public void afterTheFreeFailuresEachFailureLocksForADoublingDelayUpToTheCap() {
        throttle.failed("ann");
        throttle.failed("ann");
        assertEquals(Duration.ZERO, throttle.lockedFor("ann"));

        throttle.failed("ann");
        assertEquals(Duration.ofSeconds(1), throttle.lockedFor("ann"));
        throttle.failed("ann");
        assertEquals(Duration.ofSeconds(2), throttle.lockedFor("ann"));
        for (int i = 0; i < 40; i++) {
            throttle.failed("ann");
        }
        assertEquals(Duration.ofMinutes(15), throttle.lockedFor("ann"));
        assertEquals(Duration.ZERO, throttle.lockedFor("bob"));
    }

    @Test
    public void aQuietSpellAfterTheLastFailureForgetsTheCount() {
        for (int i = 0; i < 5; i++) {
            throttle.failed("10.0.0.1");
        }
        assertTrue(throttle.lockedFor("10.0.0.1").compareTo(Duration.ZERO) > 0);

        clock.now = clock.now.plus(Duration.ofMinutes(16));
        throttle.failed("10.0.0.1"); // one mistake months later does not lock a shared address again

        assertEquals(Duration.ZERO, throttle.lockedFor("10.0.0.1"));
    }

    @Test
    public void aSuccessForgetsTheFailures() {
        for (int i = 0; i < 3; i++) {
            throttle.failed("ann");
        }
        throttle.succeeded("ann");
        throttle.failed("ann");

        assertEquals(Duration.ZERO, throttle.lockedFor("ann"));
    }
}
