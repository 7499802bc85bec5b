package org.dtp.scheduler.quartz;

import org.dtp.transfer.execution.JobExecutor;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for the transfer engine of one node: records which jobs ran and how often, and holds
 * each run until {@link #release} opens or the job is asked to stop (as the engine stops at its next
 * checkpoint); a run never lasts longer than {@link #MAX_RUN_MS}. runnableJobs is what the job store
 * would say should run.
 */
final class RecordingExecutor implements JobExecutor {
    static final long MAX_RUN_MS = 60_000;

    final String node;
    final List<UUID> runnable;
    final Map<UUID, AtomicInteger> runs = new ConcurrentHashMap<>();
    final Set<UUID> stopped = ConcurrentHashMap.newKeySet();
    final BlockingQueue<UUID> started = new LinkedBlockingQueue<>();
    final AtomicInteger running = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();
    volatile CountDownLatch release = new CountDownLatch(0);
    private final Set<UUID> stopRequests = ConcurrentHashMap.newKeySet();
    private final Object monitor = new Object();

    RecordingExecutor(String node, List<UUID> runnable) {
        this.node = node;
        this.runnable = runnable;
    }

    RecordingExecutor(String node) {
        this(node, List.of());
    }

    /** Holds every run until {@link #releaseAll}. */
    RecordingExecutor holding() {
        release = new CountDownLatch(1);
        return this;
    }

    void releaseAll() {
        release.countDown();
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }

    int runsOf(UUID id) {
        AtomicInteger n = runs.get(id);
        return n == null ? 0 : n.get();
    }

    int totalRuns() {
        return runs.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** The next job to start on this node within the time, or null. */
    UUID nextStart(long timeout, TimeUnit unit) throws InterruptedException {
        return started.poll(timeout, unit);
    }

    @Override
    public void execute(UUID jobId) {
        stopRequests.remove(jobId);
        runs.computeIfAbsent(jobId, k -> new AtomicInteger()).incrementAndGet();
        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
        started.add(jobId);
        long until = System.currentTimeMillis() + MAX_RUN_MS;
        try {
            synchronized (monitor) {
                while (release.getCount() > 0 && !stopRequests.contains(jobId)) {
                    long left = until - System.currentTimeMillis();
                    if (left <= 0) {
                        break;
                    }
                    monitor.wait(Math.min(left, 100));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            running.decrementAndGet();
        }
    }

    @Override
    public void stop(UUID jobId) {
        stopped.add(jobId);
        stopRequests.add(jobId);
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }

    @Override
    public List<UUID> runnableJobs() {
        return runnable;
    }
}
