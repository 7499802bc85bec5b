package org.dtp.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;
import static org.dtp.core.store.StoredValues.truncate;

/**
 * The jobs' rows (dtp_job, with their settings and checkpoint sealed by the job's data key) and their history of
 * transitions (dtp_job_transition), in the caller's transaction.
 */
final class JobRows {
    private static final String SOURCE_SETTINGS = "source_settings";
    private static final String DESTINATION_SETTINGS = "destination_settings";
    private static final String CHECKPOINT = "checkpoint";
    private static final String SELECTION = "selection";
    private static final String ENDED_STATES = "('COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED', 'CANCELLED')";
    private static final String JOB_COLUMNS = "j.id, j.vertical, j.source_provider, j.source_settings, "
            + "j.destination_provider, j.destination_settings, j.state, j.state_reason, j.created_at, j.updated_at, "
            + "j.exporter_version, j.importer_version, j.owner, j.starts_at, j.sync_id, "
            + "(SELECT COALESCE(SUM(p.items), 0) FROM dtp_container_progress p WHERE p.job_id = j.id) AS items, "
            + "(SELECT COALESCE(SUM(p.bytes), 0) FROM dtp_container_progress p WHERE p.job_id = j.id) AS bytes, "
            + "(SELECT COALESCE(SUM(p.errors), 0) FROM dtp_container_progress p WHERE p.job_id = j.id) AS errors";
    private static final TypeReference<Map<String, String>> SETTINGS = new TypeReference<>() {
    };

    private final JobKeys keys;
    private final ObjectMapper json;

    JobRows(JobKeys keys, ObjectMapper json) {
        this.keys = keys;
        this.json = json;
    }

    /**
     * Inserts a new job in {@link JobState#QUEUED}, sealed with {@code cipher}, and its first transition; {@code syncId}
     * names the sync it is a run of, or is null.
     */
    void insert(Connection c, UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                String owner, Instant startsAt, UUID syncId, Selection selection, String checkpoint, DataKeyCipher cipher,
                long now) throws SQLException {
        Sql.update(c, "INSERT INTO dtp_job (id, vertical, source_provider, source_settings, destination_provider, "
                + "destination_settings, state, state_reason, created_at, updated_at, checkpoint, owner, sync_id, starts_at, "
                + "selection) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", s -> {
            params(id.toString(), vertical.name(), source.provider(),
                    cipher.seal(SOURCE_SETTINGS, write(source.settings())), destination.provider(),
                    cipher.seal(DESTINATION_SETTINGS, write(destination.settings())), JobState.QUEUED.name(), "created",
                    now, now, cipher.seal(CHECKPOINT, checkpoint), owner, syncId == null ? null : syncId.toString()).bind(s);
            if (startsAt == null) {
                s.setNull(14, Types.BIGINT);
            } else {
                s.setLong(14, startsAt.toEpochMilli());
            }
            s.setString(15, selection.all() ? null : cipher.seal(SELECTION, writeValue(selection)));
        });
        insertTransition(c, id, null, JobState.QUEUED, "created", now);
    }

    /** See {@link JobStore#updateSettings}. */
    TransferEndpoint updateSettings(Connection c, UUID id, boolean source, Map<String, String> changes) throws SQLException {
        String column = source ? SOURCE_SETTINGS : DESTINATION_SETTINGS;
        String provider = source ? "source_provider" : "destination_provider";
        Optional<String[]> row = Sql.first(c, "SELECT " + provider + ", " + column + " FROM dtp_job WHERE id = ? FOR UPDATE",
                params(id.toString()), rs -> new String[]{rs.getString(1), rs.getString(2)});
        if (row.isEmpty()) {
            throw new JobStoreException("no transfer " + id);
        }
        keys.require(c, id);
        TransferEndpoint updated = new TransferEndpoint(row.get()[0], read(keys.open(c, id, column, row.get()[1])))
                .withSettings(changes);
        Sql.update(c, "UPDATE dtp_job SET " + column + " = ? WHERE id = ?",
                params(keys.require(c, id).seal(column, write(updated.settings())), id.toString()));
        return updated;
    }

