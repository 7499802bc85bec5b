package org.dtp.scheduler.quartz;

import org.quartz.impl.jdbcjobstore.JobStoreTX;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Creates Quartz's tables, once, from the scripts Quartz ships for each database. The scripts'
 * DROP statements are skipped: they exist for a fresh install and would erase queued jobs.
 *
 * <p>Several nodes may start at once against one PostgreSQL database: each creates the tables under
 * a transaction-scoped advisory lock of the current schema and looks for them again inside it, so
 * one node creates them (PostgreSQL's DDL is transactional) and the others find them. H2 is an
 * embedded database that one process opens, so a lock in this JVM is enough there.
 */
final class QuartzSchema {
    /** First key of the advisory lock pair ("qrtz" in ASCII); the second is the schema's hash. */
    private static final int ADVISORY_LOCK_CLASS = 0x71727478;
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private QuartzSchema() {
    }

    /** The database family of a connection, as Quartz's scripts and delegates name it. */
    enum Dialect {
        H2("tables_h2.sql", "org.quartz.impl.jdbcjobstore.StdJDBCDelegate", false),
        POSTGRESQL("tables_postgres.sql", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate", true);

        final String script;
        final String delegate;
        /** Whether several nodes can share the database (and so run a Quartz cluster on it). */
        final boolean shareable;

        Dialect(String script, String delegate, boolean shareable) {
            this.script = script;
            this.delegate = delegate;
            this.shareable = shareable;
        }

        static Dialect of(Connection c) throws SQLException {
            String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
            if (product.contains("h2")) {
                return H2;
            }
            if (product.contains("postgres")) {
                return POSTGRESQL;
            }
            throw new SQLException("the scheduler supports H2 and PostgreSQL, not " + product);
        }

        @Override
        public String toString() {
            return this == H2 ? "H2" : "PostgreSQL";
        }
    }

    /** Creates the tables unless they exist; returns whether it created them. */
    static boolean ensure(Connection c, Dialect dialect) throws SQLException {
        if (exists(c)) {
            return false;
        }
        boolean jvmLock = dialect != Dialect.POSTGRESQL;
        if (jvmLock) {
            IN_THIS_JVM.lock();
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            if (dialect == Dialect.POSTGRESQL) {
                lockSchema(c);
            }
            if (exists(c)) { // another node created them while this one waited for the lock
                c.commit();
                return false;
            }
            for (String sql : statements(dialect.script)) {
                s.execute(sql);
            }
            c.commit();
            return true;
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
            if (jvmLock) {
                IN_THIS_JVM.unlock();
            }
        }
    }

    private static void lockSchema(Connection c) throws SQLException {
        String schema = c.getSchema();
        if (schema == null) {
            throw new SQLException("the job store's database has no current schema to create Quartz's tables in: "
                    + "the search_path (or currentSchema= in the JDBC URL) names no existing schema");
        }
        try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_xact_lock(?, ?)")) {
            s.setInt(1, ADVISORY_LOCK_CLASS);
            s.setInt(2, schema.hashCode());
            s.execute();
        }
    }

    /**
     * Whether the tables are in the current schema: H2 folds unquoted names to upper case,
     * PostgreSQL to lower case; tables of other schemas (other clusters, other tests) do not count.
     */
    static boolean exists(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        String schema = c.getSchema();
        for (String name : new String[] {"QRTZ_JOB_DETAILS", "qrtz_job_details"}) {
            try (ResultSet rs = meta.getTables(c.getCatalog(), schema == null ? null : escape(schema, meta), name, null)) {
                if (rs.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A schema name as a metadata pattern: its own {@code _} and {@code %} match only themselves. */
    private static String escape(String name, DatabaseMetaData meta) throws SQLException {
        String escape = meta.getSearchStringEscape();
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }

    static List<String> statements(String script) throws SQLException {
        String text;
        try (InputStream in = JobStoreTX.class.getResourceAsStream(script)) {
            if (in == null) {
                throw new SQLException("Quartz ships no " + script);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SQLException("cannot read Quartz's " + script, e);
        }
        StringBuilder withoutComments = new StringBuilder();
        for (String line : text.split("\n")) {
            if (!line.strip().startsWith("--")) {
                withoutComments.append(line).append('\n');
            }
        }
        List<String> out = new ArrayList<>();
        for (String statement : withoutComments.toString().split(";")) {
            String sql = statement.strip();
            String head = sql.toUpperCase(Locale.ROOT);
            if (!sql.isEmpty() && !head.startsWith("DROP") && !head.startsWith("COMMIT")) {
                out.add(sql);
            }
        }
        return out;
    }
}
