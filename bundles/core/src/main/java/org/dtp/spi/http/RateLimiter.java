package org.dtp.spi.http;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A token bucket shared by every request of one client: {@code permitsPerSecond} tokens flow in, up to
 * {@code burst} are kept; each request takes one, waiting for it when the bucket is empty. Waiting
 * threads are served in the order they asked (each reserves its slot, then sleeps outside the lock).
 * Thread-safe.
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

    /** Takes one permit, waiting for it if needed. */
    public void acquire() throws InterruptedException {
        long wait = reserve();
        if (wait > 0) {
            sleeper.sleepNanos(wait);
        }
    }

    /** Takes a permit now (the bucket may go into debt) and says how long to wait until it is due. */
    synchronized long reserve() {
        long now = nanoTime.getAsLong();
        double elapsedSeconds = Math.max(0, now - last) / 1e9;
        last = now;
        tokens = Math.min(burst, tokens + elapsedSeconds * permitsPerSecond);
        tokens -= 1;
        if (tokens >= 0) {
            return 0;
        }
        return (long) Math.ceil(-tokens / permitsPerSecond * 1e9);
    }

    @Override
    public String toString() {
        return "RateLimiter[" + permitsPerSecond + "/s, burst " + burst + "]";
    }
}
