package org.dtp.core.sync;

import org.dtp.core.engine.CredentialRelease;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.SyncStore;
import org.dtp.core.store.SyncStore.StoredSync;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.execution.SyncRunner;
import org.dtp.transfer.execution.SyncScheduler;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.dtp.transfer.sync.SyncService;
import org.dtp.transfer.sync.SyncState;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Keeps syncs and starts their runs when the scheduler says so. A run is a transfer started by the
 * {@link TransferManager} as any other, tagged with the sync; it does not start while the sync's previous run has
 * not ended (the scheduler never runs one sync's {@link #run} twice at once, in the whole cluster, so checking and
 * starting need no lock of their own). When a run ends, the job store gives its settings back to the sync in the
 * same commit; the sync's credentials are released once, when it is deleted.
 */
@Component(service = {SyncService.class, SyncRunner.class}, immediate = true)
public final class SyncManager implements SyncService, SyncRunner {
    private static final Logger LOG = LoggerFactory.getLogger(SyncManager.class);
    private static final int MAX_PAGE = 1000;

    private final SyncStore syncs;
    private final JobStore jobs;
    private final TransferManager transfers;
    private final SyncScheduler scheduler;
    private final CredentialRelease release;

    @Activate
    public SyncManager(@Reference SyncStore syncs, @Reference JobStore jobs, @Reference TransferManager transfers,
                       @Reference SyncScheduler scheduler, @Reference CredentialRelease release) {
        this.syncs = syncs;
        this.jobs = jobs;
        this.transfers = transfers;
        this.scheduler = scheduler;
        this.release = release;
        scheduleActiveSyncsWithoutSchedule();
    }

    /**
     * A sync resumed on a node that stopped before its schedule was made again has none: make it. (Pausing removes
     * the schedule after the state changed, and a run of a paused sync does not start, so a stop there is harmless.)
     */
    private void scheduleActiveSyncsWithoutSchedule() {
        for (int offset = 0; ; offset += MAX_PAGE) {
            List<StoredSync> page = syncs.syncs(null, offset, MAX_PAGE);
            for (StoredSync sync : page) {
                if (sync.state() == SyncState.ACTIVE && scheduler.nextRun(sync.id()).isEmpty()) {
                    try {
                        scheduler.schedule(sync.id(), sync.schedule());
                    } catch (InvalidScheduleException | RuntimeException e) {
                        LOG.warn("sync {} has no schedule and cannot be given one: {}", sync.id(), e.getMessage());
                    }
                }
            }
            if (page.size() < MAX_PAGE) {
                return;
            }
        }
    }

    @Override
    public Sync create(SyncRequest request) throws InvalidScheduleException, InvalidTransferException {
        scheduler.validate(request.schedule());
        TransferRequest transfer = request.transfer();
        transfers.validate(transfer);
        UUID id = UUID.randomUUID();
        StoredSync sync = syncs.create(id, transfer.owner(), transfer.vertical(), transfer.source(),
                transfer.destination(), request.schedule());
        try {
            scheduler.schedule(id, request.schedule());
        } catch (InvalidScheduleException | RuntimeException e) {
            syncs.delete(id);
            throw e;
        }
        LOG.info("sync {} of {} created: {} from {} to {}, {}", id, transfer.owner(), transfer.vertical(),
                transfer.source().provider(), transfer.destination().provider(), request.schedule());
        return view(sync);
    }

    @Override
    public Optional<Sync> sync(UUID id) {
        return syncs.sync(id).map(this::view);
    }

    @Override
    public List<Sync> list(int offset, int limit) {
        return syncs.syncs(null, Math.max(0, offset), page(limit)).stream().map(this::view).toList();
    }

    @Override
    public List<Sync> list(String owner, int offset, int limit) {
        return syncs.syncs(owner, Math.max(0, offset), page(limit)).stream().map(this::view).toList();
    }

    @Override
    public List<TransferJob> runs(UUID id, int offset, int limit) {
        return jobs.runs(id, Math.max(0, offset), page(limit));
    }