    /** The job's state and run lease epoch, its row locked until the transaction ends. */
    Optional<StateAndEpoch> lockState(Connection c, UUID id) throws SQLException {
        return Sql.first(c, "SELECT state, run_epoch FROM dtp_job WHERE id = ? FOR UPDATE", params(id.toString()),
                rs -> new StateAndEpoch(JobState.valueOf(rs.getString(1)), rs.getLong(2)));
    }

    record StateAndEpoch(JobState state, long epoch) {
    }

    /** Moves the job from {@code from} to {@code to}, recording the transition. */
    /** Moves the job and records the transition; {@code pause} (null unless it pauses) is kept beside the reason. */
    void move(Connection c, UUID id, JobState from, JobState to, String reason, Pause pause, long now) throws SQLException {
        Sql.update(c, "UPDATE dtp_job SET state = ?, state_reason = ?, updated_at = ?, pause_cause = ?, pause_adapter = ?,"
                + " pause_until = ? WHERE id = ?", s -> {
                    s.setString(1, to.name());
                    s.setString(2, truncate(reason, 2000));
                    s.setLong(3, now);
                    s.setString(4, pause == null ? null : pause.cause().name());
                    s.setString(5, pause == null ? null : truncate(pause.adapter(), 200));
                    if (pause == null || pause.retryAt() == null) {
                        s.setNull(6, Types.BIGINT);
                    } else {
                        s.setLong(6, pause.retryAt().toEpochMilli());
                    }
                    s.setString(7, id.toString());
                });
        insertTransition(c, id, from, to, reason, now);
    }

    /** The paused jobs that wait for {@code cause}, oldest pause first. */
    static List<Pause.PausedJob> paused(Connection c, Pause.Cause cause) throws SQLException {
        return Sql.list(c, "SELECT id, pause_adapter, pause_until, updated_at FROM dtp_job WHERE state = ? AND pause_cause = ?"
                + " ORDER BY updated_at", params(JobState.PAUSED.name(), cause.name()),
                rs -> new Pause.PausedJob(UUID.fromString(rs.getString(1)), new Pause(cause, rs.getString(2), instantOrNull(rs, 3)),
                        Instant.ofEpochMilli(rs.getLong(4))));
    }

    /** Why the job waits, if it is paused with a kept cause. */
    static Optional<Pause> pause(Connection c, UUID id) throws SQLException {
        return Sql.first(c, "SELECT pause_cause, pause_adapter, pause_until FROM dtp_job WHERE id = ? AND state = ?"
                        + " AND pause_cause IS NOT NULL", params(id.toString(), JobState.PAUSED.name()),
                rs -> new Pause(Pause.Cause.valueOf(rs.getString(1)), rs.getString(2), instantOrNull(rs, 3)));
    }

    private static Instant instantOrNull(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
    }

    private static void insertTransition(Connection c, UUID id, JobState from, JobState to, String reason, long at)
            throws SQLException {
        Sql.update(c, "INSERT INTO dtp_job_transition (job_id, from_state, to_state, reason, at) VALUES (?, ?, ?, ?, ?)",
                params(id.toString(), from == null ? null : from.name(), to.name(), truncate(reason, 2000), at));
    }

    /**
     * An ended job's endpoints as they were, for {@link JobStore.TransitionListener#ended}, and the sync it was a run
     * of (or null).
     */
    record Ended(Vertical vertical, TransferEndpoint source, TransferEndpoint destination, UUID syncId) {
    }

