package org.dtp.core.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;

/**
 * The imports of one page's items, at most {@code limit} at once. Only the job's own thread calls it: it starts
 * imports and takes their ends back, so what it records of them (the run, the page ledger) stays on that thread.
 * With a limit of 1 each import runs on the calling thread, in the page's order, as if no pool existed.
 *
 * @param <I> the item imported
 * @param <T> what an import returns
 */
final class ItemsInFlight<I, T> implements AutoCloseable {
    private final ExecutorService pool;
    private final int limit;
    private final BlockingQueue<Finished<I, T>> finished = new LinkedBlockingQueue<>();
    /** Ends taken from {@link #finished} while waiting for room, or of imports run on the calling thread. */
    private final Deque<Finished<I, T>> ready = new ArrayDeque<>();
    /** The page's tasks in the pool, to interrupt those still running if the page ends by an exception. */
    private final List<Future<?>> tasks = new ArrayList<>();
    private int running;

    ItemsInFlight(ExecutorService pool, int limit) {
        this.pool = pool;
        this.limit = Math.max(1, limit);
    }

    /** One import's end: the item it was for, and what it returned or threw. */
    record Finished<I, T>(I item, T value, Throwable failure) {
    }

    @FunctionalInterface
    interface Import<T> {
        T call() throws Exception;
    }

    /** Starts importing {@code item}; when {@code limit} imports are running already, first waits until one ends. */
    void start(I item, Import<T> work) throws InterruptedException {
        if (limit == 1) {
            ready.add(run(item, work));
            return;
        }
        while (running >= limit) {
            ready.add(awaitOne());
        }
        try {
            tasks.add(pool.submit(() -> finished.add(run(item, work))));
        } catch (RejectedExecutionException stopping) {
            ready.add(run(item, work)); // the engine is stopping: this job's last items run on its own thread
            return;
        }
        running++;
    }

    /** An import that ended and was not taken yet, without waiting; null when none has. */
    Finished<I, T> poll() {
        if (!ready.isEmpty()) {
            return ready.poll();
        }
        Finished<I, T> done = finished.poll();
        if (done != null) {
            running--;
        }
        return done;
    }

    /** The next import to end (or one that ended and was not taken), waiting for it; null when none is left. */
    Finished<I, T> awaitNext() throws InterruptedException {
        if (!ready.isEmpty()) {
            return ready.poll();
        }
        return running == 0 ? null : awaitOne();
    }

    private Finished<I, T> awaitOne() throws InterruptedException {
        Finished<I, T> done = finished.take();
        running--;
        return done;
    }

    private static <I, T> Finished<I, T> run(I item, Import<T> work) {
        try {
            return new Finished<>(item, work.call(), null);
        } catch (Exception | Error e) {
            return new Finished<>(item, null, e);
        }
    }

    /**
     * Interrupts the imports still running, whose ends nobody takes when the page ended by an exception: what they
     * did is not recorded, and repeats (idempotently) when the page does.
     */
    @Override
    public void close() {
        tasks.forEach(task -> task.cancel(true));
    }
}
