package org.dtp.core.store;

import org.dtp.transfer.Revocation;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Revoked adapter versions, persisted in the job store and cached here, because the engine asks
 * before every item whether the adapter it uses is still allowed.
 */
@Component(service = RevocationStore.class)
public final class RevocationStore {
    private final DataSource db;
    private final Map<Key, Revocation> cache = new ConcurrentHashMap<>();

    @Activate
    public RevocationStore(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db) {
        this.db = db;
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT provider, bundle_version, reason, revoked_at FROM dtp_adapter_revocation");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                put(new Revocation(rs.getString(1), rs.getString(2), rs.getString(3), Instant.ofEpochMilli(rs.getLong(4))));
            }
        } catch (SQLException e) {
            throw new JobStoreException("cannot read revocations: " + e.getMessage(), e);
        }
    }

    public boolean isRevoked(String provider, String bundleVersion) {
        return cache.containsKey(new Key(provider, bundleVersion));
    }

    public List<Revocation> all() {
        List<Revocation> out = new ArrayList<>(cache.values());
        out.sort(Comparator.comparing(Revocation::provider).thenComparing(Revocation::bundleVersion));
        return out;
    }

    /** Revokes (or re-states the reason of) a version. */
    public synchronized Revocation revoke(String provider, String bundleVersion, String reason) {
        Revocation revocation = new Revocation(provider, bundleVersion, reason, Instant.now());
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            try {
                delete(c, provider, bundleVersion);
                try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_adapter_revocation "
                        + "(provider, bundle_version, reason, revoked_at) VALUES (?, ?, ?, ?)")) {
                    s.setString(1, provider);
                    s.setString(2, bundleVersion);
                    s.setString(3, reason.length() > 2000 ? reason.substring(0, 2000) : reason);
                    s.setLong(4, revocation.revokedAt().toEpochMilli());
                    s.executeUpdate();
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new JobStoreException("cannot store the revocation: " + e.getMessage(), e);
        }
        put(revocation);
        return revocation;
    }

    public synchronized boolean unrevoke(String provider, String bundleVersion) {
        try (Connection c = db.getConnection()) {
            delete(c, provider, bundleVersion);
        } catch (SQLException e) {
            throw new JobStoreException("cannot remove the revocation: " + e.getMessage(), e);
        }
        return cache.remove(new Key(provider, bundleVersion)) != null;
    }

    private static void delete(Connection c, String provider, String bundleVersion) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM dtp_adapter_revocation WHERE provider = ? AND bundle_version = ?")) {
            s.setString(1, provider);
            s.setString(2, bundleVersion);
            s.executeUpdate();
        }
    }

    private void put(Revocation r) {
        cache.put(new Key(r.provider(), r.bundleVersion()), r);
    }

    /** A cache key whose hash comes from the strings' own cached hashes: the engine asks for every item. */
    private record Key(String provider, String bundleVersion) {
    }
}
