package org.dtp.rest;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Counts what a source holds by paging through it with its exporter, as a transfer would, without opening a
 * byte of media or importing anything: containers, items, the bytes of the media whose size the source tells,
 * the media whose size it does not, and the items it could not read. {@link #run} stops between two pages when
 * told to (the time bound is its caller's), so the counts of a stopped run are a lower bound.
 */
final class SourceEstimator {
    final AtomicLong containers = new AtomicLong();
    final AtomicLong items = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong mediaOfUnknownSize = new AtomicLong();
    final AtomicLong unreadable = new AtomicLong();
    /** Items and bytes per container (of the first {@link #MAX_CONTAINERS_LISTED}), by id, in the order found. */
    private final Map<String, ContainerCount> perContainer = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
    static final int MAX_CONTAINERS_LISTED = 1000;

    private static final class ContainerCount {
        final String name;
        final AtomicLong items = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();

        ContainerCount(String name) {
            this.name = name;
        }
    }

    /**
     * Pages through the whole source unless {@code stop} says otherwise before a page.
     *
     * @return true when every page was read
     * @throws InvalidEndpointException when the exporter refuses the settings
     * @throws AdapterException when a page cannot be read
     */
    <C extends ContainerModel, I extends ItemModel> boolean run(Exporter<C, I> exporter, TransferEndpoint source,
                                                                java.time.Instant deadline, BooleanSupplier stop)
            throws AdapterException {
        exporter.validate(source);
        TransferContext context = new EstimateContext(source, deadline);
        Deque<ExportCursor> cursors = new ArrayDeque<>();
        cursors.add(ExportCursor.root());
        while (!cursors.isEmpty()) {
            if (stop.getAsBoolean()) {
                return false;
            }
            ExportCursor cursor = cursors.removeFirst();
            ExportPage<C, I> page = exporter.export(context, cursor);
            for (C container : page.containers()) {
                containers.incrementAndGet();
                cursors.addLast(new ExportCursor(container.id(), null));
                if (order.size() < MAX_CONTAINERS_LISTED && perContainer.putIfAbsent(container.id(), new ContainerCount(container.name())) == null) {
                    order.add(container.id());
                }
            }
            ContainerCount here = cursor.containerId() == null ? null : perContainer.get(cursor.containerId());
            for (I item : page.items()) {
                items.incrementAndGet();
                if (here != null) {
                    here.items.incrementAndGet();
                }
                for (MediaRef ref : item.mediaRefs()) {
                    if (ref.size() >= 0) {
                        bytes.addAndGet(ref.size());
                        if (here != null) {
                            here.bytes.addAndGet(ref.size());
                        }
                    } else {
                        mediaOfUnknownSize.incrementAndGet();
                    }
                }
            }
            unreadable.addAndGet(page.rejected().size());
            if (!page.isLast()) {
                // Depth first within a container, as the engine goes: its next page before the sub-containers.
                cursors.addFirst(new ExportCursor(cursor.containerId(), page.continuation()));
            }
        }
        return true;
    }

    /** The counts as the API answers them. */
    ApiModel.Estimate result(String vertical, String provider, boolean complete, String incomplete, Duration took) {
        java.util.List<ApiModel.EstimatedContainer> listed = order.stream().map(id -> {
            ContainerCount c = perContainer.get(id);
            return new ApiModel.EstimatedContainer(id, c.name, c.items.get(), c.bytes.get());
        }).toList();
        return new ApiModel.Estimate(vertical, provider, containers.get(), items.get(), bytes.get(),
                mediaOfUnknownSize.get(), unreadable.get(), complete, complete ? null : incomplete,
                took.toMillis() / 1000.0, listed);
    }

    /**
     * An estimate is no job: its settings live for the estimate only, and credentials a provider renews on the
     * way are kept for its later pages, then forgotten.
     */
    private static final class EstimateContext implements TransferContext {
        private final JobScratch scratch = JobScratch.inMemory();
        private final UUID id = UUID.randomUUID();
        private volatile TransferEndpoint endpoint;
        private final java.time.Instant deadline;

        EstimateContext(TransferEndpoint endpoint, java.time.Instant deadline) {
            this.endpoint = endpoint;
            this.deadline = deadline;
        }

        @Override
        public java.util.Optional<java.time.Instant> deadline() {
            return java.util.Optional.of(deadline);
        }

        @Override
        public JobScratch scratch() {
            return scratch;
        }

        @Override
        public UUID jobId() {
            return id;
        }

        @Override
        public TransferEndpoint endpoint() {
            return endpoint;
        }

        @Override
        public void updateSettings(Map<String, String> changes) {
            endpoint = endpoint.withSettings(changes);
        }

        /** An estimate counts what a transfer would copy; what the model would not carry is the transfer's report. */
        @Override
        public void reportNotKept(String sourceId, String field, String reason) {
        }
    }
}
