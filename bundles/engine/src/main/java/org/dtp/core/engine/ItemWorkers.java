package org.dtp.core.engine;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads this node imports items on when an importer takes several at once: one pool for every job, so that
 * the node's thread count stays bounded however many jobs run; each page bounds its own items in flight
 * ({@link ItemsInFlight}), so the queue holds at most the sum of the jobs' limits. Idle threads end after a while.
 */
final class ItemWorkers {
    private static final long IDLE_SECONDS = 30;

    private final ThreadPoolExecutor pool;

    ItemWorkers(int threads) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory named = task -> {
            Thread thread = new Thread(task, "dtp-item-import-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), named);
        pool.allowCoreThreadTimeOut(true);
    }

    /** Changes the number of threads (a reconfiguration); items already queued or running are not affected. */
    synchronized void setThreads(int threads) {
        if (threads > pool.getMaximumPoolSize()) {
            pool.setMaximumPoolSize(threads);
            pool.setCorePoolSize(threads);
        } else {
            pool.setCorePoolSize(threads);
            pool.setMaximumPoolSize(threads);
        }
    }

    /** Items of one page, at most {@code limit} at once; 1 imports each on the calling thread, in order. */
    <I, T> ItemsInFlight<I, T> page(int limit) {
        return new ItemsInFlight<>(pool, limit);
    }

    /**
     * Takes no more imports (the engine stops): those queued or running end as usual, so that the jobs stopping
     * record them; a job that starts one more imports it on its own thread.
     */
    void shutdown() {
        pool.shutdown();
    }
}
