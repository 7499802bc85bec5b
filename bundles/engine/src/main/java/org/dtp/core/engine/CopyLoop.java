package org.dtp.core.engine;

import org.dtp.transfer.uploads.UploadService;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The copy loop of one job run: export a page, import its containers and items (each under the retry policy,
 * skipping what the ledger holds; as many items at once as the importer takes and the operator allows, or a batch
 * at a time to an importer that takes batches), write the run with the page's checkpoint, and go on until the last
 * page, a stop, a missing adapter or a full destination.
 * What earlier transfers between the same accounts copied ({@link RunMapping}) is not copied again: their containers
 * are reused, unchanged items are only recorded, and changed ones are updated (or as {@link ChangedItems} says).
 * Items in flight are recorded one by one as they end, so the page ledger holds exactly the items finished, and
 * the checkpoint passes a page only once every item of it has ended. Once a page's containers are imported, the next
 * page is exported on another thread while the page's items import ({@link PagePrefetch}): only that call moves
 * earlier; what is recorded of a page, and when, stays as it was.
 */
final class CopyLoop {
    private static final Logger LOG = LoggerFactory.getLogger(CopyLoop.class);
    private static final String ROOT = "";

    private final JobStore store;
    private final AdapterRegistry registry;
    private final AdapterRetry retry;
    private final ObjectMapper json = ModelJson.newObjectMapper();
    /** Asked when an adapter a job needs is missing: adapters stop before the engine when the framework stops. */
    private final BooleanSupplier frameworkStopping;
    /** The engine's wait after a full destination that named no time (its configuration may change). */
    private final Supplier<Duration> destinationFullWait;
    private final ItemWorkers workers;
    /** The operator's caps on items in flight (its configuration may change). */
    private final Supplier<InFlightLimits> limits;
    /** The operator's policy for items changed since they were copied (its configuration may change). */
    private final Supplier<ChangedItems> changedItems;
    private final ContentFingerprints fingerprints = new ContentFingerprints();
    /** The threads next pages are exported on while the current one imports. */
    private final ExecutorService prefetchThreads;
    /** Whether the operator lets the next page be exported while the current one imports (its configuration may change). */
    private final BooleanSupplier prefetchPages;
    /** The uploads bundle's service, null while it is not installed. */
    private final Supplier<UploadService> uploads;

    CopyLoop(JobStore store, AdapterRegistry registry, AdapterRetry retry, BooleanSupplier frameworkStopping,
             Supplier<Duration> destinationFullWait, ItemWorkers workers, Supplier<InFlightLimits> limits,
             Supplier<ChangedItems> changedItems, ExecutorService prefetchThreads, BooleanSupplier prefetchPages,
             Supplier<UploadService> uploads) {
        this.uploads = uploads;
        this.prefetchThreads = prefetchThreads;
        this.prefetchPages = prefetchPages;
        this.changedItems = changedItems;
        this.store = store;
        this.registry = registry;
        this.retry = retry;
        this.workers = workers;
        this.limits = limits;
        this.frameworkStopping = frameworkStopping;
        this.destinationFullWait = destinationFullWait;
    }

    Outcome copyPages(TransferJob job, long epoch, JobControls.Control control, PendingRun pending)
            throws InterruptedException {
        // Whatever ends the run (a stop, an adapter leaving, a full destination, a failure, the last page) drops the
        // next page's export if one is in flight, and waits until it ended.
        try (PagePrefetch prefetch = new PagePrefetch(prefetchThreads, retry, control)) {
            return copyPages(job, epoch, control, pending, prefetch);
        }
    }

