package org.dtp.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.dtp.transfer.FieldNotKept;

import java.io.IOException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;
import static org.dtp.core.store.StoredValues.storedKey;
import static org.dtp.core.store.StoredValues.truncate;

/**
 * What a job copied, in the caller's transaction: per-container progress (dtp_container_progress), item errors
 * (dtp_item_error), fields not kept (dtp_field_not_kept), the container ledger (dtp_ledger) and the ledger of the
 * page being copied (dtp_page_ledger).
 */
final class ProgressLedger {
    /** The longest JSON array of keys in one row of dtp_page_ledger, in characters (the column holds 1,000,000). */
    private static final int PAGE_LEDGER_ROW_CHARS = 900_000;

    private final ObjectMapper json;

    ProgressLedger(ObjectMapper json) {
        this.json = json;
    }

    /** See {@link JobStore#addContainer(UUID, String, String)}. */
    void addContainer(Connection c, UUID id, String containerId, String name) throws SQLException {
        long[] countAndThis = Sql.first(c, "SELECT COUNT(*), SUM(CASE WHEN container_id = ? THEN 1 ELSE 0 END) "
                        + "FROM dtp_container_progress WHERE job_id = ?", params(storedKey(containerId), id.toString()),
                rs -> new long[]{rs.getLong(1), rs.getLong(2)}).orElseThrow();
        if (countAndThis[1] > 0) {
            return;
        }
        Sql.update(c, "INSERT INTO dtp_container_progress (job_id, container_id, name, ordinal, items, bytes, errors) "
                + "VALUES (?, ?, ?, ?, 0, 0, 0)", s -> {
            s.setString(1, id.toString());
            s.setString(2, storedKey(containerId));
            s.setString(3, truncate(name, 1000));
            s.setLong(4, countAndThis[0]);
        });
    }

    void recordContainerImported(Connection c, UUID id, String key, String destinationId) throws SQLException {
        Sql.update(c, "INSERT INTO dtp_ledger (job_id, item_key, destination_id) VALUES (?, ?, ?)",
                params(id.toString(), storedKey(key), destinationId));
    }

    Optional<String> ledgerEntry(Connection c, UUID id, String key) throws SQLException {
        return Sql.first(c, "SELECT destination_id FROM dtp_ledger WHERE job_id = ? AND item_key = ?",
                params(id.toString(), storedKey(key)), rs -> rs.getString(1));
    }

