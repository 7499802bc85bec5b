package org.dtp.scheduler.quartz;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.Assume;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A fresh database for one test: in-memory H2, or a new schema {@code dtp_<random>} in the
 * PostgreSQL database named by {@code DTP_TEST_PG_URL} (with {@code DTP_TEST_PG_USER} and
 * {@code DTP_TEST_PG_PASSWORD}), skipped with a message when that is not set. The same convention
 * as dtp-core's test {@code org.dtp.core.testing.TestDatabase}; closing drops the schema.
 */
final class TestDatabase implements AutoCloseable {
    enum Kind {
        H2, POSTGRESQL;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    final Kind kind;
    final String name;
    private final List<HikariDataSource> pools = new ArrayList<>();

    private TestDatabase(Kind kind, String name) {
        this.kind = kind;
        this.name = name;
    }

    static TestDatabase create(Kind kind) throws SQLException {
        if (kind == Kind.H2) {
            return new TestDatabase(kind, "quartz_" + UUID.randomUUID().toString().replace("-", ""));
        }
        assumePostgreSQL();
        TestDatabase db = new TestDatabase(kind, "dtp_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
        try (Connection c = server().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + db.name);
        }
        return db;
    }

    static void assumePostgreSQL() {
        String url = setting("url");
        Assume.assumeTrue("DTP_TEST_PG_URL is not set: the PostgreSQL variant is skipped (.ci/run starts PostgreSQL "
                + "and sets it, e.g. DTP_TEST_PG_URL=jdbc:postgresql://127.0.0.1:5432/dtp_test DTP_TEST_PG_USER=dtp "
                + "DTP_TEST_PG_PASSWORD=dtp)", url != null && !url.isBlank());
    }

    DataSource raw() {
        if (kind == Kind.H2) {
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
            return h2;
        }
        PGSimpleDataSource pg = server();
        pg.setCurrentSchema(name);
        return pg;
    }

    /** A pool on this database, as the job store's data source gives the scheduler; closed with it. */
    synchronized HikariDataSource pool(int maxSize) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(raw());
        config.setMaximumPoolSize(maxSize);
        config.setMinimumIdle(1);
        HikariDataSource pool = new HikariDataSource(config);
        pools.add(pool);
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
                // already closed
            }
        }
    }

    private static PGSimpleDataSource server() {
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

    /**
     * A data source that stops working at once when {@link #kill()} is called, as the connections of
     * a node whose process died: nothing the node still does reaches the database.
     */
    static final class Killable implements DataSource {
        private final DataSource target;
        private volatile boolean dead;

        Killable(DataSource target) {
            this.target = target;
        }

        void kill() {
            dead = true;
        }

        @Override
        public Connection getConnection() throws SQLException {
            if (dead) {
                throw new SQLException("this node is dead");
            }
            return target.getConnection();
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
