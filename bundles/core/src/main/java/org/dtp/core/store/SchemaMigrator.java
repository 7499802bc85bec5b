package org.dtp.core.store;

import javax.sql.DataSource;
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

/**
 * Creates and migrates the job store's tables. Scripts {@code V<n>__*.sql} beside this class run in
 * order, each in one transaction with its entry in {@code dtp_schema_history}, so a crash mid-way
 * leaves the schema at the previous version.
 */
final class SchemaMigrator {
    /** The scripts in order; append, never edit one that has shipped. */
    static final List<String> SCRIPTS = List.of("V1__jobs.sql", "V2__revocations.sql");

    private SchemaMigrator() {
    }

    /** Brings the schema to the newest version; returns that version. */
    static int migrate(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                ensureHistoryTable(c);
                int current = currentVersion(c);
                for (int v = current + 1; v <= SCRIPTS.size(); v++) {
                    try (Statement s = c.createStatement()) {
                        for (String sql : statements(SCRIPTS.get(v - 1))) {
                            s.execute(sql);
                        }
                        s.executeUpdate("INSERT INTO dtp_schema_history (version, applied_at) VALUES ("
                                + v + ", " + System.currentTimeMillis() + ")");
                    }
                    c.commit();
                }
                return SCRIPTS.size();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        }
    }

    private static void ensureHistoryTable(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        // H2 folds unquoted names to upper case, PostgreSQL to lower case.
        for (String name : new String[] {"dtp_schema_history", "DTP_SCHEMA_HISTORY"}) {
            try (ResultSet rs = meta.getTables(null, null, name, null)) {
                if (rs.next()) {
                    return;
                }
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE dtp_schema_history (version INT PRIMARY KEY, applied_at BIGINT NOT NULL)");
        }
        c.commit();
    }

    private static int currentVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT MAX(version) FROM dtp_schema_history")) {
            rs.next();
            int version = rs.getInt(1);
            if (version > SCRIPTS.size()) {
                throw new SQLException("the job store's schema is version " + version
                        + ", newer than this server knows (" + SCRIPTS.size() + "); upgrade dtp-core");
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
