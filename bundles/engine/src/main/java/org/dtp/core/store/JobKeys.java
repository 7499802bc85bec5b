package org.dtp.core.store;

import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.core.crypto.MasterKeyring;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;

/**
 * The jobs' data keys (table dtp_job_key), stored wrapped by a {@link MasterKeyring master key}, and the ciphers
 * made of them, cached unwrapped.
 */
final class JobKeys {
    /** Data keys of jobs this node used lately, unwrapped; most recently used last. */
    private static final int CACHED_DATA_KEYS = 10_000;

    private final MasterKeyring masterKeys;
    private final SecureRandom random = new SecureRandom();
    private final Map<UUID, DataKeyCipher> ciphers = Collections.synchronizedMap(
            new LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<UUID, DataKeyCipher> eldest) {
                    return size() > CACHED_DATA_KEYS;
                }
            });

    JobKeys(MasterKeyring masterKeys) {
        this.masterKeys = masterKeys;
    }

    /** A new random data key for the job, stored wrapped; call {@link #remember} once the transaction committed. */
    DataKeyCipher create(Connection c, UUID id) throws SQLException {
        byte[] dataKey = new byte[32];
        random.nextBytes(dataKey);
        MasterKeyring.WrappedKey wrapped = masterKeys.wrap(id.toString(), dataKey);
        DataKeyCipher cipher = new DataKeyCipher(dataKey, id.toString(), random);
        Arrays.fill(dataKey, (byte) 0);
        Sql.update(c, "INSERT INTO dtp_job_key (job_id, master_key, wrapped_key) VALUES (?, ?, ?)",
                params(id.toString(), wrapped.keyId(), wrapped.value()));
        return cipher;
    }

    void remember(UUID id, DataKeyCipher cipher) {
        ciphers.put(id, cipher);
    }

    /** Drops the cached cipher of a job that ended (its key was deleted with it). */
    void forget(UUID id) {
        ciphers.remove(id);
    }

    /**
     * The job's cipher: cached, or its data key unwrapped from the database; empty when the job has none (it
     * ended, so nothing of it is sealed any more).
     */
    Optional<DataKeyCipher> cipher(Connection c, UUID id) throws SQLException {
        DataKeyCipher cached = ciphers.get(id);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<MasterKeyring.WrappedKey> wrapped = Sql.first(c,
                "SELECT master_key, wrapped_key FROM dtp_job_key WHERE job_id = ?", params(id.toString()),
                rs -> new MasterKeyring.WrappedKey(rs.getString(1), rs.getString(2)));
        if (wrapped.isEmpty()) {
            return Optional.empty();
        }
        byte[] dataKey = masterKeys.unwrap(id.toString(), wrapped.get());
        DataKeyCipher cipher = new DataKeyCipher(dataKey, id.toString(), random);
        Arrays.fill(dataKey, (byte) 0);
        ciphers.put(id, cipher);
        return Optional.of(cipher);
    }

    DataKeyCipher require(Connection c, UUID id) throws SQLException {
        return cipher(c, id).orElseThrow(() -> new DataKeyGoneException(id));
    }

    /** A job's data key was asked for after the job ended: what it sealed was made plain (or deleted) as it ended. */
    static final class DataKeyGoneException extends JobStoreException {
        DataKeyGoneException(UUID id) {
            super("transfer " + id + " has no data key (it ended)");
        }
    }

    /** A stored value as written: opened with the job's data key when sealed. */
    String open(Connection c, UUID id, String column, String stored) throws SQLException {
        if (!DataKeyCipher.isSealed(stored)) {
            return stored;
        }
        return require(c, id).open(column, stored);
    }

    /** See {@link JobStore#rewrapDataKeys()}. */
    int rewrap(Connection c) throws SQLException {
        String current = masterKeys.currentKeyId();
        List<String[]> rows = Sql.list(c,
                "SELECT job_id, master_key, wrapped_key FROM dtp_job_key WHERE master_key <> ? FOR UPDATE",
                params(current), rs -> new String[]{rs.getString(1), rs.getString(2), rs.getString(3)});
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE dtp_job_key SET master_key = ?, wrapped_key = ? WHERE job_id = ?")) {
            for (String[] row : rows) {
                byte[] dataKey = masterKeys.unwrap(row[0], new MasterKeyring.WrappedKey(row[1], row[2]));
                MasterKeyring.WrappedKey wrapped = masterKeys.wrap(row[0], dataKey);
                Arrays.fill(dataKey, (byte) 0);
                s.setString(1, wrapped.keyId());
                s.setString(2, wrapped.value());
                s.setString(3, row[0]);
                s.addBatch();
            }
            s.executeBatch();
        }
        return rows.size();
    }
}
