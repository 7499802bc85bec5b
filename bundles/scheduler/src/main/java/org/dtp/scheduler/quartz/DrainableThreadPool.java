package org.dtp.scheduler.quartz;

import org.quartz.simpl.SimpleThreadPool;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Quartz's worker pool, able to stop handing out workers before the scheduler halts. A stopping node
 * must not start runs: without this, a worker freed by a transfer that stopped at its checkpoint
 * lets Quartz's scheduler thread take the next trigger (in a cluster, one meant for another node)
 * before {@code shutdown} halts it, and run it here, or leave it acquired until the cluster declares
 * this node dead. Quartz creates the pool from its class name; {@link #setDrainKey} (the property
 * {@code org.quartz.threadPool.drainKey}) lets the dispatcher find the instance.
 */
public final class DrainableThreadPool extends SimpleThreadPool {
    private static final Map<String, DrainableThreadPool> CREATED = new ConcurrentHashMap<>();
    /** How long a parked scheduler thread waits for Quartz's halt to interrupt it, at most. */
    private static final long HALT_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Object lock = new Object();
    private volatile boolean draining;
    private volatile long haltingSince;

    public void setDrainKey(String key) {
        CREATED.put(key, this);
    }

    static DrainableThreadPool take(String key) {
        DrainableThreadPool pool = CREATED.remove(key);
        if (pool == null) {
            throw new IllegalStateException("Quartz did not create the dtp worker pool " + key);
        }
        return pool;
    }

    /** From now on the scheduler thread gets no worker: no trigger is acquired or fired here. */
    void drain() {
        draining = true;
    }

    /** The scheduler is about to be shut down (and its thread halted). */
    void halting() {
        synchronized (lock) {
            haltingSince = System.nanoTime();
            lock.notifyAll();
        }
    }

    @Override
    public int blockForAvailableThreads() {
        if (!draining) {
            int available = super.blockForAvailableThreads();
            if (!draining) {
                return available;
            }
        }
        // Called by Quartz's scheduler thread only. Its halt() sets the halted flag, then interrupts
        // it: return then, and the thread ends without acquiring anything. Should the interrupt have
        // come while it waited in the super class (which swallows it), return a while after halting().
        synchronized (lock) {
            while (haltingSince == 0 || System.nanoTime() - haltingSince < HALT_GRACE_NANOS) {
                try {
                    lock.wait(50);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }
        return 1;
    }
}
