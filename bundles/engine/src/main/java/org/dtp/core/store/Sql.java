package org.dtp.core.store;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Connections and transactions of the job store, and the prepare/bind/query steps its pieces repeat. */
final class Sql {
    /** Attempts in all of {@link #inTransactionRetryingConflicts}. */
    static final int CONFLICT_ATTEMPTS = 4;

    /** SQLStates of a transaction that lost to a concurrent one: unique key violation, deadlock, serialization failure. */
    private static final Set<String> LOST_TO_A_CONCURRENT_ONE = Set.of("23505", "40P01", "40001");

    private final DataSource db;

    Sql(DataSource db) {
        this.db = db;
    }

    /** Runs {@code work} in one transaction: committed when it returns, rolled back when it throws. */
    <T> T inTransaction(Work<T> work) {
        return withConnection(c -> {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        });
    }

    /**
     * {@link #inTransaction}, run again (up to {@value #CONFLICT_ATTEMPTS} times in all) when it failed because a
     * concurrent transaction inserted a row with the same unique key first (SQLState 23505 on H2 and PostgreSQL alike),
     * or was chosen as a deadlock's victim (40P01) or failed to serialize (40001): for work that reads which rows exist
     * and inserts the others, as two transfers of one mapping scope do at once. The failed attempt was rolled back
     * whole, and the next one sees the other's rows. {@code work} must keep nothing of an attempt outside the database.
     */
    <T> T inTransactionRetryingConflicts(Work<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return inTransaction(work);
            } catch (JobStoreException e) {
                if (attempt >= CONFLICT_ATTEMPTS || !lostToAConcurrentOne(e)) {
                    throw e;
                }
            }
        }
    }

    /**
     * Whether {@code e} comes of a unique key violation, a deadlock or a serialization failure (in its causes, or the
     * next exceptions of a batch's).
     */
    static boolean lostToAConcurrentOne(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException next = sql; next != null; next = next.getNextException()) {
                    if (LOST_TO_A_CONCURRENT_ONE.contains(next.getSQLState())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Runs {@code work} on a connection in auto-commit mode (reads, and single statements). */
    <T> T withConnection(Work<T> work) {
        try (Connection c = db.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new JobStoreException("job store: " + e.getMessage(), e);
        }
    }

    /** Every row {@code sql} selects, mapped. */
    static <T> List<T> list(Connection c, String sql, Binder binder, Row<T> row) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(s);
            try (ResultSet rs = s.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(row.map(rs));
                }
                return out;
            }
        }
    }

    /** The first row {@code sql} selects, mapped; empty when it selects none. */
    static <T> Optional<T> first(Connection c, String sql, Binder binder, Row<T> row) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(s);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.ofNullable(row.map(rs)) : Optional.empty();
            }
        }
    }

    /** The number a {@code SELECT COUNT(*)} (or any one-row, one-number query) answers. */
    static long count(Connection c, String sql, Binder binder) throws SQLException {
        return first(c, sql, binder, rs -> rs.getLong(1)).orElseThrow();
    }

    /** Whether {@code sql} selects any row. */
    static boolean exists(Connection c, String sql, Binder binder) throws SQLException {
        return first(c, sql, binder, rs -> Boolean.TRUE).isPresent();
    }

    /** Runs an INSERT, UPDATE or DELETE; returns how many rows it changed. */
    static int update(Connection c, String sql, Binder binder) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(s);
            return s.executeUpdate();
        }
    }

    /** Binds the parameters in order: strings (null binds a NULL text), longs and ints. */
    static Binder params(Object... values) {
        return s -> {
            for (int i = 0; i < values.length; i++) {
                Object value = values[i];
                if (value == null || value instanceof String) {
                    s.setString(i + 1, (String) value);
                } else if (value instanceof Long number) {
                    s.setLong(i + 1, number);
                } else if (value instanceof Integer number) {
                    s.setInt(i + 1, number);
                } else {
                    throw new IllegalArgumentException("cannot bind " + value);
                }
            }
        };
    }

    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement s) throws SQLException;
    }

    @FunctionalInterface
    interface Row<T> {
        T map(ResultSet rs) throws SQLException;
    }
}
