package org.dtp.core.engine;

import org.dtp.core.registry.AdapterService;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * The export of a run's next page while the job's thread imports the current one: at most one at a time, under the
 * retry policy and the job's stop control, with a source context of its own (what the exporter reports stays with
 * its page). The job's thread takes it only for exactly the cursor and exporter it needs next; anything else, or a
 * fetch that failed or was stopped, is dropped and the page exported again as without prefetch, so a failure is only
 * seen when the page is needed. Only the job's thread calls it; closing it (at the run's end) cancels a fetch in
 * flight and waits until it ended, so no export of the job outlives its run.
 */
final class PagePrefetch implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PagePrefetch.class);
    private static final long IDLE_SECONDS = 30;

    private final ExecutorService threads;
    private final AdapterRetry retry;
    private final JobControls.Control control;
    private Fetch inFlight;

    /** A page exported with its source context; {@code page} null when the export failed or a stop came. */
    record Fetched(ExportPage<ContainerModel, ItemModel> page, AdapterContext context) {
    }

    private static final class Fetch {
        final long exporterId;
        final Checkpoint.Pending head;
        final AdapterContext context;
        final CountDownLatch ended = new CountDownLatch(1);
        volatile ExportPage<ContainerModel, ItemModel> page;
        /** The thread exporting, to interrupt when the fetch is dropped; guarded by this. */
        private Thread runner;
        private boolean dropped;

        Fetch(long exporterId, Checkpoint.Pending head, AdapterContext context) {
            this.exporterId = exporterId;
            this.head = head;
            this.context = context;
        }

        /** Claims the fetch for the calling thread; false when it was dropped before it started. */
        synchronized boolean run() {
            runner = Thread.currentThread();
            return !dropped;
        }

        synchronized void end() {
            runner = null; // the pool clears an interrupt that came before this, before its thread's next task
            ended.countDown();
        }

        synchronized void drop() {
            dropped = true;
            if (runner != null) {
                runner.interrupt();
            }
        }
    }

    /**
     * The threads a node fetches next pages on: one at most per running job, which owns it only while it fetches;
     * idle ones end after a while. The engine shuts them down when it stops.
     */
    static ExecutorService threads() {
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
        return new java.util.concurrent.ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, java.util.concurrent.TimeUnit.SECONDS,
                new java.util.concurrent.SynchronousQueue<>(), task -> {
                    Thread thread = new Thread(task, "dtp-page-prefetch-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    PagePrefetch(ExecutorService threads, AdapterRetry retry, JobControls.Control control) {
        this.threads = threads;
        this.retry = retry;
        this.control = control;
    }

    /** Starts exporting {@code head}'s page with {@code exporter} (dropping any fetch in flight); none when the engine stops. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void start(AdapterService<Exporter<?, ?>> exporter, Checkpoint.Pending head, AdapterContext context) {
        close();
        Fetch fetch = new Fetch(exporter.serviceId(), head, context);
        Exporter service = exporter.service();
        ExportCursor cursor = new ExportCursor(head.containerId(), head.continuation());
        try {
            threads.execute(() -> {
                try {
                    if (fetch.run()) {
                        fetch.page = retry.call(control, () -> {
                            context.startAttempt();
                            return service.export(context, cursor);
                        });
                    }
                } catch (Exception | Error e) {
                    // Dropped: the job's thread exports the page again when it needs it, and sees the failure then.
                    LOG.debug("job {}: the next page's export ahead failed; it is exported again when needed: {}",
                            context.jobId(), e.toString());
                } finally {
                    fetch.end();
                }
            });
        } catch (RejectedExecutionException stopping) {
            return; // the engine is stopping: the job's thread exports the page itself, if it goes on at all
        }
        inFlight = fetch;
    }

    /**
     * The page fetched for {@code head} by {@code exporter}, waiting for its export to end; empty when no fetch was
     * for exactly them (one for something else is dropped).
     */
    Optional<Fetched> take(AdapterService<Exporter<?, ?>> exporter, Checkpoint.Pending head) throws InterruptedException {
        Fetch fetch = inFlight;
        if (fetch == null || fetch.exporterId != exporter.serviceId() || !fetch.head.equals(head)) {
            close();
            return Optional.empty();
        }
        inFlight = null;
        try {
            fetch.ended.await();
        } catch (InterruptedException e) {
            inFlight = fetch; // closed with the run
            throw e;
        }
        return Optional.of(new Fetched(fetch.page, fetch.context));
    }

    /** Cancels the fetch in flight, if any, and waits until it ended; an interrupt meanwhile is kept for the caller. */
    @Override
    public void close() {
        Fetch fetch = inFlight;
        if (fetch == null) {
            return;
        }
        inFlight = null;
        fetch.drop();
        boolean interrupted = false;
        while (true) {
            try {
                fetch.ended.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