    /**
     * What a job no longer needs once it ended: its data key, checkpoint and ledger go; its settings stay, plain,
     * with secret values masked, and its selection plain, so that its owner still sees what it copied from where to.
     */
    Ended purgeEnded(Connection c, UUID id) throws SQLException {
        Ended ended;
        try (PreparedStatement s = c.prepareStatement("SELECT vertical, source_provider, source_settings, "
                + "destination_provider, destination_settings, sync_id FROM dtp_job WHERE id = ?")) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                ended = new Ended(Vertical.valueOf(rs.getString(1)),
                        new TransferEndpoint(rs.getString(2), read(keys.open(c, id, SOURCE_SETTINGS, rs.getString(3)))),
                        new TransferEndpoint(rs.getString(4), read(keys.open(c, id, DESTINATION_SETTINGS, rs.getString(5)))),
                        rs.getString(6) == null ? null : UUID.fromString(rs.getString(6)));
            }
        }
        Selection selection = selection(c, id);
        Sql.update(c, "UPDATE dtp_job SET source_settings = ?, destination_settings = ?, checkpoint = NULL, selection = ? "
                        + "WHERE id = ?", params(write(SecretSettings.mask(ended.source().settings())),
                        write(SecretSettings.mask(ended.destination().settings())),
                        selection.all() ? null : writeValue(selection), id.toString()));
        for (String table : List.of("dtp_ledger", "dtp_page_ledger", "dtp_job_key")) {
            Sql.update(c, "DELETE FROM " + table + " WHERE job_id = ?", params(id.toString()));
        }
        return ended;
    }

    /** See {@link JobStore#deleteEndedBefore}. */
    static int deleteEndedBefore(Connection c, Instant cutoff) throws SQLException {
        List<String> ids = Sql.list(c, "SELECT id FROM dtp_job WHERE state IN " + ENDED_STATES + " AND updated_at < ?",
                params(cutoff.toEpochMilli()), rs -> rs.getString(1));
        for (String table : List.of("dtp_field_not_kept", "dtp_field_not_read", "dtp_item_error", "dtp_item_record",
                "dtp_ledger", "dtp_page_ledger",
                "dtp_container_progress", "dtp_job_transition", "dtp_job_key")) {
            deleteEach(c, "DELETE FROM " + table + " WHERE job_id = ?", ids);
        }
        deleteEach(c, "DELETE FROM dtp_job WHERE id = ?", ids);
        return ids.size();
    }

    private static void deleteEach(Connection c, String sql, List<String> ids) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (String id : ids) {
                s.setString(1, id);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    static Optional<JobState> state(Connection c, UUID id) throws SQLException {
        return Sql.first(c, "SELECT state FROM dtp_job WHERE id = ?", params(id.toString()),
                rs -> JobState.valueOf(rs.getString(1)));
    }

    /**
     * Whether the job is in a final state, read from the database with its row locked until the transaction
     * ends (the cached data key of a job that another node ended is still in this node's cache).
     */
    static boolean hasEnded(Connection c, UUID id) throws SQLException {
        return Sql.first(c, "SELECT state FROM dtp_job WHERE id = ? FOR UPDATE", params(id.toString()),
                rs -> JobState.valueOf(rs.getString(1)).isFinal()).orElse(true);
    }

    /** Whether the job has counted no item error (an item not copied, or not readable at the source). */
    static boolean hasNoItemError(Connection c, UUID id) throws SQLException {
        return !Sql.exists(c, "SELECT 1 FROM dtp_container_progress WHERE job_id = ? AND errors > 0", params(id.toString()));
    }

    Optional<String> checkpoint(Connection c, UUID id) throws SQLException {
        Optional<String[]> stored = Sql.first(c, "SELECT checkpoint FROM dtp_job WHERE id = ?", params(id.toString()),
                rs -> new String[]{rs.getString(1)});
        return stored.isEmpty() ? Optional.empty() : Optional.ofNullable(keys.open(c, id, CHECKPOINT, stored.get()[0]));
    }

    /** The part of the source the job copies ({@link Selection#ALL} when there is no such job). */
    Selection selection(Connection c, UUID id) throws SQLException {
        Optional<String[]> stored = Sql.first(c, "SELECT selection FROM dtp_job WHERE id = ?", params(id.toString()),
                rs -> new String[]{rs.getString(1)});
        if (stored.isEmpty() || stored.get()[0] == null) {
            return Selection.ALL;
        }
        String text = keys.open(c, id, SELECTION, stored.get()[0]);
        try {
            return json.readValue(text, Selection.class);
        } catch (JsonProcessingException e) {
            throw new JobStoreException("job store holds an unreadable selection: " + e.getOriginalMessage(), e);
        }
    }

    void saveCheckpoint(Connection c, UUID id, String checkpoint, long now) throws SQLException {
        String sealed = keys.require(c, id).seal(CHECKPOINT, checkpoint);
        Sql.update(c, "UPDATE dtp_job SET checkpoint = ?, updated_at = ? WHERE id = ?", params(sealed, now, id.toString()));
    }

    static void recordAdapterVersions(Connection c, UUID id, String exporterVersion, String importerVersion)
            throws SQLException {
        Sql.update(c, "UPDATE dtp_job SET exporter_version = ?, importer_version = ? WHERE id = ?",
                params(truncate(exporterVersion, 300), truncate(importerVersion, 300), id.toString()));
    }

    Optional<TransferJob> job(Connection c, UUID id) throws SQLException {
        return jobs(c, "WHERE j.id = ?", params(id.toString())).stream().findFirst();
    }

    /** Jobs newest first, of one owner or (null) all. */
    List<TransferJob> jobs(Connection c, String owner, int offset, int limit) throws SQLException {
        String order = " ORDER BY j.created_at DESC, j.id OFFSET ? ROWS FETCH NEXT ? ROWS ONLY";
        return owner == null ? jobs(c, order, params(offset, limit))
                : jobs(c, "WHERE j.owner = ?" + order, params(owner, offset, limit));
    }

    /** The runs of a sync, newest first. */
    List<TransferJob> runs(Connection c, UUID syncId, int offset, int limit) throws SQLException {
        return jobs(c, "WHERE j.sync_id = ? ORDER BY j.created_at DESC, j.id OFFSET ? ROWS FETCH NEXT ? ROWS ONLY",
                params(syncId.toString(), offset, limit));
    }

    /** The sync's runs that have not ended: at most one, since a run does not start while another has not ended. */
    static List<UUID> unfinishedRuns(Connection c, UUID syncId) throws SQLException {
        return Sql.list(c, "SELECT id FROM dtp_job WHERE sync_id = ? AND state NOT IN " + ENDED_STATES,
                params(syncId.toString()), rs -> UUID.fromString(rs.getString(1)));
    }

    /**
     * The jobs {@code where} selects. A job that ends between the read of its row and of its data key (a listing
     * while a run ends) had its settings made plain as it ended: the listing is read again, which sees them so.
     */
    private List<TransferJob> jobs(Connection c, String where, Sql.Binder binder) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                return readJobs(c, where, binder);
            } catch (JobKeys.DataKeyGoneException e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private List<TransferJob> readJobs(Connection c, String where, Sql.Binder binder) throws SQLException {
        return Sql.list(c, "SELECT " + JOB_COLUMNS + " FROM dtp_job j " + where, binder, rs -> {
            UUID id = UUID.fromString(rs.getString(1));
            long startsAt = rs.getLong(14);
            Instant startsAtTime = rs.wasNull() ? null : Instant.ofEpochMilli(startsAt);
            return new TransferJob(id, Vertical.valueOf(rs.getString(2)),
                    new TransferEndpoint(rs.getString(3), read(keys.open(c, id, SOURCE_SETTINGS, rs.getString(4)))),
                    new TransferEndpoint(rs.getString(5), read(keys.open(c, id, DESTINATION_SETTINGS, rs.getString(6)))),
                    JobState.valueOf(rs.getString(7)), rs.getString(8),
                    Instant.ofEpochMilli(rs.getLong(9)), Instant.ofEpochMilli(rs.getLong(10)),
                    rs.getLong(16), rs.getLong(17), rs.getLong(18), rs.getString(11), rs.getString(12),
                    rs.getString(13), startsAtTime, rs.getString(15) == null ? null : UUID.fromString(rs.getString(15)));
        });
    }

    private String writeValue(Selection selection) {
        try {
            return json.writeValueAsString(selection);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a selection cannot be written as JSON", e);
        }
    }

    private String write(Map<String, String> settings) {
        try {
            return json.writeValueAsString(settings);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("settings cannot be written as JSON", e);
        }
    }

    private Map<String, String> read(String settings) {
        try {
            return json.readValue(settings, SETTINGS);
        } catch (JsonProcessingException e) {
            throw new JobStoreException("job store holds unreadable settings: " + e.getOriginalMessage(), e);
        }
    }
}
