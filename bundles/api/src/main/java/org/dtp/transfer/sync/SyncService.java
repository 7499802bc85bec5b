package org.dtp.transfer.sync;

import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.TransferJob;
import org.osgi.annotation.versioning.ProviderType;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Keeps syncs and runs them on their schedules. Each run is a transfer started as
 * {@link org.dtp.transfer.TransferService#start} starts one, tagged with the sync's id; a run does not start while
 * the sync's previous run has not ended. Credentials a run refreshed are kept for the next run; the sync's grants
 * are revoked when it is deleted, not at the end of each run.
 */
@ProviderType
public interface SyncService {
    /**
     * Validates the request as a transfer request is validated, and the schedule, then keeps the sync (active) and
     * schedules its runs; the first runs at the schedule's first time.
     *
     * @throws InvalidScheduleException saying what is wrong with the schedule
     * @throws InvalidTransferException saying what is wrong with the transfer request
     */
    Sync create(SyncRequest request) throws InvalidScheduleException, InvalidTransferException;

    Optional<Sync> sync(UUID id);

    /** Syncs of every owner, newest first. */
    List<Sync> list(int offset, int limit);

    /** The syncs of one owner, newest first. */
    List<Sync> list(String owner, int offset, int limit);

    /** The sync's runs, newest first; empty for an unknown sync. */
    List<TransferJob> runs(UUID id, int offset, int limit);

    /** Stops the schedule; a run going on goes on. Pausing a paused sync changes nothing. */
    Sync pause(UUID id) throws NoSuchSyncException;

    /** Starts the schedule again, from now. Resuming an active sync changes nothing. */
    Sync resume(UUID id) throws NoSuchSyncException;

    /**
     * Deletes the sync: its schedule and sealed settings, and releases its credentials (revokes its grants where
     * the provider allows). Its runs stay, as transfers do, until their retention ends; a run going on goes on.
     */
    void delete(UUID id) throws NoSuchSyncException;
}
