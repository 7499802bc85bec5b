package org.dtp.rest;

import org.dtp.rest.ApiModel.Container;
import org.dtp.rest.ApiModel.Details;
import org.dtp.rest.ApiModel.FailedItem;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferListener;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.sse.OutboundSseEvent;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The live event streams of transfers ({@code GET /api/v1/transfers/{id}/events}). Every open stream gets, from
 * one thread of this component: a {@code progress} snapshot when it opens, whenever the transfer's counts or
 * state change (looked at every {@link #SNAPSHOT_INTERVAL}) and at least every {@link #KEEP_ALIVE}; a
 * {@code state} event for each change of state it sees; an {@code error} event for each item error not sent
 * before; and, once the transfer has ended, an {@code end} event with its whole details (fidelity report
 * included), after which the stream is closed. The engine's {@link TransferListener} events make the end known
 * at once on the node where it happened; the snapshots, read from the job store, cover every other change and
 * the other nodes of a cluster.
 */
@Component(service = {TransferEventStreams.class, TransferListener.class})
public final class TransferEventStreams implements TransferListener {
    static final Duration SNAPSHOT_INTERVAL = Duration.ofSeconds(1);
    static final Duration KEEP_ALIVE = Duration.ofSeconds(15);
    /** Rates are measured over this much of the latest progress. */
    static final Duration RATE_WINDOW = Duration.ofSeconds(10);
    /** Open streams on this node, all users together: each costs a read of its transfer per interval. */
    static final int MAX_STREAMS = 200;
    /** Open streams of one user: so that no one user takes the node's every stream. */
    static final int MAX_STREAMS_PER_USER = 10;
    private static final Logger LOG = LoggerFactory.getLogger(TransferEventStreams.class);

    /** The data of a {@code progress} event. Rates are per second over {@link #RATE_WINDOW}, 0 until known. */
    public record Progress(UUID id, String state, String reason, long items, long bytes, long errors,
                           List<Container> containers, double itemsPerSecond, double bytesPerSecond, Instant at) {
    }

    /** The data of a {@code state} event. */
    public record StateEvent(UUID id, String from, String to, String reason, Instant at) {
    }

    private final TransferService transfers;
    private final Clock clock;
    private final ScheduledExecutorService worker;
    /** Where the snapshots that cannot wait for the next interval (a new stream, an end) are taken. */
    private final Executor prompt;
    private final Map<UUID, List<Stream>> streams = new ConcurrentHashMap<>();
    private final UserPermits open = new UserPermits(MAX_STREAMS, MAX_STREAMS_PER_USER);

    @Activate
    public TransferEventStreams(@Reference TransferService transfers) {
        this(transfers, Clock.systemUTC(), null);
        worker.scheduleWithFixedDelay(this::pollAll, SNAPSHOT_INTERVAL.toMillis(), SNAPSHOT_INTERVAL.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /**
     * Without the periodic snapshots: a test calls {@link #pollAll} itself, and gives the executor of the prompt
     * ones ({@code Runnable::run}: at once, on its own thread); null for this component's thread.
     */
    TransferEventStreams(TransferService transfers, Clock clock, Executor prompt) {
        this.transfers = transfers;
        this.clock = clock;
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dtp-transfer-event-streams");
            t.setDaemon(true);
            return t;
        });
        this.prompt = prompt == null ? worker : prompt;
    }

    @Deactivate
    void deactivate() {
        worker.shutdownNow();
        streams.values().forEach(list -> list.forEach(Stream::close));
        streams.clear();
    }

    /**
     * Starts sending the events of transfer {@code id} (whose owner the caller has checked) to {@code sink}.
     *
     * @return false, with the sink untouched, when {@link #MAX_STREAMS} streams are open already, or
     * {@link #MAX_STREAMS_PER_USER} of {@code user}'s
     */
    boolean open(String user, UUID id, SseEventSink sink, Sse sse) {
        if (open.tryTake(user) != null) {
            return false;
        }
        // added inside compute: poll may be dropping this transfer's emptied list at the same moment
        streams.compute(id, (k, list) -> {
            List<Stream> followers = list == null ? new CopyOnWriteArrayList<>() : list;
            followers.add(new Stream(user, id, sink, sse));
            return followers;
        });
        prompt.execute(() -> poll(id));
        return true;
    }

    /** Streams open now (for tests and for the limit). */
    int openStreams() {
        return open.taken();
    }

    @Override
    public void transferChanged(TransferEvent event) {
        UUID id = event.job().id();
        if (event.kind() == TransferEvent.Kind.ENDED && streams.containsKey(id)) {
            prompt.execute(() -> poll(id));
        }
    }

    /** One snapshot for every transfer someone follows. Runs on the worker thread (or a test's). */
    void pollAll() {
        for (UUID id : streams.keySet()) {
            poll(id);
        }
    }

    private void poll(UUID id) {
        List<Stream> followers = streams.get(id);
        if (followers == null || followers.isEmpty()) {
            return;
        }
        Optional<TransferDetails> details;
        try {
            details = transfers.details(id);
        } catch (RuntimeException e) {
            LOG.warn("event streams: transfer {} could not be read: {}", id, e.toString());
            return;
        }
        Instant now = clock.instant();
        for (Stream stream : followers) {
            boolean more = details.map(d -> stream.update(d, now)).orElse(false);
            if (!more) {
                stream.close();
                followers.remove(stream);
            }
        }
        streams.computeIfPresent(id, (k, list) -> list.isEmpty() ? null : list);
    }

    /** What one client has been sent, so that it gets each change once. Used on the worker thread only. */
    private final class Stream {
        private final String user;
        private final UUID id;
        private final SseEventSink sink;
        private final Sse sse;
        private final Deque<Sample> samples = new ArrayDeque<>();
        private final Set<String> errorsSent = new HashSet<>();
        private String state;
        private Progress last;
        private Instant lastSent;
        private long sequence;
        private boolean closed;
        /** Set when a send failed: the client went away (written from the container's thread). */
        private volatile boolean dropped;
        /** Whether this update sent anything. */
        private boolean sentNow;

        Stream(String user, UUID id, SseEventSink sink, Sse sse) {
            this.user = user;
            this.id = id;
            this.sink = sink;
            this.sse = sse;
        }

        /** Sends what changed; false once the stream is done (the transfer ended, or the client went away). */
        boolean update(TransferDetails details, Instant now) {
            if (dropped || sink.isClosed()) {
                return false;
            }
            sentNow = false;
            TransferJob job = details.job();
            sample(job, now);
            if (state != null && !state.equals(job.state().name())) {
                send("state", new StateEvent(id, state, job.state().name(), job.stateReason(), now));
            }
            state = job.state().name();
            for (ItemError error : details.errors()) {
                if (errorsSent.add(error.containerId() + '\u0000' + error.itemId() + '\u0000' + error.at())) {
                    send("error", FailedItem.of(error));
                }
            }
            Progress progress = progress(details, now);
            if (last == null || changed(last, progress) || !now.isBefore(lastSent.plus(KEEP_ALIVE))) {
                send("progress", progress);
                last = progress;
                lastSent = now;
            }
            if (job.state().isFinal()) {
                send("end", Details.of(details));
                return false;
            }
            if (!sentNow) {
                // A comment line every poll: a client that went away is only noticed when a write to it fails, and
                // its place (and this stream) must not outlive it by the 15 s of the progress keep-alive.
                write(sse.newEventBuilder().comment("").build());
            }
            return !dropped && !sink.isClosed();
        }

        private void sample(TransferJob job, Instant now) {
            samples.addLast(new Sample(now, job.items(), job.bytes()));
            while (samples.size() > 2 && samples.peekFirst().at().isBefore(now.minus(RATE_WINDOW))) {
                samples.removeFirst();
            }
        }

        private Progress progress(TransferDetails details, Instant now) {
            TransferJob job = details.job();
            Sample first = samples.peekFirst();
            double seconds = Duration.between(first.at(), now).toMillis() / 1000.0;
            double itemRate = seconds > 0 ? Math.max(0, job.items() - first.items()) / seconds : 0;
            double byteRate = seconds > 0 ? Math.max(0, job.bytes() - first.bytes()) / seconds : 0;
            return new Progress(id, job.state().name(), job.stateReason(), job.items(), job.bytes(), job.errors(),
                    details.containers().stream().map(Container::of).toList(), itemRate, byteRate, now);
        }

        private static boolean changed(Progress before, Progress now) {
            return before.items() != now.items() || before.bytes() != now.bytes() || before.errors() != now.errors()
                    || !before.state().equals(now.state()) || !before.containers().equals(now.containers())
                    || before.itemsPerSecond() != now.itemsPerSecond();
        }

        private void send(String name, Object data) {
            if (sink.isClosed()) {
                return;
            }
            write(sse.newEventBuilder().name(name).id(Long.toString(++sequence))
                    .mediaType(MediaType.TEXT_PLAIN_TYPE).data(String.class, JacksonJsonProvider.toJson(data)).build());
        }

        private void write(OutboundSseEvent event) {
            sentNow = true;
            try {
                // The container writes later; a failed write means the client went away: dropped at the next update.
                sink.send(event).whenComplete((ok, failure) -> {
                    if (failure != null) {
                        dropped = true;
                    }
                });
            } catch (IllegalStateException e) {
                dropped = true; // closed between the check and the send
            }
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            open.release(user);
            try {
                sink.close();
            } catch (RuntimeException e) {
                LOG.debug("event stream of transfer {} did not close cleanly: {}", id, e.toString());
            }
        }
    }

    private record Sample(Instant at, long items, long bytes) {
    }
}