    private Outcome copyPages(TransferJob job, long epoch, JobControls.Control control, PendingRun pending,
                              PagePrefetch prefetch) throws InterruptedException {
        UUID id = job.id();
        Checkpoint checkpoint = store.checkpoint(id).map(text -> Checkpoint.fromJson(json, text)).orElse(Checkpoint.start());
        store.addContainer(id, epoch, ROOT, "(root)");
        String exporterVersion = job.exporterVersion();
        String importerVersion = job.importerVersion();
        JobEndpoints sides = new JobEndpoints(store, job, uploads);
        Selection chosen = store.selection(id);
        SelectionFilter selection = new SelectionFilter(chosen);
        // Only a page that an earlier run left unfinished has items in the page ledger; a page that follows
        // one this run finished need not ask.
        boolean pageLedgerMayHoldItems = true;
        // A pause or cancel on another node shows only in the job store (this node's own set the stop flag):
        // asked before the first page, then at most once a run's time.
        long stateAskedAt = System.nanoTime() - PendingRun.RUN_NANOS;
        RunMapping mapping = null; // opened once the adapters that name the accounts are there
        ChangeFeeds feeds = null; // a run that copies part of the source must not move the feeds on for the whole
        while (!checkpoint.done()) {
            if (control.stopRequested()) {
                return Outcome.STOPPED;
            }
            if (System.nanoTime() - stateAskedAt >= PendingRun.RUN_NANOS) {
                if (!isRunning(id)) {
                    return Outcome.STOPPED;
                }
                stateAskedAt = System.nanoTime();
            }
            Optional<AdapterService<Exporter<?, ?>>> exporter = registry.exporter(job.source().provider(), job.vertical());
            Optional<AdapterService<Importer<?, ?>>> importer = registry.importer(job.destination().provider(), job.vertical());
            if (exporter.isEmpty() || importer.isEmpty()) {
                if (frameworkStopping.getAsBoolean()) {
                    return Outcome.STOPPED; // adapters stop before the engine at shutdown: the job stays RUNNING and resumes at start
                }
                boolean export = exporter.isEmpty();
                String provider = export ? job.source().provider() : job.destination().provider();
                String revoked = registry.revokedAdapter(provider, job.vertical(), export)
                        .map(a -> ": version " + a.bundleVersion() + " is revoked").orElse("");
                String adapter = provider + (export ? " (export) " : " (import) ") + job.vertical();
                return Outcome.adapterMissing(adapter, TransferEngine.WAITING_FOR_ADAPTER + adapter + revoked);
            }
            if (!exporter.get().version().equals(exporterVersion) || !importer.get().version().equals(importerVersion)) {
                if (exporterVersion != null) {
                    // An adapter was upgraded (or downgraded) mid-transfer: the history keeps every version that served it.
                    store.transition(id, epoch, Set.of(JobState.RUNNING), JobState.RUNNING, "now served by export "
                            + exporter.get().version() + ", import " + importer.get().version()
                            + " (was " + exporterVersion + ", " + importerVersion + ")");
                }
                exporterVersion = exporter.get().version();
                importerVersion = importer.get().version();
                store.recordAdapterVersions(id, exporterVersion, importerVersion);
            }
            try {
                if (mapping == null) {
                    mapping = openMapping(job, sides, exporter.get().service(), importer.get().service(), control);
                    if (mapping == null) {
                        continue; // a stop came while an adapter was tried again
                    }
                    feeds = chosen.all() ? new ChangeFeeds(store, id, epoch, mapping.scope()) : null;
                }
                Optional<Checkpoint> next = copyPage(job, sides, selection, mapping, feeds, checkpoint, pageLedgerMayHoldItems, pending,
                        exporter.get(), importer.get(), control, prefetch);
                if (next.isEmpty()) {
                    // Stopped, or an adapter left, mid-page: the page repeats from the checkpoint, skipping what
                    // the page ledger holds once the run is written.
                    pending.write();
                    pageLedgerMayHoldItems = true;
                    continue;
                }
                checkpoint = next.get(); // written with the run that holds the page's last items
                pageLedgerMayHoldItems = false; // writing a checkpoint empties the page ledger
            } catch (DestinationFullException e) {
                // The items before it are in the pending run (written with the outcome); this one and the rest are
                // copied when the transfer runs again, from the checkpoint with the page ledger.
                LOG.info("job {}: destination full, pausing: {}", id, e.getMessage());
                java.time.Instant retryAt = e.retryAt().orElseGet(() -> java.time.Instant.now().plus(destinationFullWait.get()));
                return Outcome.destinationFull(e.getMessage(), retryAt);
            } catch (AdapterException e) {
                return Outcome.failed("export failed: " + e.getMessage());
            }
        }
        return Outcome.DONE;
    }

