package org.dtp.core.store;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Creates and migrates the job store's tables. Scripts {@code V<n>__*.sql} beside this class run in
 * order, each in one transaction with its entry in {@code dtp_schema_history}, so a crash mid-way
 * leaves the schema at the previous version (on PostgreSQL, whose DDL is transactional; H2 commits
 * each DDL statement, so the scripts use {@code IF NOT EXISTS} and a half-applied script runs again).
 *
 * <p>Several nodes may start at once against one database. On PostgreSQL each step takes a
 * transaction-scoped advisory lock for the current schema before it creates the history table or
 * reads the version, so exactly one node applies each script and the others see its result. H2 is
 * an embedded database that only one process can open, so a lock in this JVM is enough there.
 *
 * <p>Why not Flyway or Liquibase (considered in issue 20): this class lists its scripts, so nothing scans the
 * bundle's class path (the part of Flyway that needs OSGi support to work inside a bundle), and it is what
 * existing installations' {@code dtp_schema_history} was written by. Flyway 10+ would be flyway-core and
 * flyway-database-postgresql, with dependencies of their own, embedded privately, plus a baseline of existing
 * schemas at version 8; for eight append-only scripts the gain did not outweigh that.
 */
final class SchemaMigrator {
    /**
     * The scripts in order; append, never edit one that has shipped. A script's version is the number its name
     * begins with: work on several versions goes on in parallel, so a version may be missing for a while.
     */
    static final List<String> SCRIPTS = List.of("V1__jobs.sql", "V2__revocations.sql", "V3__fidelity.sql", "V4__rate_windows.sql",
            "V5__owners_keys_tokens.sql", "V6__run_leases.sql", "V7__page_ledger.sql", "V8__token_expiry.sql",
            "V9__pause_cause.sql", "V10__field_not_read.sql", "V11__mappings.sql", "V12__syncs.sql",
            "V13__receipt_keys.sql", "V14__selection.sql", "V15__change_tokens.sql");

    /** The newest schema version: the last script's. */
    static final int LATEST = version(SCRIPTS.get(SCRIPTS.size() - 1));

    /** First key of the advisory lock pair ("dtp" in ASCII); the second is the schema's hash. */
    private static final int ADVISORY_LOCK_CLASS = 0x647470;
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private SchemaMigrator() {
    }

    /** Brings the schema to the newest version; returns that version. */
    static int migrate(DataSource dataSource) throws SQLException {
        return migrate(dataSource, LATEST);
    }

    /** Brings the schema to {@code version} (tests start from an older schema this way); returns the version. */
    static int migrate(DataSource dataSource, int version) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean postgres = isPostgreSQL(c);
            if (!postgres) {
                IN_THIS_JVM.lock();
            }
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                while (true) {
                    if (postgres) {
                        lockSchema(c);
                    }
                    ensureHistoryTable(c);
                    int current = currentVersion(c);
                    String script = SCRIPTS.stream().filter(name -> version(name) > current).findFirst().orElse(null);
                    if (script == null || version(script) > version) {
                        c.commit();
                        return current;
                    }
                    int next = version(script);
                    try (Statement s = c.createStatement()) {
                        for (String sql : statements(script)) {
                            s.execute(sql);
                        }
                    }
                    try (PreparedStatement s = c.prepareStatement(
                            "INSERT INTO dtp_schema_history (version, applied_at) VALUES (?, ?)")) {
                        s.setInt(1, next);
                        s.setLong(2, System.currentTimeMillis());
                        s.executeUpdate();
                    }
                    c.commit(); // releases the advisory lock; the next step takes it again
                }
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
                if (!postgres) {
                    IN_THIS_JVM.unlock();
                }
            }
        }
    }

    /** The version a script's name begins with: 12 for {@code V12__syncs.sql}. */
    static int version(String script) {
        return Integer.parseInt(script.substring(1, script.indexOf("__")));
    }

    static boolean isPostgreSQL(Connection c) throws SQLException {
        return c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
    }

    /**
     * Waits for, then holds until the end of the transaction, the advisory lock of the current
     * schema; it exists before any table does, so it also serializes creating the history table.
     */
    private static void lockSchema(Connection c) throws SQLException {
        String schema;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_schema()")) {
            rs.next();
            schema = rs.getString(1);
        }
        if (schema == null) {
            throw new SQLException("the job store's database has no current schema to create tables in: "
                    + "the search_path (or currentSchema= in the JDBC URL) names no existing schema");
        }
        try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_xact_lock(?, ?)")) {
            s.setInt(1, ADVISORY_LOCK_CLASS);
            s.setInt(2, schema.hashCode());
            s.execute();
        }
    }

    /** Creates the history table in the current schema unless it is there (any name case). */
    private static void ensureHistoryTable(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS dtp_schema_history "
                    + "(version INT PRIMARY KEY, applied_at BIGINT NOT NULL)");
        }
    }

    private static int currentVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT MAX(version) FROM dtp_schema_history")) {
            rs.next();
            int version = rs.getInt(1);
            if (version > LATEST) {
                throw new SQLException("the job store's schema is version " + version
                        + ", newer than this server knows (" + LATEST + "); upgrade dtp-engine");
            }
            return version;
        }
    }

    /** The statements of a script: split on semicolons that end a line, comment lines dropped. */
    static List<String> statements(String script) {
        String text;
        try (InputStream in = SchemaMigrator.class.getResourceAsStream(script)) {
            if (in == null) {
                throw new IllegalStateException("missing migration script " + script);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read migration script " + script, e);
        }
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                out.add(current.substring(0, current.lastIndexOf(";")));
                current.setLength(0);
            }
        }
        return out;
    }
}
