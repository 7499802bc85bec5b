package org.dtp.spi.http;

import org.junit.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;

public class RateLimiterTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final AtomicLong slept = new AtomicLong();

    private RateLimiter limiter(double rate, int burst) {
        return new RateLimiter(rate, burst, now::get, nanos -> {
            slept.addAndGet(nanos);
            now.addAndGet(nanos);
        });
    }

    @Test
    public void aLimiterWithinAnotherTakesAPermitOfBothAndPassesPushBackOn() throws InterruptedException {
        RateLimiter server = limiter(2, 1);
        RateLimiter ann = limiter(10, 1).within(server);
        RateLimiter bob = limiter(10, 1).within(server);
        ann.acquire();
        bob.acquire(); // ann's and bob's own buckets are full, but the server's allows 2/s: half a second
        assertEquals(500_000_000L, slept.get());

        ann.throttled(null);
        assertEquals(5.0, ann.currentRate(), 1e-9);
        assertEquals(1.0, server.currentRate(), 1e-9);
        assertEquals(10.0, bob.currentRate(), 1e-9);
        ann.succeeded();
        assertEquals(1.04, server.currentRate(), 1e-9);
        try {
            server.within(ann);
            org.junit.Assert.fail("a cycle of limiters");
        } catch (IllegalArgumentException expected) {
            // refused
        }
    }

    @Test
    public void aFullBucketLetsABurstThroughAtOnce() throws InterruptedException {
        RateLimiter limiter = limiter(2, 3);
        for (int i = 0; i < 3; i++) {
            limiter.acquire();
        }
        assertEquals(0, slept.get());
    }

    @Test
    public void anEmptyBucketWaitsOneIntervalPerPermit() throws InterruptedException {
        RateLimiter limiter = limiter(4, 1);
        limiter.acquire();
        limiter.acquire();
        limiter.acquire();
        assertEquals(500_000_000L, slept.get());
    }

    @Test
    public void idleTimeRefillsTheBucketUpToTheBurst() throws InterruptedException {
        RateLimiter limiter = limiter(1, 2);
        limiter.acquire();
        limiter.acquire();
        now.addAndGet(10_000_000_000L); // 10 s idle: only 2 tokens are kept
        limiter.acquire();
        limiter.acquire();
        assertEquals(0, slept.get());
        limiter.acquire();
        assertEquals(1_000_000_000L, slept.get());
    }

    @Test
    public void waitersReserveTheirSlotsInTurn() {
        RateLimiter limiter = limiter(10, 1);
        assertEquals(0, limiter.reserve());
        assertEquals(100_000_000L, limiter.reserve());
        assertEquals(200_000_000L, limiter.reserve());
    }

    @Test
    public void perSecondAllowsOneSecondOfBurst() {
        assertEquals(5, RateLimiter.perSecond(5).burst());
        assertEquals(1, RateLimiter.perSecond(0.2).burst());
    }

    @Test(expected = IllegalArgumentException.class)
    public void aRateMustBePositive() {
        RateLimiter.of(0, 1);
    }

    @Test
    public void aThrottleHalvesTheRateAndRetryAfterHoldsEveryRequestBack() throws InterruptedException {
        RateLimiter limiter = limiter(10, 1);
        limiter.acquire();
        limiter.throttled(java.time.Duration.ofSeconds(2));
        assertEquals(5.0, limiter.currentRate(), 1e-9);
        limiter.acquire();
        assertEquals("waits out the Retry-After, then one interval at the halved rate", 2_200_000_000L, slept.get());
        limiter.throttled(null);
        limiter.throttled(null);
        limiter.throttled(null);
        limiter.throttled(null);
        assertEquals("never below a sixteenth", 10.0 / 16, limiter.currentRate(), 1e-9);
        assertEquals(5, limiter.throttles());
    }

    @Test
    public void aRetryAfterHeardWhileAThreadWaitsForItsPermitHoldsThatThreadBackToo() throws InterruptedException {
        RateLimiter[] held = new RateLimiter[1];
        boolean[] pushedBack = {false};
        // Another thread's request is answered 429 (Retry-After 3 s) while this one sleeps for its slot.
        held[0] = new RateLimiter(10, 1, now::get, nanos -> {
            slept.addAndGet(nanos);
            now.addAndGet(nanos);
            if (!pushedBack[0]) {
                pushedBack[0] = true;
                held[0].throttled(java.time.Duration.ofSeconds(3));
            }
        });
        held[0].acquire();
        held[0].acquire();
        assertEquals("its 100 ms slot, then the 3 s Retry-After and a new slot at the halved rate (5/s) behind the one it "
                + "held: 400 ms", 3_500_000_000L, slept.get());
    }

    @Test
    public void successesWinTheConfiguredRateBackStepByStep() {
        RateLimiter limiter = limiter(10, 1);
        limiter.throttled(null);
        for (int i = 0; i < 10; i++) {
            limiter.succeeded();
        }
        assertEquals(5.0 + 10 * 0.2, limiter.currentRate(), 1e-9);
        for (int i = 0; i < 100; i++) {
            limiter.succeeded();
        }
        assertEquals("never above the configured rate", 10.0, limiter.currentRate(), 1e-9);
    }
}