    /**
     * The run's mapping scope, its accounts named once per run (see {@link RunMapping#account}); null when a stop came
     * while an adapter was tried again.
     */
    private RunMapping openMapping(TransferJob job, JobEndpoints sides, Exporter<?, ?> exporter, Importer<?, ?> importer,
                                   JobControls.Control control) throws AdapterException, InterruptedException {
        boolean operator = org.dtp.transfer.TransferRequest.OPERATOR.equals(job.owner());
        AdapterContext source = new AdapterContext(job.id(), operator, sides.source, sides.scratch, null, null);
        AdapterContext destination = new AdapterContext(job.id(), operator, sides.destination, sides.scratch, null, null);
        Optional<String> sourceAccount;
        Optional<String> destinationAccount;
        try {
            sourceAccount = retry.call(control, () -> exporter.accountId(source));
            destinationAccount = sourceAccount == null ? null : retry.call(control, () -> importer.accountId(destination));
        } catch (AdapterException e) {
            throw new AdapterException("could not name the accounts: " + e.getMessage(), e);
        }
        if (destinationAccount == null) {
            return null;
        }
        return RunMapping.open(store, job, RunMapping.account(sides.source.endpoint, sourceAccount),
                RunMapping.account(sides.destination.endpoint, destinationAccount), fingerprints, changedItems.get());
    }

    private boolean isRunning(UUID id) {
        return store.state(id).map(state -> state == JobState.RUNNING).orElse(false);
    }

