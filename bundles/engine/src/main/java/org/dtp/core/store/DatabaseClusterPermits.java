package org.dtp.core.store;

import org.dtp.spi.http.ClusterPermits;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.LongSupplier;

/**
 * Cluster-wide request permits in the job store's database: one row per key and second counts the requests
 * of all nodes; a node takes a permit with one conditional UPDATE (or the INSERT that opens the second), and when
 * the second is used up it waits for the next. Fixed one-second windows: within any second of the clock, at most
 * {@code perSecond} requests leave the cluster. Node clocks must agree (NTP), as for Quartz's check-ins.
 */
@Component(service = ClusterPermits.class)
public final class DatabaseClusterPermits implements ClusterPermits {
    private static final long KEEP_SECONDS = 60;
    private final DataSource db;
    private final LongSupplier clockMillis;

    @Activate
    public DatabaseClusterPermits(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db) {
        this(db, System::currentTimeMillis);
    }

    DatabaseClusterPermits(DataSource db, LongSupplier clockMillis) {
        this.db = db;
        this.clockMillis = clockMillis;
    }

    @Override
    public void acquire(String key, int perSecond) throws InterruptedException {
        while (true) {
            long now = clockMillis.getAsLong();
            long second = now / 1000;
            if (take(key, second, perSecond)) {
                return;
            }
            Thread.sleep(Math.max(1, (second + 1) * 1000 - now));
        }
    }

    /** One permit of {@code second}, or false when it is used up. */
    private boolean take(String key, long second, int perSecond) {
        try (Connection c = db.getConnection()) {
            try (PreparedStatement s = c.prepareStatement("UPDATE dtp_rate_window SET used = used + 1 "
                    + "WHERE limit_key = ? AND window_start = ? AND used < ?")) {
                s.setString(1, key);
                s.setLong(2, second);
                s.setLong(3, perSecond);
                if (s.executeUpdate() == 1) {
                    return true;
                }
            }
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO dtp_rate_window (limit_key, window_start, used) VALUES (?, ?, 1)")) {
                s.setString(1, key);
                s.setLong(2, second);
                s.executeUpdate();
            } catch (SQLException e) {
                // The second's row exists (it is used up, or another node opened it a moment ago): ask again.
                return retakeAfterConflict(c, key, second, perSecond);
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM dtp_rate_window WHERE limit_key = ? AND window_start < ?")) {
                s.setString(1, key);
                s.setLong(2, second - KEEP_SECONDS);
                s.executeUpdate();
            }
            return true;
        } catch (SQLException e) {
            throw new JobStoreException("cluster rate limit " + key + ": " + e.getMessage(), e);
        }
    }

    private static boolean retakeAfterConflict(Connection c, String key, long second, int perSecond) throws SQLException {
        if (!c.getAutoCommit()) {
            c.rollback();
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE dtp_rate_window SET used = used + 1 "
                + "WHERE limit_key = ? AND window_start = ? AND used < ?")) {
            s.setString(1, key);
            s.setLong(2, second);
            s.setLong(3, perSecond);
            return s.executeUpdate() == 1;
        }
    }
}
