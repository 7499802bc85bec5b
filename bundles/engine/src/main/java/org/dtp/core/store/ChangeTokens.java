package org.dtp.core.store;

import org.dtp.core.crypto.DataKeyCipher;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.dtp.core.store.Sql.params;

/**
 * The change tokens of the mapping scopes (V15), in the caller's transaction: a scope's committed tokens
 * (dtp_change_token) and those a job recorded, pending until it ends (dtp_change_token_pending). A feed is found by
 * a keyed hash of its scope and name; tokens are sealed with the scope's data key ({@link MappingKeys}), so that a
 * pending token becomes a committed one as it is.
 */
final class ChangeTokens {
    private static final String TOKEN = "change_token";

    private final MappingKeys keys;

    ChangeTokens(MappingKeys keys) {
        this.keys = keys;
    }

    /** See {@link JobStore#changeToken}. */
    Optional<String> committed(Connection c, String scope, String feed) throws SQLException {
        Optional<DataKeyCipher> cipher = keys.cipher(c, scope);
        if (cipher.isEmpty()) {
            return Optional.empty();
        }
        return Sql.first(c, "SELECT token FROM dtp_change_token WHERE scope = ? AND feed_hash = ?",
                params(scope, feedHash(scope, feed)), rs -> cipher.get().open(TOKEN, rs.getString(1)));
    }

    /**
     * Records {@code token} under {@code feed} for {@code job} unless the job recorded one under it before (the
     * caller holds the job's row locked); nothing when the scope is gone (its mapping was deleted).
     */
    void recordPending(Connection c, UUID job, String scope, String feed, String token, long now) throws SQLException {
        Optional<DataKeyCipher> cipher = keys.cipher(c, scope);
        if (cipher.isEmpty()) {
            return;
        }
        String hash = feedHash(scope, feed);
        if (Sql.exists(c, "SELECT 1 FROM dtp_change_token_pending WHERE job_id = ? AND feed_hash = ?",
                params(job.toString(), hash))) {
            return;
        }
        Sql.update(c, "INSERT INTO dtp_change_token_pending (job_id, feed_hash, scope, token, recorded_at) "
                + "VALUES (?, ?, ?, ?, ?)", params(job.toString(), hash, scope, cipher.get().seal(TOKEN, token), now));
    }

    /**
     * Makes the job's pending tokens its scopes' committed ones, each scope's row locked so that two jobs of a scope
     * that end at once do not both insert a feed's token; then drops them.
     */
    void commit(Connection c, UUID job) throws SQLException {
        List<String[]> pending = Sql.list(c, "SELECT scope, feed_hash, token, recorded_at FROM dtp_change_token_pending "
                        + "WHERE job_id = ? ORDER BY scope, feed_hash", params(job.toString()),
                rs -> new String[]{rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)});
        String locked = null;
        try (PreparedStatement update = c.prepareStatement("UPDATE dtp_change_token SET token = ?, recorded_at = ?, "
                + "job_id = ? WHERE scope = ? AND feed_hash = ?");
             PreparedStatement insert = c.prepareStatement("INSERT INTO dtp_change_token (token, recorded_at, job_id, "
                     + "scope, feed_hash) VALUES (?, ?, ?, ?, ?)")) {
            for (String[] row : pending) {
                if (!row[0].equals(locked)) {
                    Sql.exists(c, "SELECT 1 FROM dtp_mapping_scope WHERE scope = ? FOR UPDATE", params(row[0]));
                    locked = row[0];
                }
                for (PreparedStatement s : List.of(update, insert)) {
                    s.setString(1, row[2]);
                    s.setLong(2, Long.parseLong(row[3]));
                    s.setString(3, job.toString());
                    s.setString(4, row[0]);
                    s.setString(5, row[1]);
                }
                if (update.executeUpdate() == 0) {
                    insert.executeUpdate();
                }
            }
        }
        drop(c, job);
    }

    /** Drops the job's pending tokens: the committed ones stay. */
    static void drop(Connection c, UUID job) throws SQLException {
        Sql.update(c, "DELETE FROM dtp_change_token_pending WHERE job_id = ?", params(job.toString()));
    }

    /** Deletes the scope's tokens, committed and pending (with its mapping). */
    static void deleteScope(Connection c, String scope) throws SQLException {
        Sql.update(c, "DELETE FROM dtp_change_token WHERE scope = ?", params(scope));
        Sql.update(c, "DELETE FROM dtp_change_token_pending WHERE scope = ?", params(scope));
    }

    private String feedHash(String scope, String feed) {
        return keys.hash(scope, "feed", feed);
    }
}