    /**
     * Copies the head page into {@code pending}, which it writes whenever it is due; empty when a stop was
     * requested, or an adapter left, before the page was done.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Optional<Checkpoint> copyPage(TransferJob job, JobEndpoints sides, SelectionFilter selection, RunMapping mapping,
                                          ChangeFeeds feeds, Checkpoint checkpoint,
                                          boolean pageLedgerMayHoldItems,
                                          PendingRun pending, AdapterService<Exporter<?, ?>> exporterService,
                                          AdapterService<Importer<?, ?>> importerService, JobControls.Control control,
                                          PagePrefetch prefetch)
            throws AdapterException, InterruptedException {
        UUID id = job.id();
        Exporter exporter = exporterService.service();
        Importer importer = importerService.service();
        Checkpoint.Pending head = checkpoint.head();
        boolean operator = org.dtp.transfer.TransferRequest.OPERATOR.equals(job.owner());
        // The page exported while the previous one imported, if it was for this very cursor and exporter and its
        // export succeeded; else exported now.
        Optional<PagePrefetch.Fetched> fetched = prefetch.take(exporterService, head)
                .filter(prefetched -> prefetched.page() != null);
        AdapterContext sourceContext = fetched.map(PagePrefetch.Fetched::context)
                .orElseGet(() -> new AdapterContext(id, operator, sides.source, sides.scratch, feeds));
        ExportPage<ContainerModel, ItemModel> page = fetched.isPresent() ? fetched.get().page() : retry.call(control, () -> {
            sourceContext.startAttempt();
            return exporter.export(sourceContext, new ExportCursor(head.containerId(), head.continuation()));
        });
        if (page == null) {
            return Optional.empty();
        }
        String progressKey = head.containerId() == null ? ROOT : head.containerId();
        List<JobStore.NotKept> notRead = sourceContext.notKept();
        if (!notRead.isEmpty()) {
            store.recordNotRead(id, pending.epoch(), progressKey, byLedgerKey(notRead, page));
        }
        List<Checkpoint.Pending> found = new ArrayList<>();
        Map<String, JobStore.Mapped> mappedContainers = mapping.mapped(
                page.containers().stream().map(container -> "c:" + container.id()).toList());
        for (ContainerModel container : page.containers()) {
            List<String> path = selection.pathOf(head, container);
            Selection.Scope scope = selection.scopeOf(path);
            if (scope != Selection.Scope.COPY) {
                if (scope == Selection.Scope.LOOK_INTO) {
                    // Not created at the destination: what is selected beneath it goes where its own items would have.
                    store.addContainer(id, pending.epoch(), container.id(), container.name());
                    found.add(new Checkpoint.Pending(container.id(), null, head.destinationId(), path));
                }
                continue;
            }
            String key = "c:" + container.id();
            Optional<String> destination = store.ledgerEntry(id, key);
            JobStore.Mapped earlier = mappedContainers.get(key);
            if (destination.isEmpty() && earlier != null) {
                // An earlier transfer between the same accounts made it: reused, not made again.
                store.recordContainerImported(id, pending.epoch(), mapping.scope(), key, container.id(), earlier.destinationId());
                destination = Optional.of(earlier.destinationId());
            } else if (destination.isEmpty()) {
                AdapterContext ctx = new AdapterContext(id, sourceContext.operator, sides.destination, sides.scratch, exporter, sourceContext);
                String created = retry.call(control, () -> {
                    ctx.startAttempt();
                    return importer.importContainer(ctx, key, container, head.destinationId());
                });
                if (created == null) {
                    return Optional.empty();
                }
                store.recordNotKept(id, pending.epoch(), progressKey, key, ctx.notKept());
                store.recordContainerImported(id, pending.epoch(), mapping.scope(), key, container.id(), created);
                destination = Optional.of(created);
            }
            store.addContainer(id, pending.epoch(), container.id(), container.name());
            found.add(new Checkpoint.Pending(container.id(), null, destination.get(), path));
        }
        Checkpoint next = checkpoint.advance(page.continuation(), found);
        if (!next.done() && prefetchPages.getAsBoolean()) {
            prefetch.start(exporterService, next.head(), new AdapterContext(id, operator, sides.source, sides.scratch, feeds));
        }
        Set<String> skip = new HashSet<>(page.items().size() * 2);
        List<String> itemKeys = page.items().stream().map(item -> "i:" + item.id()).toList();
        if (!page.items().isEmpty() && pageLedgerMayHoldItems) {
            skip.addAll(store.ledgerKeys(id, itemKeys));
        }
        Selection.Scope headScope = selection.scopeOf(head);
        Map<String, JobStore.Mapped> mappedItems = mapping.mapped(itemKeys.stream().filter(key -> !skip.contains(key)).toList());
        // The items of a container only looked into are not selected, readable or not: no error for them.
        List<ExportPage.Rejected> rejected = headScope == Selection.Scope.COPY ? page.rejected() : List.of();
        for (ExportPage.Rejected unreadable : rejected) {
            LOG.info("job {}: item {} not exported: {}", id, unreadable.sourceId(), unreadable.reason());
            pending.progress().failed(progressKey, unreadable.sourceId(), "not readable at the source: " + unreadable.reason());
        }
        int limit = limits.get().limitFor(job.destination().provider(), importer.concurrency());
        BooleanSupplier adaptersUsable = () -> registry.isUsable(exporterService.serviceId())
                && registry.isUsable(importerService.serviceId());
        ItemEnds ends = new ItemEnds(id, progressKey, pending, mapping, adaptersUsable);
        ItemBatches batches = new ItemBatches(id, importer, head.destinationId(),
                () -> new AdapterContext(id, sourceContext.operator, sides.destination, sides.scratch, exporter, sourceContext));
        // Only new, selected items go into a batch: what an earlier transfer copied (unchanged or changed) is handled
        // by itself, as the mapping plans it. New means not mapped, so no fingerprint is computed here.
        Predicate<ItemModel> batchable = other -> {
            String otherKey = "i:" + other.id();
            return !skip.contains(otherKey) && selection.copies(headScope, other) && !mappedItems.containsKey(otherKey);
        };
        try (ItemsInFlight<ItemModel, Imported> inFlight = workers.page(limit)) {
            List<ItemModel> items = page.items();
            for (int index = 0; index < items.size(); index++) {
                ItemModel item = items.get(index);
                if (control.stopRequested() || !adaptersUsable.getAsBoolean()) {
                    ends.unfinished = true;
                    break;
                }
                String key = "i:" + item.id();
                if (!skip.add(key)) {
                    continue; // in the ledger already, or twice in this page
                }
                if (!selection.copies(headScope, item)) {
                    pending.progress().notSelected(progressKey, key);
                    continue;
                }
                // Written before the next item rather than after the last one, so that the run that holds a page's
                // last items also holds its checkpoint.
                pending.writeIfDue();
                RunMapping.Plan plan = mapping.plan(item, mappedItems.get(key));
                if (plan.action() == RunMapping.Action.UNCHANGED || plan.action() == RunMapping.Action.SKIP) {
                    ends.notCopied(item, key, plan);
                    continue;
                }
                ItemBatches.Prepared prepared = plan.action() == RunMapping.Action.IMPORT
                        ? batches.prepare(items, index, key, batchable) : batches.alone();
                AdapterContext ctx = prepared.context();
                inFlight.start(item, () -> {
                    Written written = prepared.imported() != null
                            ? new Written(prepared.imported(), ItemRecord.Outcome.COPIED)
                            : retry.call(control, () -> {
                                ctx.startAttempt();
                                return write(importer, ctx, key, item, head.destinationId(), plan);
                            });
                    return new Imported(key, ctx, plan, written);
                });
                for (ItemsInFlight.Finished<ItemModel, Imported> done; (done = inFlight.poll()) != null; ) {
                    ends.record(done);
                }
                if (ends.unfinished || ends.full != null) {
                    break;
                }
            }
            // The items still in flight end before the page does, each recorded as it would have been alone.
            for (ItemsInFlight.Finished<ItemModel, Imported> done; (done = inFlight.awaitNext()) != null; ) {
                ends.record(done);
            }
        }
        if (ends.full != null) {
            throw ends.full; // not an item's fault: the job pauses (copyPages)
        }
        if (ends.unfinished) {
            return Optional.empty();
        }
        pending.progress().pageDone(next.toJson(json));
        pending.writeIfDue();
        return Optional.of(next);
    }

    /**
     * The exporter's reports grouped by the ledger key of what they are about: a container of the page when one has
     * the reported id, else an item.
     */
    private static Map<String, List<JobStore.NotKept>> byLedgerKey(List<JobStore.NotKept> reports, ExportPage<?, ?> page) {
        Set<String> containerIds = new HashSet<>();
        page.containers().forEach(container -> containerIds.add(container.id()));
        Map<String, List<JobStore.NotKept>> byKey = new LinkedHashMap<>();
        for (JobStore.NotKept report : reports) {
            String key = (containerIds.contains(report.sourceId()) ? "c:" : "i:") + report.sourceId();
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(report);
        }
        return byKey;
    }

