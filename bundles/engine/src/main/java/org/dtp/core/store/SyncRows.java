package org.dtp.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.SyncState;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;

/**
 * The syncs' rows (dtp_sync), their settings sealed by the sync's own data key (in dtp_job_key under the sync's id),
 * in the caller's transaction.
 */
final class SyncRows {
    private static final String SOURCE_SETTINGS = "source_settings";
    private static final String DESTINATION_SETTINGS = "destination_settings";
    private static final String COLUMNS = "id, owner, vertical, source_provider, source_settings, destination_provider, "
            + "destination_settings, every_seconds, cron, state, note, created_at";
    private static final TypeReference<Map<String, String>> SETTINGS = new TypeReference<>() {
    };

    private final JobKeys keys;
    private final ObjectMapper json;

    SyncRows(JobKeys keys, ObjectMapper json) {
        this.keys = keys;
        this.json = json;
    }

    /** Inserts a new, active sync with a new data key; call {@link JobKeys#remember} with it after the commit. */
    DataKeyCipher insert(Connection c, UUID id, String owner, Vertical vertical, TransferEndpoint source,
                         TransferEndpoint destination, Schedule schedule, long now) throws SQLException {
        DataKeyCipher cipher = keys.create(c, id);
        Sql.update(c, "INSERT INTO dtp_sync (id, owner, vertical, source_provider, source_settings, "
                + "destination_provider, destination_settings, every_seconds, cron, state, created_at, updated_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", s -> {
            params(id.toString(), owner, vertical.name(), source.provider(),
                    cipher.seal(SOURCE_SETTINGS, write(source.settings())), destination.provider(),
                    cipher.seal(DESTINATION_SETTINGS, write(destination.settings()))).bind(s);
            if (schedule.every() == null) {
                s.setNull(8, Types.BIGINT);
            } else {
                s.setLong(8, schedule.every().toSeconds());
            }
            s.setString(9, schedule.cron());
            s.setString(10, SyncState.ACTIVE.name());
            s.setLong(11, now);
            s.setLong(12, now);
        });
        return cipher;
    }

    Optional<SyncStore.StoredSync> sync(Connection c, UUID id, boolean lock) throws SQLException {
        return Sql.first(c, "SELECT " + COLUMNS + " FROM dtp_sync WHERE id = ?" + (lock ? " FOR UPDATE" : ""),
                params(id.toString()), rs -> read(c, rs));
    }

    /** Syncs newest first, of one owner or (null) all. */
    List<SyncStore.StoredSync> syncs(Connection c, String owner, int offset, int limit) throws SQLException {
        String order = " ORDER BY created_at DESC, id OFFSET ? ROWS FETCH NEXT ? ROWS ONLY";
        return owner == null
                ? Sql.list(c, "SELECT " + COLUMNS + " FROM dtp_sync" + order, params(offset, limit), rs -> read(c, rs))
                : Sql.list(c, "SELECT " + COLUMNS + " FROM dtp_sync WHERE owner = ?" + order, params(owner, offset, limit),
                        rs -> read(c, rs));
    }

    /**
     * Replaces the sync's settings by those a run ended with, sealed; a side whose provider is not the sync's is left
     * as it is. Does nothing when the sync is gone.
     */
    void updateSettings(Connection c, UUID id, TransferEndpoint source, TransferEndpoint destination) throws SQLException {
        Optional<String[]> providers = Sql.first(c, "SELECT source_provider, destination_provider FROM dtp_sync "
                + "WHERE id = ? FOR UPDATE", params(id.toString()), rs -> new String[]{rs.getString(1), rs.getString(2)});
        if (providers.isEmpty()) {
            return;
        }
        DataKeyCipher cipher = keys.require(c, id);
        if (providers.get()[0].equals(source.provider())) {
            Sql.update(c, "UPDATE dtp_sync SET source_settings = ? WHERE id = ?",
                    params(cipher.seal(SOURCE_SETTINGS, write(source.settings())), id.toString()));
        }
        if (providers.get()[1].equals(destination.provider())) {
            Sql.update(c, "UPDATE dtp_sync SET destination_settings = ? WHERE id = ?",
                    params(cipher.seal(DESTINATION_SETTINGS, write(destination.settings())), id.toString()));
        }
    }

    /** Deletes the sync's row and data key. */
    static void delete(Connection c, UUID id) throws SQLException {
        Sql.update(c, "DELETE FROM dtp_sync WHERE id = ?", params(id.toString()));
        Sql.update(c, "DELETE FROM dtp_job_key WHERE job_id = ?", params(id.toString()));
    }

    private SyncStore.StoredSync read(Connection c, ResultSet rs) throws SQLException {
        UUID id = UUID.fromString(rs.getString(1));
        long every = rs.getLong(8);
        Schedule schedule = rs.wasNull() ? Schedule.cron(rs.getString(9)) : Schedule.every(Duration.ofSeconds(every));
        return new SyncStore.StoredSync(id, rs.getString(2), Vertical.valueOf(rs.getString(3)),
                new TransferEndpoint(rs.getString(4), readSettings(keys.open(c, id, SOURCE_SETTINGS, rs.getString(5)))),
                new TransferEndpoint(rs.getString(6), readSettings(keys.open(c, id, DESTINATION_SETTINGS, rs.getString(7)))),
                schedule, SyncState.valueOf(rs.getString(10)), rs.getString(11), Instant.ofEpochMilli(rs.getLong(12)));
    }

    private String write(Map<String, String> settings) {
        try {
            return json.writeValueAsString(settings);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("settings cannot be written as JSON", e);
        }
    }

    private Map<String, String> readSettings(String settings) {
        try {
            return json.readValue(settings, SETTINGS);
        } catch (JsonProcessingException e) {
            throw new JobStoreException("job store holds unreadable sync settings: " + e.getOriginalMessage(), e);
        }
    }
}
