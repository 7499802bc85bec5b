package org.dtp.core.store;

import org.dtp.core.testing.TestDatabase;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The migrator on H2 and, when DTP_TEST_PG_URL is set, on PostgreSQL (a fresh schema per test). */
@RunWith(Parameterized.class)
public class SchemaMigratorTest {
    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    private final List<TestDatabase> databases = new ArrayList<>();

    @Before
    public void skipUnlessAvailable() throws Exception {
        fresh(); // a PostgreSQL variant without a database is skipped here
    }

    @After
    public void tearDown() throws Exception {
        for (TestDatabase db : databases) {
            db.close();
        }
    }

    private TestDatabase fresh() throws Exception {
        TestDatabase db = TestDatabase.create(kind);
        databases.add(db);
        return db;
    }

    private static int count(DataSource db, String sql) throws Exception {
        try (Connection c = db.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    public void migratesOnceAndAgainIsANoOp() throws Exception {
        DataSource db = fresh().raw();
        assertEquals(SchemaMigrator.LATEST, SchemaMigrator.migrate(db));
        assertEquals(SchemaMigrator.LATEST, SchemaMigrator.migrate(db));
        assertEquals(SchemaMigrator.SCRIPTS.size(), count(db, "SELECT COUNT(*) FROM dtp_schema_history"));
        assertEquals(0, count(db, "SELECT COUNT(*) FROM dtp_job"));
    }

    @Test
    public void recognisesJobsPausedBeforeThePauseCauseWasKept() throws Exception {
        // Before V9 the cause lived only in the reason people read; V9 reads it there once, by its fixed opening.
        DataSource db = fresh().raw();
        assertEquals(8, SchemaMigrator.migrate(db, 8));
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            insertJob(s, "00000000-0000-0000-0000-000000000001", "PAUSED", "waiting for adapter smugmug (export) MEDIA");
            insertJob(s, "00000000-0000-0000-0000-000000000002", "PAUSED",
                    "destination full: quota used up; trying again at 2030-01-01T00:00:00Z");
            insertJob(s, "00000000-0000-0000-0000-000000000003", "PAUSED", "paused by user");
            insertJob(s, "00000000-0000-0000-0000-000000000004", "FAILED", "waiting for adapter x (import) MAIL");
        }
        assertEquals(SchemaMigrator.LATEST, SchemaMigrator.migrate(db));
        assertEquals("ADAPTER_MISSING", cause(db, "00000000-0000-0000-0000-000000000001"));
        assertEquals("DESTINATION_FULL", cause(db, "00000000-0000-0000-0000-000000000002"));
        assertEquals("a person's pause has no cause the server ends", null, cause(db, "00000000-0000-0000-0000-000000000003"));
        assertEquals("only paused jobs wait", null, cause(db, "00000000-0000-0000-0000-000000000004"));
    }

    private static void insertJob(Statement s, String id, String state, String reason) throws Exception {
        s.executeUpdate("INSERT INTO dtp_job (id, vertical, source_provider, source_settings, destination_provider,"
                + " destination_settings, state, state_reason, created_at, updated_at) VALUES ('" + id + "', 'MEDIA',"
                + " 'a', '{}', 'b', '{}', '" + state + "', '" + reason + "', 0, 0)");
    }

    private static String cause(DataSource db, String id) throws Exception {
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pause_cause FROM dtp_job WHERE id = '" + id + "'")) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    @Test
    public void refusesASchemaNewerThanItKnows() throws Exception {
        DataSource db = fresh().raw();
        SchemaMigrator.migrate(db);
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO dtp_schema_history (version, applied_at) VALUES (99, 0)");
        }
        Exception e = assertThrows(java.sql.SQLException.class, () -> SchemaMigrator.migrate(db));
        assertTrue(e.getMessage(), e.getMessage().contains("version 99"));
    }

    @Test
    public void finishesAScriptThatAStartDiedInTheMiddleOf() throws Exception {
        // H2 commits each DDL statement: a start killed mid-script leaves some tables and no history row.
        DataSource db = fresh().raw();
        List<String> v1 = SchemaMigrator.statements("V1__jobs.sql");
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            for (String sql : v1.subList(0, 3)) {
                s.execute(sql);
            }
        }
        assertEquals(SchemaMigrator.LATEST, SchemaMigrator.migrate(db));
        assertEquals(0, count(db, "SELECT COUNT(*) FROM dtp_ledger"));
    }

    @Test
    public void ignoresTheTablesOfOtherSchemasAndDatabases() throws Exception {
        // Another node's schema (PostgreSQL) or database (H2) being migrated says nothing about this one.
        SchemaMigrator.migrate(fresh().raw());
        DataSource mine = fresh().raw();
        assertEquals(SchemaMigrator.LATEST, SchemaMigrator.migrate(mine));
        assertEquals(0, count(mine, "SELECT COUNT(*) FROM dtp_job"));
    }

    @Test
    public void nodesStartingAtOnceMigrateAFreshDatabaseOnce() throws Exception {
        int nodes = 4;
        for (int round = 0; round < 5; round++) {
            TestDatabase db = fresh();
            CyclicBarrier together = new CyclicBarrier(nodes);
            ExecutorService threads = Executors.newFixedThreadPool(nodes);
            try {
                List<Future<Integer>> versions = new ArrayList<>();
                for (int n = 0; n < nodes; n++) {
                    DataSource node = db.raw(); // each "node" with its own connections
                    versions.add(threads.submit(() -> {
                        together.await(10, TimeUnit.SECONDS);
                        return SchemaMigrator.migrate(node);
                    }));
                }
                for (Future<Integer> v : versions) {
                    assertEquals(SchemaMigrator.LATEST, (int) v.get(60, TimeUnit.SECONDS));
                }
            } finally {
                threads.shutdownNow();
            }
            DataSource check = db.raw();
            assertEquals("each script applied once", SchemaMigrator.SCRIPTS.size(),
                    count(check, "SELECT COUNT(*) FROM dtp_schema_history"));
            assertEquals(SchemaMigrator.LATEST, count(check, "SELECT MAX(version) FROM dtp_schema_history"));
            new JobStore(check).jobs(0, 1); // the tables are usable
        }
    }

    @Test
    public void splitsScriptsIntoStatementsWithoutComments() {
        for (String sql : SchemaMigrator.statements("V1__jobs.sql")) {
            assertTrue(sql, sql.startsWith("CREATE"));
        }
    }
}