    /** Where an item was written, and whether it was copied or updated. */
    private record Written(String id, ItemRecord.Outcome outcome) {
    }

    /**
     * Imports {@code item} (new, or changed and copied anew by the policy) or updates it in place; where the
     * importer takes no update of it, copies it anew. Either way the fidelity report says why a changed item was
     * copied anew.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Written write(Importer importer, AdapterContext ctx, String key, ItemModel item, String containerId,
                                 RunMapping.Plan plan) throws AdapterException {
        String why = "changed at the source since an earlier transfer copied it; copied anew, the earlier copy stays";
        if (plan.action() == RunMapping.Action.UPDATE) {
            try {
                return new Written(importer.updateItem(ctx, key, item, containerId, plan.earlier().destinationId()),
                        ItemRecord.Outcome.UPDATED);
            } catch (ItemNotUpdatableException e) {
                ctx.reportNotKept(item.id(), RunMapping.CONTENT, why + ": " + e.getMessage());
            }
        } else if (plan.action() == RunMapping.Action.COPY_ANEW) {
            ctx.reportNotKept(item.id(), RunMapping.CONTENT, why + " (changed items: copy)");
        }
        return new Written(importer.importItem(ctx, key, item, containerId), ItemRecord.Outcome.COPIED);
    }

    /** What was planned for an item, and what its import (or update) under the retry policy wrote: null when a stop came first. */
    private record Imported(String key, AdapterContext context, RunMapping.Plan plan, Written written) {
    }

