package org.dtp.core.engine;

import org.osgi.service.component.annotations.Component;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The jobs running on this node and their stop requests. A stop request (pause, cancel, shutdown)
 * wakes a job that is waiting out a retry delay, so it stops at once rather than after the wait.
 */
@Component(service = JobControls.class)
public final class JobControls {
    private final Map<UUID, Control> running = new ConcurrentHashMap<>();

    /** Claims a job for the calling thread; empty when it is already running on this node. */
    public java.util.Optional<Control> claim(UUID jobId) {
        Control control = new Control(jobId);
        return running.putIfAbsent(jobId, control) == null ? java.util.Optional.of(control) : java.util.Optional.empty();
    }

    /** Asks a running job to stop at its next checkpoint; does nothing if it is not running here. */
    public void requestStop(UUID jobId) {
        Control control = running.get(jobId);
        if (control != null) {
            control.stop();
        }
    }

    public Set<UUID> runningJobs() {
        return Set.copyOf(running.keySet());
    }

    /** One running job's control; closing it releases the claim. */
    public final class Control implements AutoCloseable {
        private final UUID jobId;
        private volatile boolean stopRequested;

        private Control(UUID jobId) {
            this.jobId = jobId;
        }

        public boolean stopRequested() {
            return stopRequested;
        }

        synchronized void clearStop() {
            stopRequested = false;
        }

        synchronized void stop() {
            stopRequested = true;
            notifyAll();
        }

        /** Waits up to {@code delay}; returns false when a stop was requested meanwhile. */
        public synchronized boolean pause(Duration delay) throws InterruptedException {
            long end = System.nanoTime() + delay.toNanos();
            long left;
            while (!stopRequested && (left = end - System.nanoTime()) > 0) {
                wait(Math.max(1, left / 1_000_000));
            }
            return !stopRequested;
        }

        @Override
        public void close() {
            running.remove(jobId, this);
        }
    }
}
