package org.dtp.core.testing;

import com.zaxxer.hikari.HikariDataSource;
import org.dtp.core.store.JobStoreDataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.Assume;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fresh, empty database for one test: a private in-memory H2 database, or a new schema
 * {@code dtp_<random>} in the PostgreSQL database named by {@code DTP_TEST_PG_URL} (user and
 * password from {@code DTP_TEST_PG_USER} and {@code DTP_TEST_PG_PASSWORD}; system properties
 * {@code dtp.test.pg.url|user|password} override them). PostgreSQL tests are skipped, with a
 * message, when no URL is set; {@code .ci/run} starts PostgreSQL and sets it. Closing drops the schema.
 */
public final class TestDatabase implements AutoCloseable {
    /** The databases the job store supports; tests run on each. */
    public enum Kind {
        H2, POSTGRESQL;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final String PG_URL = "DTP_TEST_PG_URL";
    private static final AtomicLong H2_DATABASES = new AtomicLong();

    public final Kind kind;
    /** The H2 database's or PostgreSQL schema's name. */
    public final String name;
    private final List<HikariDataSource> pools = new ArrayList<>();

    private TestDatabase(Kind kind, String name) {
        this.kind = kind;
        this.name = name;
    }

    /** A fresh database of the kind; a PostgreSQL one skips the calling test when none is configured. */
    public static TestDatabase create(Kind kind) throws SQLException {
        return kind == Kind.H2 ? h2() : postgresql();
    }

    public static TestDatabase h2() {
        return new TestDatabase(Kind.H2, "test" + H2_DATABASES.incrementAndGet() + "_" + UUID.randomUUID().toString().substring(0, 8));
    }

    public static TestDatabase postgresql() throws SQLException {
        assumePostgreSQL();
        TestDatabase db = new TestDatabase(Kind.POSTGRESQL, "dtp_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
        try (Connection c = db.server().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + db.name);
        }
        return db;
    }

    public static boolean postgreSQLConfigured() {
        String url = setting("url");
        return url != null && !url.isBlank();
    }

    /** Skips the calling test unless a PostgreSQL database is configured for tests. */
    public static void assumePostgreSQL() {
        Assume.assumeTrue(PG_URL + " is not set: the PostgreSQL variant is skipped (.ci/run starts PostgreSQL and sets it, "
                + "e.g. DTP_TEST_PG_URL=jdbc:postgresql://127.0.0.1:5432/dtp_test DTP_TEST_PG_USER=dtp DTP_TEST_PG_PASSWORD=dtp)",
                postgreSQLConfigured());
    }

    /** The JDBC URL of this database, as an operator would write it in etc/org.dtp.store.cfg. */
    public String url() {
        if (kind == Kind.H2) {
            return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
        }
        String url = setting("url");
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + name;
    }

    /** The user to log in as, as in etc/org.dtp.store.cfg (null for H2, and when none is set). */
    public String user() {
        return kind == Kind.H2 ? null : setting("user");
    }

    /** That user's password (null for H2, and when none is set). */
    public String password() {
        return kind == Kind.H2 ? null : setting("password");
    }

    /** An unpooled data source: every call opens a new connection to this database (or schema). */
    public DataSource raw() {
        if (kind == Kind.H2) {
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL(url());
            return h2;
        }
        PGSimpleDataSource pg = pgDataSource();
        pg.setCurrentSchema(name);
        return pg;
    }

    /** A connection pool on this database, closed with it. */
    public synchronized HikariDataSource pool(int maxSize) {
        HikariDataSource pool = JobStoreDataSource.createPool(raw(), maxSize);
        pools.add(pool);
        return pool;
    }

    /** A pool on a database with the job store's schema migrated, as JobStoreDataSource makes it. */
    public HikariDataSource migratedPool(int maxSize) throws SQLException {
        HikariDataSource pool = pool(maxSize);
        JobStoreDataSource.migrate(pool);
        return pool;
    }

    @Override
    public synchronized void close() throws SQLException {
        pools.forEach(HikariDataSource::close);
        pools.clear();
        if (kind == Kind.POSTGRESQL) {
            try (Connection c = server().getConnection(); Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
            }
        } else {
            try (Connection c = raw().getConnection(); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            } catch (SQLException ignored) {
                // already gone
            }
        }
    }

    @Override
    public String toString() {
        return kind + " " + name;
    }

    private DataSource server() {
        return pgDataSource();
    }

    private static PGSimpleDataSource pgDataSource() {
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(setting("url"));
        String user = setting("user");
        if (user != null && !user.isEmpty()) {
            pg.setUser(user);
        }
        String password = setting("password");
        if (password != null && !password.isEmpty()) {
            pg.setPassword(password);
        }
        return pg;
    }

    private static String setting(String which) {
        String property = System.getProperty("dtp.test.pg." + which);
        return property != null ? property : System.getenv("DTP_TEST_PG_" + which.toUpperCase(Locale.ROOT));
    }
}
