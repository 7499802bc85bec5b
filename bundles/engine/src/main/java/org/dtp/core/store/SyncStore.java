package org.dtp.core.store;

import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.models.ModelJson;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.SyncState;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import javax.sql.DataSource;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;
import static org.dtp.core.store.StoredValues.truncate;

/**
 * Syncs: a transfer request kept for its runs, with its settings sealed by a data key of the sync's own, and its
 * schedule. The settings are read unsealed (for a run, for releasing the credentials when the sync goes); whoever
 * shows them masks them. A run's settings come back to its sync when the run ends ({@link JobStore}).
 */
@Component(service = SyncStore.class)
public final class SyncStore {
    private final Sql sql;
    private final JobKeys keys;
    private final SyncRows rows;

    @Activate
    public SyncStore(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db,
                     @Reference MasterKeyring masterKeys) {
        this.sql = new Sql(db);
        this.keys = new JobKeys(masterKeys);
        this.rows = new SyncRows(keys, ModelJson.newObjectMapper());
    }

    /** A sync as stored, its settings unsealed: never shown as it is. */
    public record StoredSync(UUID id, String owner, Vertical vertical, TransferEndpoint source,
                             TransferEndpoint destination, Schedule schedule, SyncState state, String note,
                             Instant createdAt) {
    }

    /** Keeps a new, active sync with a new data key. */
    public StoredSync create(UUID id, String owner, Vertical vertical, TransferEndpoint source,
                             TransferEndpoint destination, Schedule schedule) {
        long now = System.currentTimeMillis();
        DataKeyCipher cipher = sql.inTransaction(c -> rows.insert(c, id, owner, vertical, source, destination, schedule, now));
        keys.remember(id, cipher);
        return sync(id).orElseThrow();
    }

    public Optional<StoredSync> sync(UUID id) {
        return sql.withConnection(c -> rows.sync(c, id, false));
    }

    /** Syncs newest first, of one owner or (null) all. */
    public List<StoredSync> syncs(String owner, int offset, int limit) {
        return sql.withConnection(c -> rows.syncs(c, owner, offset, limit));
    }

    /** Moves the sync from {@code from} to {@code to}; returns whether it moved (false also for an unknown sync). */
    public boolean setState(UUID id, SyncState from, SyncState to) {
        return sql.withConnection(c -> Sql.update(c, "UPDATE dtp_sync SET state = ?, updated_at = ? WHERE id = ? AND state = ?",
                params(to.name(), System.currentTimeMillis(), id.toString(), from.name())) == 1);
    }

    /** Notes why the latest scheduled run did not start, or (null) clears the note when one did. */
    public void note(UUID id, String note) {
        sql.withConnection(c -> Sql.update(c, "UPDATE dtp_sync SET note = ?, updated_at = ? WHERE id = ?",
                params(truncate(note, 2000), System.currentTimeMillis(), id.toString())));
    }

    /** Deletes the sync and its data key; returns it as it was (its settings unsealed, to release them), if it was there. */
    public Optional<StoredSync> delete(UUID id) {
        Optional<StoredSync> deleted = sql.inTransaction(c -> {
            Optional<StoredSync> found = rows.sync(c, id, true);
            if (found.isPresent()) {
                SyncRows.delete(c, id);
            }
            return found;
        });
        keys.forget(id);
        return deleted;
    }
}
