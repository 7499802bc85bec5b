package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The run leases of this node's jobs: one node runs a job at a time, under a lease with an epoch that fences its
 * writes; this node takes a lease, renews it while the job runs and releases it when the run ends.
 */
final class LeaseKeeper {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

    private final JobStore store;
    private final JobControls controls;
    /** Null: a third of the lease. */
    private final Duration renewEvery;
    /** Renews the leases of this node's running jobs; its thread ends when no job runs. */
    private final ScheduledThreadPoolExecutor renewer;

    LeaseKeeper(JobStore store, JobControls controls, Duration renewEvery) {
        this.store = store;
        this.controls = controls;
        this.renewEvery = renewEvery;
        this.renewer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "dtp-lease-renewer");
            thread.setDaemon(true);
            return thread;
        });
        renewer.setKeepAliveTime(1, TimeUnit.MINUTES);
        renewer.allowCoreThreadTimeOut(true);
        renewer.setRemoveOnCancelPolicy(true);
    }

    /**
     * The job's run lease for {@code node}: at once, or once the lease of the node that runs it now expired (that
     * node died, or was cut off from the database); empty when the job ended meanwhile or a stop was requested.
     */
    Optional<JobStore.RunLease> take(UUID jobId, String node, Duration ttl, JobControls.Control control)
            throws InterruptedException {
        boolean told = false;
        while (true) {
            Optional<JobStore.RunLease> lease = store.claimRun(jobId, node, ttl);
            if (lease.isPresent()) {
                return lease;
            }
            Optional<TransferJob> job = store.job(jobId);
            if (job.isEmpty() || !(job.get().state() == JobState.QUEUED || job.get().state() == JobState.RUNNING)) {
                return Optional.empty();
            }
            Optional<JobStore.RunLease> held = store.runLease(jobId);
            if (!told && held.isPresent()) {
                LOG.info("job {} is run by {} (lease until {}); this node takes it over only if that lease expires",
                        jobId, held.get().node(), Instant.ofEpochMilli(held.get().untilMillis()));
                told = true;
            }
            long untilExpiry = held.map(h -> h.untilMillis() - System.currentTimeMillis()).orElse(0L);
            Duration wait = Duration.ofMillis(Math.max(10, Math.min(untilExpiry + 10, ttl.toMillis() / 3)));
            if (!control.pause(wait)) {
                return Optional.empty();
            }
        }
    }

    /** Renews the lease of epoch {@code epoch} until {@link Kept#release()}. */
    Kept keep(UUID jobId, long epoch, Duration ttl) {
        long period = renewEvery != null ? renewEvery.toMillis() : Math.max(1, ttl.toMillis() / 3);
        ScheduledFuture<?> renewal = renewer.scheduleWithFixedDelay(
                () -> renew(jobId, epoch, ttl), period, period, TimeUnit.MILLISECONDS);
        return new Kept(jobId, epoch, renewal);
    }

    /** Whether another node holds the job's lease now (or none does). */
    boolean lost(UUID jobId, long epoch) {
        return store.runLease(jobId).map(lease -> lease.epoch() != epoch).orElse(true);
    }

    /** Stops renewing; runs end at their next checkpoint and release their leases themselves. */
    void shutdown() {
        renewer.shutdown();
    }

    /** Renews a running job's lease; when another node took the job meanwhile, this node's run is stopped. */
    private void renew(UUID jobId, long epoch, Duration ttl) {
        try {
            if (!store.renewRun(jobId, epoch, ttl)) {
                LOG.warn("job {}: its run lease (epoch {}) was taken by another node; stopping it here", jobId, epoch);
                controls.requestStop(jobId);
            }
        } catch (RuntimeException e) {
            LOG.warn("job {}: its run lease could not be renewed: {}", jobId, e.toString());
        }
    }

    /** A lease this node keeps renewed while it runs the job. */
    final class Kept {
        private final UUID jobId;
        private final long epoch;
        private final ScheduledFuture<?> renewal;

        private Kept(UUID jobId, long epoch, ScheduledFuture<?> renewal) {
            this.jobId = jobId;
            this.epoch = epoch;
            this.renewal = renewal;
        }

        /** Stops renewing and releases the lease (if that fails, it expires by itself). */
        void release() {
            renewal.cancel(false);
            try {
                store.releaseRun(jobId, epoch);
            } catch (RuntimeException e) {
                LOG.warn("job {}: its run lease could not be released (it expires by itself): {}", jobId, e.toString());
            }
        }
    }
}