    private static int page(int limit) {
        return Math.max(1, Math.min(limit, MAX_PAGE));
    }

    @Override
    public Sync pause(UUID id) throws NoSuchSyncException {
        existing(id);
        if (syncs.setState(id, SyncState.ACTIVE, SyncState.PAUSED)) {
            scheduler.unschedule(id);
            LOG.info("sync {} paused", id);
        }
        return view(existing(id));
    }

    @Override
    public Sync resume(UUID id) throws NoSuchSyncException {
        StoredSync sync = existing(id);
        if (syncs.setState(id, SyncState.PAUSED, SyncState.ACTIVE)) {
            try {
                scheduler.schedule(id, sync.schedule());
            } catch (InvalidScheduleException e) {
                // It was accepted when it was made; the operator has raised the floor since.
                syncs.setState(id, SyncState.ACTIVE, SyncState.PAUSED);
                syncs.note(id, "cannot resume: " + e.getMessage());
            }
            LOG.info("sync {} resumed", id);
        }
        return view(existing(id));
    }

    @Override
    public void delete(UUID id) throws NoSuchSyncException {
        existing(id);
        scheduler.unschedule(id);
        for (UUID run : jobs.unfinishedRuns(id)) {
            try {
                transfers.cancel(run); // its credentials are about to be released
            } catch (NoSuchTransferException | IllegalJobStateException e) {
                LOG.debug("run {} of sync {} ended meanwhile", run, id);
            }
        }
        StoredSync deleted = syncs.delete(id).orElseThrow(() -> noSuchSync(id));
        release.release("sync " + id, deleted.vertical(), deleted.source(), deleted.destination());
        LOG.info("sync {} deleted", id);
    }

    @Override
    public void run(UUID id) {
        Optional<StoredSync> found = syncs.sync(id);
        if (found.isEmpty()) {
            scheduler.unschedule(id); // the schedule of a sync deleted while this node was away
            return;
        }
        StoredSync sync = found.get();
        if (sync.state() != SyncState.ACTIVE) {
            return;
        }
        List<UUID> unfinished = jobs.unfinishedRuns(id);
        if (!unfinished.isEmpty()) {
            syncs.note(id, "the run due at " + Instant.now() + " did not start: run " + unfinished.get(0)
                    + " has not ended");
            LOG.info("sync {}: run {} has not ended, no new run starts", id, unfinished.get(0));
            return;
        }
        try {
            TransferJob run = transfers.start(new TransferRequest(sync.vertical(), sync.source(), sync.destination(),
                    sync.owner()), id);
            syncs.note(id, null);
            LOG.info("sync {}: run {} started", id, run.id());
        } catch (InvalidTransferException e) {
            syncs.note(id, "the run due at " + Instant.now() + " did not start: " + e.getMessage());
            LOG.warn("sync {}: the run did not start: {}", id, e.getMessage());
        }
    }

    private StoredSync existing(UUID id) throws NoSuchSyncException {
        return syncs.sync(id).orElseThrow(() -> noSuchSync(id));
    }

    private static NoSuchSyncException noSuchSync(UUID id) {
        return new NoSuchSyncException("no sync with id " + id);
    }

    /** The sync as shown: secrets masked, its last run and (when active) its next. */
    private Sync view(StoredSync sync) {
        Optional<TransferJob> last = jobs.runs(sync.id(), 0, 1).stream().findFirst();
        Instant next = sync.state() == SyncState.ACTIVE ? scheduler.nextRun(sync.id()).orElse(null) : null;
        return new Sync(sync.id(), sync.owner(), sync.vertical(), masked(sync.source()), masked(sync.destination()),
                sync.schedule(), sync.state(), sync.createdAt(), last.map(TransferJob::id).orElse(null),
                last.map(TransferJob::createdAt).orElse(null), next, sync.note());
    }

    private static TransferEndpoint masked(TransferEndpoint endpoint) {
        return new TransferEndpoint(endpoint.provider(), SecretSettings.mask(endpoint.settings()));
    }
}
