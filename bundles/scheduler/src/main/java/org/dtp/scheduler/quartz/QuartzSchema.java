package org.dtp.scheduler.quartz;

import org.quartz.impl.jdbcjobstore.JobStoreTX;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Creates Quartz's tables, once, from the scripts Quartz ships for each database. The scripts'
 * DROP statements are skipped: they exist for a fresh install and would erase queued jobs.
 */
final class QuartzSchema {
    private QuartzSchema() {
    }

    /** The database family of a connection, as Quartz's scripts and delegates name it. */
    enum Dialect {
        H2("tables_h2.sql", "org.quartz.impl.jdbcjobstore.StdJDBCDelegate"),
        POSTGRESQL("tables_postgres.sql", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");

        final String script;
        final String delegate;

        Dialect(String script, String delegate) {
            this.script = script;
            this.delegate = delegate;
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
    }

    /** Creates the tables unless they exist; returns whether it created them. */
    static boolean ensure(Connection c, Dialect dialect) throws SQLException {
        if (exists(c)) {
            return false;
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
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
        }
    }

    private static boolean exists(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        for (String name : new String[] {"QRTZ_JOB_DETAILS", "qrtz_job_details"}) {
            try (ResultSet rs = meta.getTables(null, null, name, null)) {
                if (rs.next()) {
                    return true;
                }
            }
        }
        return false;
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
