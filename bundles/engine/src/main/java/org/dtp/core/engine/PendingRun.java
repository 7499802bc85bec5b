package org.dtp.core.engine;

import org.dtp.core.store.JobStore;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What a job's run copied and has not written yet: written in one transaction (see {@link JobStore.RunProgress})
 * once it is {@link #RUN_NANOS} old or holds {@value #RUN_REPORTS} failures and fields not kept, when a page stops
 * unfinished, and when the job's run ends.
 * <p>
 * Items imported are written in runs that may span pages so that progress stays fresh and a crash repeats little,
 * while small items pay neither a commit each nor one per page; failures and fields not kept wait in memory until
 * the run is written.
 */
final class PendingRun {
    static final int RUN_REPORTS = 1000;
    static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final JobStore store;
    private final UUID id;
    private final long epoch;
    /** The engine's lease time as configured when the run is written (a reconfiguration applies at once). */
    private final Supplier<Duration> leaseTtl;
    private JobStore.RunProgress progress = new JobStore.RunProgress();
    private long written = System.nanoTime();

    PendingRun(JobStore store, UUID id, long epoch, Supplier<Duration> leaseTtl) {
        this.store = store;
        this.id = id;
        this.epoch = epoch;
        this.leaseTtl = leaseTtl;
    }

    /** The epoch of the run lease this run writes under: container-level writes are fenced by it too. */
    long epoch() {
        return epoch;
    }

    JobStore.RunProgress progress() {
        return progress;
    }

    void writeIfDue() {
        if (progress.reports() >= RUN_REPORTS || (!progress.isEmpty() && System.nanoTime() - written >= RUN_NANOS)) {
            write();
        }
    }

    /**
     * Writes the run and starts the next. A run whose write failed is dropped, not written again: its outcome is
     * unknown (a commit may have succeeded before its answer was lost), and a dropped run only repeats from the
     * checkpoint, counted afresh.
     */
    void write() {
        JobStore.RunProgress run = progress;
        progress = new JobStore.RunProgress();
        written = System.nanoTime();
        store.record(id, epoch, leaseTtl.get(), run);
    }
}
