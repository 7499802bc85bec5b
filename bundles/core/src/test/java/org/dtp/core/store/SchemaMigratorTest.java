package org.dtp.core.store;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class SchemaMigratorTest {
    private static JdbcDataSource database(String name) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
        return h2;
    }

    @Test
    public void migratesOnceAndAgainIsANoOp() throws Exception {
        JdbcDataSource db = database("migrate-twice");
        assertEquals(SchemaMigrator.SCRIPTS.size(), SchemaMigrator.migrate(db));
        assertEquals(SchemaMigrator.SCRIPTS.size(), SchemaMigrator.migrate(db));
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM dtp_schema_history")) {
            rs.next();
            assertEquals(SchemaMigrator.SCRIPTS.size(), rs.getInt(1));
        }
    }

    @Test
    public void refusesASchemaNewerThanItKnows() throws Exception {
        JdbcDataSource db = database("newer");
        SchemaMigrator.migrate(db);
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO dtp_schema_history (version, applied_at) VALUES (99, 0)");
        }
        Exception e = assertThrows(java.sql.SQLException.class, () -> SchemaMigrator.migrate(db));
        assertTrue(e.getMessage(), e.getMessage().contains("version 99"));
    }

    @Test
    public void splitsScriptsIntoStatementsWithoutComments() {
        for (String sql : SchemaMigrator.statements("V1__jobs.sql")) {
            assertTrue(sql, sql.startsWith("CREATE"));
        }
    }
}