    /**
     * The ends of a page's items, recorded in the run as they come (on the job's thread), and what they say of the
     * page: unfinished (a stop, or an adapter that left), or a full destination (the first one seen).
     */
    private static final class ItemEnds {
        private final UUID id;
        private final String progressKey;
        private final PendingRun pending;
        private final RunMapping mapping;
        private final BooleanSupplier adaptersUsable;
        boolean unfinished;
        DestinationFullException full;

        ItemEnds(UUID id, String progressKey, PendingRun pending, RunMapping mapping, BooleanSupplier adaptersUsable) {
            this.id = id;
            this.progressKey = progressKey;
            this.pending = pending;
            this.mapping = mapping;
            this.adaptersUsable = adaptersUsable;
        }

        /**
         * Records an item that is not copied again: unchanged since an earlier transfer copied it, or changed and
         * left as it was (the policy for changed items), which the fidelity report says.
         */
        void notCopied(ItemModel item, String key, RunMapping.Plan plan) {
            boolean unchanged = plan.action() == RunMapping.Action.UNCHANGED;
            List<JobStore.NotKept> why = unchanged ? List.of() : List.of(new JobStore.NotKept(item.id(), RunMapping.CONTENT,
                    "changed at the source since an earlier transfer copied it; left as it was (changed items: skip)"));
            pending.progress().handled(progressKey, mapping.handled(key, item, plan, plan.earlier().destinationId(), null,
                    unchanged ? ItemRecord.Outcome.UNCHANGED : ItemRecord.Outcome.SKIPPED), 0, why);
        }

        /**
         * Records an item's end: imported, or failed (one item's failure does not fail the job) unless an adapter
         * left meanwhile, whose going may be what failed it: then the page repeats it. An interrupt or an error is
         * thrown on the job's thread.
         */
        void record(ItemsInFlight.Finished<ItemModel, Imported> done) throws InterruptedException {
            Throwable failure = done.failure();
            if (failure == null) {
                Imported imported = done.value();
                if (imported.written() == null) {
                    unfinished = true;
                } else {
                    AdapterContext context = imported.context();
                    pending.progress().handled(progressKey, mapping.handled(imported.key(), done.item(), imported.plan(),
                            imported.written().id(), context.mediaSha256(), imported.written().outcome()), context.bytes.get(),
                            context.notKept());
                }
            } else if (failure instanceof InterruptedException interrupted) {
                throw interrupted;
            } else if (failure instanceof Error error) {
                throw error;
            } else if (failure instanceof DestinationFullException destinationFull) {
                full = full == null ? destinationFull : full;
            } else if (!adaptersUsable.getAsBoolean()) {
                unfinished = true;
            } else {
                ItemModel item = done.item();
                LOG.info("job {}: item {} not copied: {}", id, item.id(), failure.getMessage());
                pending.progress().failed(progressKey, item.id(), messageOf((Exception) failure));
            }
        }
    }

    private static String messageOf(Exception e) {
        String message = e.getMessage();
        return (e instanceof RuntimeException ? e.getClass().getSimpleName() + ": " : "")
                + (message == null ? e.getClass().getSimpleName() : message);
    }
}
