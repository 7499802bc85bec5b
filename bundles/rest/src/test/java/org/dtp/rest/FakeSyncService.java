package org.dtp.rest;

import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.TransferJob;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.dtp.transfer.sync.SyncService;
import org.dtp.transfer.sync.SyncState;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Syncs in memory, shown as the engine shows them (secrets masked). Refuses intervals under an hour and cron
 * expressions that do not begin with "0 ", and the provider "nope".
 */
final class FakeSyncService implements SyncService {
    final Map<UUID, Sync> syncs = new ConcurrentHashMap<>();
    final List<SyncRequest> requests = new ArrayList<>();

    @Override
    public Sync create(SyncRequest request) throws InvalidScheduleException, InvalidTransferException {
        if (request.schedule().every() != null && request.schedule().every().compareTo(Duration.ofHours(1)) < 0) {
            throw new InvalidScheduleException("a sync may run at most every 1 h on this server");
        }
        if (request.schedule().cron() != null && !request.schedule().cron().startsWith("0 ")) {
            throw new InvalidScheduleException("'" + request.schedule().cron() + "' is not a Quartz cron expression");
        }
        if (request.transfer().source().provider().equals("nope")) {
            throw new InvalidTransferException("no adapter for provider 'nope' is installed");
        }
        requests.add(request);
        Sync sync = new Sync(UUID.randomUUID(), request.transfer().owner(), request.transfer().vertical(),
                masked(request.transfer().source()), masked(request.transfer().destination()), request.schedule(),
                SyncState.ACTIVE, Instant.now(), null, null, Instant.now().plusSeconds(3600), null);
        syncs.put(sync.id(), sync);
        return sync;
    }

    private static TransferEndpoint masked(TransferEndpoint endpoint) {
        return new TransferEndpoint(endpoint.provider(), SecretSettings.mask(endpoint.settings()));
    }

    @Override
    public Optional<Sync> sync(UUID id) {
        return Optional.ofNullable(syncs.get(id));
    }

    @Override
    public List<Sync> list(int offset, int limit) {
        return List.copyOf(syncs.values());
    }

    @Override
    public List<Sync> list(String owner, int offset, int limit) {
        return syncs.values().stream().filter(s -> s.ownedBy(owner)).toList();
    }

    @Override
    public List<TransferJob> runs(UUID id, int offset, int limit) {
        return List.of();
    }

    @Override
    public Sync pause(UUID id) throws NoSuchSyncException {
        return move(id, SyncState.PAUSED);
    }

    @Override
    public Sync resume(UUID id) throws NoSuchSyncException {
        return move(id, SyncState.ACTIVE);
    }

    private Sync move(UUID id, SyncState state) throws NoSuchSyncException {
        Sync s = sync(id).orElseThrow(() -> new NoSuchSyncException("no sync " + id));
        Sync moved = new Sync(s.id(), s.owner(), s.vertical(), s.source(), s.destination(), s.schedule(), state,
                s.createdAt(), s.lastRunId(), s.lastRunAt(), state == SyncState.ACTIVE ? Instant.now() : null, s.note());
        syncs.put(id, moved);
        return moved;
    }

    @Override
    public void delete(UUID id) throws NoSuchSyncException {
        if (syncs.remove(id) == null) {
            throw new NoSuchSyncException("no sync " + id);
        }
    }
}
