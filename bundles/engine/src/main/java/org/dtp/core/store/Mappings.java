package org.dtp.core.store;

import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.models.Vertical;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.ReportPage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;
import static org.dtp.core.store.StoredValues.storedKey;

/**
 * The mappings (dtp_mapping_scope, dtp_mapping) and the jobs' item records (dtp_item_record), in the caller's
 * transaction. A scope's source keys are found by their keyed hash; its source keys, destination ids and account
 * names are sealed with the scope's data key ({@link MappingKeys}).
 */
final class Mappings {
    /** Keys per {@code IN (...)} query: well under what either database takes in one statement. */
    private static final int KEYS_PER_QUERY = 500;
    private static final String SOURCE_KEY = "source_key";
    private static final String DESTINATION_ID = "destination_id";
    private static final String LABEL = "label";
    private static final String ITEM_COLUMNS = "source_key, source_id, destination_id, fingerprint, media_sha256, outcome, at";

    private final MappingKeys keys;

    Mappings(MappingKeys keys) {
        this.keys = keys;
    }

    /** See {@link JobStore#openMappingScope}; the hash key is loaded. */
    String open(Connection c, String owner, Vertical vertical, String source, String destination, long now)
            throws SQLException {
        String scope = keys.hash(owner, vertical.name(), source, destination);
        if (Sql.update(c, "UPDATE dtp_mapping_scope SET used_at = ? WHERE scope = ?", params(now, scope)) > 0) {
            return scope;
        }
        MappingKeys.NewKey key = keys.create(scope);
        Sql.update(c, "INSERT INTO dtp_mapping_scope (scope, owner, vertical, source_label, destination_label, "
                        + "master_key, wrapped_key, created_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                params(scope, owner, vertical.name(), key.cipher().seal(LABEL, source), key.cipher().seal(LABEL, destination),
                        key.wrapped().keyId(), key.wrapped().value(), now, now));
        keys.remember(scope, key.cipher());
        return scope;
    }

    /** See {@link JobStore#mapped}. */
    Map<String, JobStore.Mapped> mapped(Connection c, String scope, Collection<String> sourceKeys) throws SQLException {
        Map<String, String> byHash = new HashMap<>();
        for (String key : sourceKeys) {
            byHash.put(keys.hash(scope, key), key);
        }
        Map<String, JobStore.Mapped> found = new HashMap<>();
        if (byHash.isEmpty()) {
            return found;
        }
        DataKeyCipher cipher = keys.require(c, scope);
        for (String[] row : rowsOf(c, scope, byHash.keySet(), "key_hash, destination_id, fingerprint, model_version",
                rs -> new String[]{rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)})) {
            found.put(byHash.get(row[0]), new JobStore.Mapped(cipher.open(DESTINATION_ID, row[1]), row[2], row[3]));
        }
        return found;
    }

    /**
     * {@code columns} of the rows of {@code scope} among the key {@code hashes}, mapped by {@code row} (which finds
     * them from its second column on: the first is the scope), a query per {@value #KEYS_PER_QUERY} keys. The rows
     * are found by key hash alone (index dtp_mapping_key_hash, V15): H2 takes an {@code IN} list as an index
     * condition only on an index's first column, so {@code scope = ? AND key_hash IN (...)} compared every row of
     * the scope with each key listed, per page. A key hash is a keyed hash of the scope as well, so a row of another
     * scope is not found in practice; it is left out all the same.
     */
    private static <T> List<T> rowsOf(Connection c, String scope, Collection<String> hashes, String columns,
                                      Sql.Row<T> row) throws SQLException {
        List<String> all = new ArrayList<>(hashes);
        List<T> found = new ArrayList<>();
        for (int from = 0; from < all.size(); from += KEYS_PER_QUERY) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + KEYS_PER_QUERY));
            for (T value : Sql.list(c, "SELECT scope, " + columns + " FROM dtp_mapping WHERE key_hash IN ("
                    + marks(chunk.size()) + ")", params(chunk.toArray()), rs -> scope.equals(rs.getString(1)) ? row.map(rs) : null)) {
                if (value != null) {
                    found.add(value);
                }
            }
        }
        return found;
    }

    /** Maps each of {@code written} (items copied or updated, containers made) to its destination, in its scope. */
    void map(Connection c, UUID job, Collection<JobStore.Handled> written, long now) throws SQLException {
        Map<String, List<JobStore.Handled>> byScope = new LinkedHashMap<>();
        for (JobStore.Handled item : written) {
            byScope.computeIfAbsent(item.scope(), s -> new ArrayList<>()).add(item);
        }
        for (Map.Entry<String, List<JobStore.Handled>> scope : byScope.entrySet()) {
            map(c, job, scope.getKey(), scope.getValue(), now);
        }
    }

    private void map(Connection c, UUID job, String scope, List<JobStore.Handled> items, long now) throws SQLException {
        DataKeyCipher cipher = keys.require(c, scope);
        // In key order, so that two runs writing the same keys at once lock them in the same order (no deadlock).
        Map<String, JobStore.Handled> byHash = new java.util.TreeMap<>();
        for (JobStore.Handled item : items) {
            byHash.put(keys.hash(scope, item.key()), item); // the last write of a key wins
        }
        Set<String> present = new HashSet<>(rowsOf(c, scope, byHash.keySet(), "key_hash", rs -> rs.getString(2)));
        try (PreparedStatement update = c.prepareStatement("UPDATE dtp_mapping SET destination_id = ?, fingerprint = ?, "
                + "model_version = ?, updated_at = ?, job_id = ? WHERE scope = ? AND key_hash = ?");
             PreparedStatement insert = c.prepareStatement("INSERT INTO dtp_mapping (destination_id, fingerprint, "
                     + "model_version, updated_at, job_id, scope, key_hash, source_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (Map.Entry<String, JobStore.Handled> e : byHash.entrySet()) {
                JobStore.Handled item = e.getValue();
                boolean exists = present.contains(e.getKey());
                PreparedStatement s = exists ? update : insert;
                s.setString(1, cipher.seal(DESTINATION_ID, item.destinationId()));
                s.setString(2, item.fingerprint());
                s.setString(3, item.modelVersion());
                s.setLong(4, now);
                s.setString(5, job.toString());
                s.setString(6, scope);
                s.setString(7, e.getKey());
                if (!exists) {
                    s.setString(8, cipher.seal(SOURCE_KEY, item.key()));
                }
                s.addBatch();
            }
            update.executeBatch();
            insert.executeBatch();
        }
    }

    /** Records what the job did with each of {@code items}; a record of the same key replaces the earlier one. */
    static void recordItems(Connection c, UUID job, Collection<JobStore.Handled> items, long now) throws SQLException {
        if (items.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM dtp_item_record WHERE job_id = ? AND source_key = ?");
             PreparedStatement insert = c.prepareStatement("INSERT INTO dtp_item_record (job_id, source_key, source_id, "
                     + "destination_id, fingerprint, media_sha256, outcome, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (JobStore.Handled item : items) {
                delete.setString(1, job.toString());
                delete.setString(2, storedKey(item.key()));
                delete.addBatch();
                insert.setString(1, job.toString());
                insert.setString(2, storedKey(item.key()));
                insert.setString(3, item.sourceId());
                insert.setString(4, item.destinationId());
                insert.setString(5, item.fingerprint());
                insert.setString(6, item.mediaSha256());
                insert.setString(7, item.outcome().name());
                insert.setLong(8, now);
                insert.addBatch();
            }
            delete.executeBatch();
            insert.executeBatch();
        }
    }

    /** See {@link JobStore#itemRecords(UUID, String, int)}. */
    static List<ItemRecord> itemRecords(Connection c, UUID job, String afterKey, int limit) throws SQLException {
        return Sql.list(c, "SELECT " + ITEM_COLUMNS + " FROM dtp_item_record WHERE job_id = ? AND source_key > ? "
                        + "ORDER BY source_key FETCH FIRST " + limit + " ROWS ONLY",
                params(job.toString(), afterKey == null ? "" : storedKey(afterKey)), Mappings::itemRecord);
    }

    /** See {@link JobStore#itemRecords(UUID, int, int)}. */
    static ReportPage<ItemRecord> itemRecordPage(Connection c, UUID job, int offset, int limit) throws SQLException {
        long total = Sql.count(c, "SELECT COUNT(*) FROM dtp_item_record WHERE job_id = ?", params(job.toString()));
        return new ReportPage<>(total, offset, limit, total <= offset ? List.of() : Sql.list(c, "SELECT " + ITEM_COLUMNS
                        + " FROM dtp_item_record WHERE job_id = ? ORDER BY source_key OFFSET " + offset
                        + " ROWS FETCH NEXT " + limit + " ROWS ONLY", params(job.toString()), Mappings::itemRecord));
    }

    private static ItemRecord itemRecord(java.sql.ResultSet rs) throws SQLException {
        return new ItemRecord(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                ItemRecord.Outcome.valueOf(rs.getString(6)), Instant.ofEpochMilli(rs.getLong(7)));
    }

    /** See {@link JobStore#mappingScopes}. */
    List<MappingScope> scopes(Connection c, String owner) throws SQLException {
        List<String[]> rows = Sql.list(c, "SELECT s.scope, s.owner, s.vertical, s.source_label, s.destination_label, "
                        + "s.created_at, s.used_at, (SELECT COUNT(*) FROM dtp_mapping m WHERE m.scope = s.scope) "
                        + "FROM dtp_mapping_scope s" + (owner == null ? "" : " WHERE s.owner = ?") + " ORDER BY s.used_at DESC",
                owner == null ? params() : params(owner), rs -> new String[]{rs.getString(1), rs.getString(2),
                        rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8)});
        List<MappingScope> scopes = new ArrayList<>(rows.size());
        for (String[] row : rows) {
            DataKeyCipher cipher = keys.require(c, row[0]);
            scopes.add(new MappingScope(row[0], row[1], Vertical.valueOf(row[2]), cipher.open(LABEL, row[3]),
                    cipher.open(LABEL, row[4]), Long.parseLong(row[7]), Instant.ofEpochMilli(Long.parseLong(row[5])),
                    Instant.ofEpochMilli(Long.parseLong(row[6]))));
        }
        return scopes;
    }

    /** See {@link JobStore#mappingScope}. */
    Optional<MappingScope> scope(Connection c, String scope) throws SQLException {
        Optional<String> owner = Sql.first(c, "SELECT owner FROM dtp_mapping_scope WHERE scope = ?", params(scope),
                rs -> rs.getString(1));
        if (owner.isEmpty()) {
            return Optional.empty();
        }
        return scopes(c, owner.get()).stream().filter(s -> s.id().equals(scope)).findFirst();
    }

    /** See {@link JobStore#mappingEntries}. */
    Optional<ReportPage<MappingEntry>> entries(Connection c, String scope, int offset, int limit) throws SQLException {
        Optional<DataKeyCipher> cipher = keys.cipher(c, scope);
        if (cipher.isEmpty()) {
            return Optional.empty();
        }
        long total = Sql.count(c, "SELECT COUNT(*) FROM dtp_mapping WHERE scope = ?", params(scope));
        List<MappingEntry> entries = total <= offset ? List.of() : Sql.list(c, "SELECT source_key, destination_id, "
                        + "fingerprint, model_version, updated_at, job_id FROM dtp_mapping WHERE scope = ? ORDER BY key_hash "
                        + "OFFSET " + offset + " ROWS FETCH NEXT " + limit + " ROWS ONLY", params(scope),
                rs -> new MappingEntry(cipher.get().open(SOURCE_KEY, rs.getString(1)),
                        cipher.get().open(DESTINATION_ID, rs.getString(2)), rs.getString(3), rs.getString(4),
                        Instant.ofEpochMilli(rs.getLong(5)), UUID.fromString(rs.getString(6))));
        return Optional.of(new ReportPage<>(total, offset, limit, entries));
    }

    /** See {@link JobStore#deleteMappingScope}. */
    boolean delete(Connection c, String scope) throws SQLException {
        Sql.update(c, "DELETE FROM dtp_mapping WHERE scope = ?", params(scope));
        ChangeTokens.deleteScope(c, scope);
        boolean deleted = Sql.update(c, "DELETE FROM dtp_mapping_scope WHERE scope = ?", params(scope)) > 0;
        keys.forget(scope);
        return deleted;
    }

    /** See {@link JobStore#deleteMappingScopesUnusedSince}. */
    int deleteUnusedSince(Connection c, Instant cutoff) throws SQLException {
        List<String> scopes = Sql.list(c, "SELECT scope FROM dtp_mapping_scope WHERE used_at < ?",
                params(cutoff.toEpochMilli()), rs -> rs.getString(1));
        for (String scope : scopes) {
            delete(c, scope);
        }
        return scopes.size();
    }

    private static String marks(int n) {
        return "?" + ",?".repeat(n - 1);
    }
}
