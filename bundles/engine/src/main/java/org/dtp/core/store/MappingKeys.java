package org.dtp.core.store;

import org.dtp.core.crypto.DataKeyCipher;
import org.dtp.core.crypto.MasterKeyring;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static org.dtp.core.store.Sql.params;

/**
 * The keys of the mappings (V11): the installation's hash key, which names scopes and finds source keys by a keyed
 * hash (HMAC-SHA-256) so that neither is stored in clear, and each scope's data key, which seals what the scope
 * stores. Both are stored wrapped by a {@link MasterKeyring master key}, like the jobs' data keys, and re-wrapped
 * with them when a master key is added.
 */
final class MappingKeys {
    private static final String HASH_KEY_ID = "hash";
    /** What a wrapped hash key is bound to, as the job id binds a job's data key. */
    private static final String HASH_KEY_CONTEXT = "dtp-mapping-hash-key";
    private static final int CACHED_SCOPE_KEYS = 1_000;

    private final MasterKeyring masterKeys;
    private final SecureRandom random = new SecureRandom();
    private volatile SecretKeySpec hashKey;
    private final Map<String, DataKeyCipher> ciphers = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, DataKeyCipher> eldest) {
                    return size() > CACHED_SCOPE_KEYS;
                }
            });

    MappingKeys(MasterKeyring masterKeys) {
        this.masterKeys = masterKeys;
    }

    /** What a scope's data key and sealed values are bound to. */
    private static String context(String scope) {
        return "mapping:" + scope;
    }

    /** Loads the hash key; false when none was made yet (see {@link #createHashKey}). */
    boolean loadHashKey(Connection c) throws SQLException {
        if (hashKey != null) {
            return true;
        }
        Optional<MasterKeyring.WrappedKey> wrapped = Sql.first(c,
                "SELECT master_key, wrapped_key FROM dtp_mapping_hash_key WHERE id = ?", params(HASH_KEY_ID),
                rs -> new MasterKeyring.WrappedKey(rs.getString(1), rs.getString(2)));
        if (wrapped.isEmpty()) {
            return false;
        }
        byte[] key = masterKeys.unwrap(HASH_KEY_CONTEXT, wrapped.get());
        hashKey = new SecretKeySpec(key, "HmacSHA256");
        Arrays.fill(key, (byte) 0);
        return true;
    }

    /** Stores a new hash key; fails (duplicate key) when another node stored one first: then load that one. */
    void createHashKey(Connection c) throws SQLException {
        byte[] key = new byte[32];
        random.nextBytes(key);
        MasterKeyring.WrappedKey wrapped = masterKeys.wrap(HASH_KEY_CONTEXT, key);
        Arrays.fill(key, (byte) 0);
        Sql.update(c, "INSERT INTO dtp_mapping_hash_key (id, master_key, wrapped_key) VALUES (?, ?, ?)",
                params(HASH_KEY_ID, wrapped.keyId(), wrapped.value()));
    }

    /** The keyed hash of {@code parts}, each length-prefixed so that no two lists of parts hash alike. */
    String hash(String... parts) {
        SecretKeySpec key = hashKey;
        if (key == null) {
            throw new IllegalStateException("the mapping hash key is not loaded");
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            for (String part : parts) {
                byte[] utf8 = part.getBytes(StandardCharsets.UTF_8);
                mac.update((utf8.length + ":").getBytes(StandardCharsets.US_ASCII));
                mac.update(utf8);
            }
            return HexFormat.of().formatHex(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JVM has no HMAC-SHA-256", e);
        }
    }

    /** A new data key for {@code scope}, wrapped: the cipher and what to store of it. */
    record NewKey(DataKeyCipher cipher, MasterKeyring.WrappedKey wrapped) {
    }

    NewKey create(String scope) {
        byte[] dataKey = new byte[32];
        random.nextBytes(dataKey);
        MasterKeyring.WrappedKey wrapped = masterKeys.wrap(context(scope), dataKey);
        DataKeyCipher cipher = new DataKeyCipher(dataKey, context(scope), random);
        Arrays.fill(dataKey, (byte) 0);
        return new NewKey(cipher, wrapped);
    }

    void remember(String scope, DataKeyCipher cipher) {
        ciphers.put(scope, cipher);
    }

    void forget(String scope) {
        ciphers.remove(scope);
    }

    /** The scope's cipher: cached, or its data key unwrapped; empty when there is no such scope. */
    Optional<DataKeyCipher> cipher(Connection c, String scope) throws SQLException {
        DataKeyCipher cached = ciphers.get(scope);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<MasterKeyring.WrappedKey> wrapped = Sql.first(c,
                "SELECT master_key, wrapped_key FROM dtp_mapping_scope WHERE scope = ?", params(scope),
                rs -> new MasterKeyring.WrappedKey(rs.getString(1), rs.getString(2)));
        if (wrapped.isEmpty()) {
            return Optional.empty();
        }
        byte[] dataKey = masterKeys.unwrap(context(scope), wrapped.get());
        DataKeyCipher cipher = new DataKeyCipher(dataKey, context(scope), random);
        Arrays.fill(dataKey, (byte) 0);
        ciphers.put(scope, cipher);
        return Optional.of(cipher);
    }

    DataKeyCipher require(Connection c, String scope) throws SQLException {
        return cipher(c, scope).orElseThrow(() -> new JobStoreException("no mapping scope " + scope + " (deleted?)"));
    }

    /** Re-wraps the hash key and the scopes' data keys not wrapped by the current master key; returns how many. */
    int rewrap(Connection c) throws SQLException {
        return rewrap(c, "dtp_mapping_hash_key", "id", id -> HASH_KEY_CONTEXT)
                + rewrap(c, "dtp_mapping_scope", "scope", MappingKeys::context);
    }

    private int rewrap(Connection c, String table, String idColumn, UnaryOperator<String> boundTo) throws SQLException {
        String current = masterKeys.currentKeyId();
        List<String[]> rows = Sql.list(c, "SELECT " + idColumn + ", master_key, wrapped_key FROM " + table
                        + " WHERE master_key <> ? FOR UPDATE", params(current),
                rs -> new String[]{rs.getString(1), rs.getString(2), rs.getString(3)});
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE " + table + " SET master_key = ?, wrapped_key = ? WHERE " + idColumn + " = ?")) {
            for (String[] row : rows) {
                String bound = boundTo.apply(row[0]);
                byte[] key = masterKeys.unwrap(bound, new MasterKeyring.WrappedKey(row[1], row[2]));
                MasterKeyring.WrappedKey wrapped = masterKeys.wrap(bound, key);
                Arrays.fill(key, (byte) 0);
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