    /** Adds a run's items and bytes, fields not kept and failures (see {@link ProgressBuffer}). */
    void count(Connection c, UUID id, ProgressBuffer progress, long now) throws SQLException {
        String job = id.toString();
        if (!progress.counts().isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("UPDATE dtp_container_progress SET items = items + ?, "
                    + "bytes = bytes + ?, updated = updated + ?, unchanged = unchanged + ?, not_selected = not_selected + ? "
                    + "WHERE job_id = ? AND container_id = ?")) {
                for (Map.Entry<String, ProgressBuffer.Count> count : progress.counts().entrySet()) {
                    s.setLong(1, count.getValue().items);
                    s.setLong(2, count.getValue().bytes);
                    s.setLong(3, count.getValue().updated);
                    s.setLong(4, count.getValue().unchanged);
                    s.setLong(5, count.getValue().notSelected);
                    s.setString(6, job);
                    s.setString(7, storedKey(count.getKey()));
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        for (ProgressBuffer.NotKeptOf item : progress.notKept()) {
            insertNotKept(c, id, item.containerId(), item.key(), item.fields(), now);
        }
        for (ProgressBuffer.Failed item : progress.failed()) {
            insertItemError(c, job, storedKey(item.containerId()), item.key(), item.message(), now);
        }
    }

    /** Empties the page ledger: the page is done, its items are behind the new checkpoint. */
    void clearPage(Connection c, UUID id) throws SQLException {
        Sql.update(c, "DELETE FROM dtp_page_ledger WHERE job_id = ?", params(id.toString()));
    }

    /** Keys imported of the page being copied, as rows of up to {@link #PAGE_LEDGER_ROW_CHARS}. */
    void insertPageLedger(Connection c, UUID id, List<String> keys) throws SQLException {
        String job = id.toString();
        try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_page_ledger (job_id, item_keys) VALUES (?, ?)")) {
            List<String> row = new ArrayList<>();
            int chars = 2;
            for (String given : keys) {
                String key = storedKey(given);
                if (!row.isEmpty() && chars + key.length() * 2 + 3 > PAGE_LEDGER_ROW_CHARS) {
                    addPageLedgerRow(s, job, row);
                    row.clear();
                    chars = 2;
                }
                row.add(key);
                chars += key.length() * 2 + 3; // quotes, comma and escapes at worst
            }
            addPageLedgerRow(s, job, row);
            s.executeBatch();
        }
    }

    private void addPageLedgerRow(PreparedStatement s, String job, List<String> keys) throws SQLException {
        try {
            s.setString(1, job);
            s.setString(2, json.writeValueAsString(keys));
        } catch (JsonProcessingException e) {
            throw new JobStoreException("could not encode ledger keys", e);
        }
        s.addBatch();
    }

    /** See {@link JobStore#ledgerKeys}. */
    Set<String> ledgerKeys(Connection c, UUID id, Collection<String> keys) throws SQLException {
        Map<String, String> byStoredKey = new HashMap<>();
        for (String key : keys) {
            byStoredKey.put(storedKey(key), key);
        }
        Set<String> present = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT item_keys FROM dtp_page_ledger WHERE job_id = ?")) {
            s.setString(1, id.toString());
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    for (String key : json.readValue(rs.getString(1), String[].class)) {
                        String asGiven = byStoredKey.get(key);
                        if (asGiven != null) {
                            present.add(asGiven);
                        }
                    }
                }
            } catch (IOException e) {
                throw new JobStoreException("the job's page ledger is unreadable", e);
            }
        }
        return present;
    }

    private static void insertItemError(Connection c, String job, String container, String key, String message, long now)
            throws SQLException {
        if (Sql.exists(c, "SELECT 1 FROM dtp_item_error WHERE job_id = ? AND item_key = ?", params(job, storedKey(key)))) {
            return;
        }
        Sql.update(c, "INSERT INTO dtp_item_error (job_id, item_key, container_id, message, at) VALUES (?, ?, ?, ?, ?)",
                params(job, storedKey(key), container, truncate(message == null ? "unknown error" : message, 4000), now));
        Sql.update(c, "UPDATE dtp_container_progress SET errors = errors + 1 WHERE job_id = ? AND container_id = ?",
                params(job, container));
    }

    /** See {@link JobStore#recordNotKept(UUID, String, String, List)}: the destination's side. */
    void insertNotKept(Connection c, UUID id, String containerId, String key, List<JobStore.NotKept> fields, long now)
            throws SQLException {
        insertNotKept(c, FieldNotKept.Side.DESTINATION, id, containerId, key, fields, now);
    }

    /** Stores each of {@code fields} on {@code side} once per job, key and field. */
    void insertNotKept(Connection c, FieldNotKept.Side side, UUID id, String containerId, String key,
                       List<JobStore.NotKept> fields, long now) throws SQLException {
        String table = notKeptTable(side);
        for (JobStore.NotKept f : fields) {
            String field = truncate(f.field() == null ? "(unnamed)" : f.field(), 500);
            if (Sql.exists(c, "SELECT 1 FROM " + table + " WHERE job_id = ? AND source_key = ? AND field = ?",
                    params(id.toString(), storedKey(key), field))) {
                continue;
            }
            Sql.update(c, "INSERT INTO " + table + " "
                            + "(job_id, source_key, field, container_id, source_id, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    params(id.toString(), storedKey(key), field, storedKey(containerId),
                            f.sourceId() == null ? "" : f.sourceId(),
                            truncate(f.reason() == null ? "not kept" : f.reason(), 2000), now));
        }
    }

    /** Where {@code side}'s entries are stored: the source's in dtp_field_not_read (V10), the destination's in dtp_field_not_kept. */
    static String notKeptTable(FieldNotKept.Side side) {
        return side == FieldNotKept.Side.SOURCE ? "dtp_field_not_read" : "dtp_field_not_kept";
    }
}
