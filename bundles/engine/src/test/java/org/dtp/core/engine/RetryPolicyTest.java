package org.dtp.core.engine;

import org.junit.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class RetryPolicyTest {
    private final RetryPolicy policy = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(1000), 2, 0.2);

    @Test
    public void growsExponentiallyWithinTheJitter() {
        for (int i = 0; i < 200; i++) {
            long first = policy.delayAfter(1, Optional.empty()).toMillis();
            long third = policy.delayAfter(3, Optional.empty()).toMillis();
            assertTrue(first + " in [80,120]", first >= 80 && first <= 120);
            assertTrue(third + " in [320,480]", third >= 320 && third <= 480);
        }
    }

    @Test
    public void isCappedAtTheLongestDelay() {
        for (int i = 0; i < 200; i++) {
            assertTrue(policy.delayAfter(20, Optional.empty()).toMillis() <= 1200);
        }
    }

    @Test
    public void honoursRetryAfterAsTheLeastWait() {
        assertEquals(Duration.ofSeconds(7), policy.delayAfter(1, Optional.of(Duration.ofSeconds(7))));
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesAJitterOfOneOrMore() {
        new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1), 2, 1.0);
    }
}
