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
import org.dtp.transfer.Selection;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Counts what a transfer with a {@link Selection} would copy by paging through the source with its exporter, as the
 * transfer would, without opening a byte of media or importing anything: containers, items, the bytes of the media
 * whose size the source tells, the media whose size it does not, and the items it could not read; apart, the items it
 * read that the selection leaves out and the containers it leaves out unread (as the transfer does). {@link #run}
 * stops between two pages when told to (the time bound is its caller's), so the counts of a stopped run are a lower
 * bound.
 */
final class SourceEstimator {
    final AtomicLong containers = new AtomicLong();
    final AtomicLong containersLeftOut = new AtomicLong();
    final AtomicLong items = new AtomicLong();
    final AtomicLong itemsNotSelected = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong mediaOfUnknownSize = new AtomicLong();
    final AtomicLong unreadable = new AtomicLong();
    /** Items and bytes per container (of the first {@link #MAX_CONTAINERS_LISTED}), by id, in the order found. */
    private final Map<String, ContainerCount> perContainer = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
    static final int MAX_CONTAINERS_LISTED = 1000;

    private final Selection selection;

    SourceEstimator(Selection selection) {
        this.selection = selection;
    }

    private static final class ContainerCount {
        final String name;
        final Selection.Scope scope;
        final AtomicLong items = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong notSelected = new AtomicLong();

        ContainerCount(String name, Selection.Scope scope) {
            this.name = name;
            this.scope = scope;
        }
    }

    /** A page to read: of a container at {@code path} (the root's is empty), which the selection gives {@code scope}. */
    private record Pending(ExportCursor cursor, List<String> path, Selection.Scope scope) {
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
        Deque<Pending> cursors = new ArrayDeque<>();
        cursors.add(new Pending(ExportCursor.root(), List.of(), selection.scopeOf(List.of())));
        while (!cursors.isEmpty()) {
            if (stop.getAsBoolean()) {
                return false;
            }
            Pending pending = cursors.removeFirst();
            ExportCursor cursor = pending.cursor();
            ExportPage<C, I> page = exporter.export(context, cursor);
            for (C container : page.containers()) {
                List<String> path = new ArrayList<>(pending.path());
                path.add(container.name());
                Selection.Scope scope = selection.scopeOf(path);
                switch (scope) {
                    case COPY -> containers.incrementAndGet();
                    case SKIP -> containersLeftOut.incrementAndGet();
                    case LOOK_INTO -> { } // not copied, and not left out: what is beneath it may be
                }
                if (scope != Selection.Scope.SKIP) {
                    cursors.addLast(new Pending(new ExportCursor(container.id(), null), path, scope));
                }
                if (order.size() < MAX_CONTAINERS_LISTED
                        && perContainer.putIfAbsent(container.id(), new ContainerCount(container.name(), scope)) == null) {
                    order.add(container.id());
                }
            }
            ContainerCount here = cursor.containerId() == null ? null : perContainer.get(cursor.containerId());
            for (I item : page.items()) {
                if (pending.scope() != Selection.Scope.COPY || !selection.selects(item)) {
                    itemsNotSelected.incrementAndGet();
                    if (here != null) {
                        here.notSelected.incrementAndGet();
                    }
                    continue;
                }
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
            if (pending.scope() == Selection.Scope.COPY) {
                unreadable.addAndGet(page.rejected().size());
            }
            if (!page.isLast()) {
                // Depth first within a container, as the engine goes: its next page before the sub-containers.
                cursors.addFirst(new Pending(new ExportCursor(cursor.containerId(), page.continuation()), pending.path(),
                        pending.scope()));
            }
        }
        return true;
    }

    /** The counts as the API answers them. */
    ApiModel.Estimate result(String vertical, String provider, boolean complete, String incomplete, Duration took) {
        java.util.List<ApiModel.EstimatedContainer> listed = order.stream().map(id -> {
            ContainerCount c = perContainer.get(id);
            return new ApiModel.EstimatedContainer(id, c.name, c.items.get(), c.bytes.get(), c.notSelected.get(),
                    ApiModel.EstimatedContainer.selected(c.scope));
        }).toList();
        return new ApiModel.Estimate(vertical, provider, containers.get(), items.get(), bytes.get(),
                mediaOfUnknownSize.get(), unreadable.get(), complete, complete ? null : incomplete,
                took.toMillis() / 1000.0, listed, ApiModel.SelectionBody.of(selection), itemsNotSelected.get(),
                containersLeftOut.get());
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
