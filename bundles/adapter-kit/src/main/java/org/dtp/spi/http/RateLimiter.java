package org.dtp.spi.http;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A token bucket shared by every request of one client: {@code permitsPerSecond} tokens flow in, up to
 * {@code burst} are kept; each request takes one, waiting for it when the bucket is empty. Waiting
 * threads are served in the order they asked (each reserves its slot, then sleeps outside the lock).
 *
 * <p>It adapts to a provider that pushes back (since 1.1): {@link #throttled} (a 429) halves the rate, down
 * to a sixteenth of the configured one, empties the bucket and, given a Retry-After, lets no request out
 * before it has passed, for every thread; each {@link #succeeded} request gives back a fiftieth of the
 * configured rate, up to it (additive increase, multiplicative decrease). Thread-safe.
 */
public final class RateLimiter {
    /** How a limiter waits; replaced in tests. */
    @FunctionalInterface
    interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final double permitsPerSecond;
    private final int burst;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private double tokens;
    private long last;
    /** The rate now: {@code permitsPerSecond} until the provider pushes back. */
    private double rate;
    /** No permit is due before this (a Retry-After); {@code last} when none. */
    private long pausedUntil;
    private long throttles;
    /** Permits shared with the other nodes, and the key and rate they are counted under; null when alone. */
    private volatile ClusterPermits cluster;
    private volatile String clusterKey;
    private volatile int clusterPerSecond;
    /** A limiter every permit of this one also comes from (e.g. the whole API key's, for one user's); or null. */
    private volatile RateLimiter parent;

    RateLimiter(double permitsPerSecond, int burst, LongSupplier nanoTime, Sleeper sleeper) {
        if (!(permitsPerSecond > 0) || Double.isInfinite(permitsPerSecond)) {
            throw new IllegalArgumentException("permits per second must be a positive number, was " + permitsPerSecond);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1, was " + burst);
        }
        this.permitsPerSecond = permitsPerSecond;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
        this.tokens = burst;
        this.last = nanoTime.getAsLong();
        this.rate = permitsPerSecond;
        this.pausedUntil = last;
    }

    /** {@code permitsPerSecond} on average, bursts of up to {@code burst} requests at once. */
    public static RateLimiter of(double permitsPerSecond, int burst) {
        return new RateLimiter(permitsPerSecond, burst, System::nanoTime, TimeUnit.NANOSECONDS::sleep);
    }

    /** {@code permitsPerSecond} on average, bursts of up to one second's worth (at least one). */
    public static RateLimiter perSecond(double permitsPerSecond) {
        return of(permitsPerSecond, (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.ceil(permitsPerSecond))));
    }

    /** A limiter that never waits. */
    public static RateLimiter unlimited() {
        return new RateLimiter(Double.MAX_VALUE, Integer.MAX_VALUE, System::nanoTime, nanos -> {
        });
    }

    public double permitsPerSecond() {
        return permitsPerSecond;
    }

    public int burst() {
        return burst;
    }

    /** Takes one permit, waiting for it if needed (and, when shared, for one of the cluster's). */
    public void acquire() throws InterruptedException {
        long wait = reserve();
        if (wait > 0) {
            sleeper.sleepNanos(wait);
            // A 429 heard by another thread while this one slept holds it back too (its slot was taken before): it
            // waits out the Retry-After and takes a new slot at the lowered rate, so the threads that slept do not all
            // go at once. Once only: the unlimited limiter's sleeps do not wait, and a loop would spin.
            if (pausedFor() > 0) {
                sleeper.sleepNanos(reserve());
            }
        }
        ClusterPermits shared = cluster;
        if (shared != null) {
            shared.acquire(clusterKey, clusterPerSecond);
        }
        RateLimiter outer = parent;
        if (outer != null) {
            outer.acquire();
        }
    }

    /**
     * Makes every permit of this limiter also take one of {@code outer}, which hears of its 429s and successes too:
     * e.g. a limit per user within the limit of the server's API key. Returns this limiter. Since 1.2.
     */
    public RateLimiter within(RateLimiter outer) {
        for (RateLimiter l = outer; l != null; l = l.parent) {
            if (l == this) {
                throw new IllegalArgumentException("a limiter cannot be within itself");
            }
        }
        this.parent = outer;
        return this;
    }

    /**
     * Also counts every request under {@code key} for all nodes together, at most {@code perSecond} per second;
     * {@code permits} null stops sharing (a node alone). Returns this limiter.
     */
    public RateLimiter sharedWith(ClusterPermits permits, String key, int perSecond) {
        if (permits != null && (key == null || key.isBlank() || perSecond < 1)) {
            throw new IllegalArgumentException("a shared limit needs a key and at least 1 per second");
        }
        this.clusterKey = key;
        this.clusterPerSecond = perSecond;
        this.cluster = permits;
        return this;
    }

    /** Takes a permit now (the bucket may go into debt) and says how long to wait until it is due. */
    synchronized long reserve() {
        long now = nanoTime.getAsLong();
        // Nothing flows in while paused by a Retry-After.
        double elapsedSeconds = Math.max(0, now - Math.max(last, pausedUntil)) / 1e9;
        last = now;
        tokens = Math.min(burst, tokens + elapsedSeconds * rate);
        tokens -= 1;
        long paused = Math.max(0, pausedUntil - now);
        if (tokens >= 0) {
            return paused;
        }
        return paused + (long) Math.ceil(-tokens / rate * 1e9);
    }

    /** How long a Retry-After still holds every request back: zero when none does. */
    private synchronized long pausedFor() {
        return Math.max(0, pausedUntil - nanoTime.getAsLong());
    }

    /**
     * The provider said "too many requests": slow down, and wait {@code retryAfter} (when given) before the
     * next request of any thread.
     */
    public void throttled(java.time.Duration retryAfter) {
        slowDown(retryAfter);
        RateLimiter outer = parent;
        if (outer != null) {
            outer.throttled(retryAfter);
        }
    }

    private synchronized void slowDown(java.time.Duration retryAfter) {
        throttles++;
        rate = Math.max(permitsPerSecond / 16, rate / 2);
        tokens = Math.min(tokens, 0);
        if (retryAfter != null && !retryAfter.isNegative()) {
            long until = nanoTime.getAsLong() + retryAfter.toNanos();
            pausedUntil = Math.max(pausedUntil, until);
        }
    }

    /** A request went through: recover a little of the configured rate. */
    public void succeeded() {
        synchronized (this) {
            if (rate < permitsPerSecond) {
                rate = Math.min(permitsPerSecond, rate + permitsPerSecond / 50);
            }
        }
        RateLimiter outer = parent;
        if (outer != null) {
            outer.succeeded();
        }
    }

    /** The rate in effect now, in permits per second. */
    public synchronized double currentRate() {
        return rate;
    }

    /** How often the provider pushed back. */
    public synchronized long throttles() {
        return throttles;
    }

    @Override
    public String toString() {
        return "RateLimiter[" + permitsPerSecond + "/s, burst " + burst + ", now " + currentRate() + "/s]";
    }
}
