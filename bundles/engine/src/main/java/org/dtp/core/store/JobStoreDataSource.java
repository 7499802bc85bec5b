package org.dtp.core.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jdbc.DataSourceFactory;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;

/**
 * The database of the job store: a connection pool over the JDBC driver named in the configuration,
 * with the schema migrated before the service is registered. The scheduler's Quartz tables live in
 * the same database. Defaults to an embedded H2 file under Karaf's data folder.
 */
@Component(
        service = DataSource.class,
        configurationPid = JobStoreDataSource.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        property = JobStoreDataSource.SERVICE_PROPERTY + "=true")
@Designate(ocd = JobStoreDataSource.Config.class)
public final class JobStoreDataSource implements DataSource {
    public static final String PID = "org.dtp.store";
    /** The property that marks this data source; consumers target {@code (dtp.jobstore=true)}. */
    public static final String SERVICE_PROPERTY = "dtp.jobstore";

    private static final Logger LOG = LoggerFactory.getLogger(JobStoreDataSource.class);

    @ObjectClassDefinition(name = "dtp job store", description = "The database that holds jobs, checkpoints and the idempotency ledger.")
    public @interface Config {
        @AttributeDefinition(name = "JDBC URL", description = "e.g. jdbc:postgresql://127.0.0.1:5432/dtp. The default is an embedded H2 file under ${karaf.data}/dtp.")
        String url() default "jdbc:h2:file:${karaf.data}/dtp/jobstore;DB_CLOSE_DELAY=-1;WRITE_DELAY=0";

        @AttributeDefinition(name = "User")
        String user() default "dtp";

        @AttributeDefinition(name = "Password", type = AttributeType.PASSWORD)
        String password() default "";

        @AttributeDefinition(name = "JDBC driver", description = "Selects the driver bundle's DataSourceFactory, e.g. (osgi.jdbc.driver.class=org.postgresql.Driver).")
        String dataSourceFactory_target() default "(osgi.jdbc.driver.class=org.h2.Driver)";

        @AttributeDefinition(name = "Pool size", description = "Most open connections; at least the scheduler's worker threads plus a few.")
        int maxPoolSize() default 16;
    }

    private static final Set<PosixFilePermission> OWNER_ONLY_FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");

    private final HikariDataSource pool;
    /** The driver's own data source when the URL names an embedded H2 database, which deactivation shuts down. */
    private final DataSource embeddedH2;

    @Activate
    public JobStoreDataSource(@Reference(name = "dataSourceFactory") DataSourceFactory factory, Config config) throws SQLException {
        String url = config.url().replace("${karaf.data}", System.getProperty("karaf.data", "data"));
        Properties props = new Properties();
        props.setProperty(DataSourceFactory.JDBC_URL, url);
        if (!config.user().isEmpty()) {
            props.setProperty(DataSourceFactory.JDBC_USER, config.user());
        }
        if (!config.password().isEmpty()) {
            props.setProperty(DataSourceFactory.JDBC_PASSWORD, config.password());
        }
        if (isEmbeddedH2(url)) {
            ownerOnly(embeddedH2File(url));
        }
        DataSource raw = factory.createDataSource(props);
        this.embeddedH2 = isEmbeddedH2(url) ? raw : null;
        this.pool = createPool(raw, config.maxPoolSize());
        try {
            int version = SchemaMigrator.migrate(pool);
            if (embeddedH2 != null) {
                ownerOnly(embeddedH2File(url));
            }
            LOG.info("job store ready at {} (schema version {})", withoutCredentials(url), version);
        } catch (SQLException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /** A pool over any data source; also used by tests and the benchmark outside OSGi. */
    public static HikariDataSource createPool(DataSource raw, int maxPoolSize) {
        HikariConfig hikari = new HikariConfig();
        hikari.setDataSource(raw);
        hikari.setPoolName("dtp-jobstore");
        hikari.setMaximumPoolSize(maxPoolSize);
        hikari.setMinimumIdle(1);
        hikari.setAutoCommit(true);
        return new HikariDataSource(hikari);
    }

    /** Creates or migrates the schema on a data source made outside OSGi (tests, benchmark). */
    public static void migrate(DataSource dataSource) throws SQLException {
        SchemaMigrator.migrate(dataSource);
    }

    private static String withoutCredentials(String url) {
        return url.replaceAll("(?i)(password|user)=[^;&]*", "$1=***");
    }

    /** The path an embedded H2 URL names, without H2's own suffix ({@code .mv.db}). */
    static Path embeddedH2File(String url) {
        String path = url.substring("jdbc:h2:".length());
        int options = path.indexOf(';');
        path = options < 0 ? path : path.substring(0, options);
        path = path.startsWith("file:") ? path.substring("file:".length()) : path;
        return path.startsWith("~/") ? Paths.get(System.getProperty("user.home"), path.substring(2)) : Paths.get(path);
    }

    /**
     * Makes the embedded database readable by this server's user only, as the master key files are: its folder
     * 0700 (created so when missing) and the database's files in it 0600. The files hold transfer histories and
     * sealed credentials; other local users have no business reading them. Skipped where the file system has no
     * POSIX permissions.
     */
    static void ownerOnly(Path database) {
        Path folder = database.toAbsolutePath().getParent();
        String prefix = database.getFileName() + ".";
        try {
            if (Files.notExists(folder)) {
                Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FOLDER));
            }
            Files.setPosixFilePermissions(folder, OWNER_ONLY_FOLDER);
            try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, f -> f.getFileName().toString().startsWith(prefix))) {
                for (Path file : files) {
                    Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
                }
            }
        } catch (UnsupportedOperationException e) {
            LOG.debug("no POSIX permissions where the job store is ({}): left as they are", folder);
        } catch (IOException e) {
            LOG.warn("could not make the job store at {} readable by its owner only: {}", folder, e.toString());
        }
    }

    /** An H2 database in this JVM, kept in a file: not a server's ({@code tcp:}, {@code ssl:}) nor one in memory. */
    static boolean isEmbeddedH2(String url) {
        String lower = url.toLowerCase(java.util.Locale.ROOT);
        return lower.startsWith("jdbc:h2:") && !lower.startsWith("jdbc:h2:tcp:") && !lower.startsWith("jdbc:h2:ssl:")
                && !lower.startsWith("jdbc:h2:mem:");
    }

    /**
     * Closes the pool, and shuts an embedded H2 database down: with {@code DB_CLOSE_DELAY=-1} it would outlive its
     * last connection, keeping its file locked (an updated H2 bundle, or this component reconfigured back to it,
     * could not open it again) and its cache in the heap.
     */
    @Deactivate
    void deactivate() {
        pool.close();
        if (embeddedH2 != null) {
            try {
                shutDown(embeddedH2);
            } catch (SQLException e) {
                LOG.warn("the embedded job store database could not be shut down (it closes when the JVM exits): {}", e.getMessage());
            }
        }
    }

    /**
     * Shuts down the embedded H2 database {@code raw} (the driver's data source, not a pool over it, which must be
     * closed first): also used by the benchmark outside OSGi.
     */
    public static void shutDown(DataSource raw) throws SQLException {
        try (Connection c = raw.getConnection(); java.sql.Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        return pool.getConnection();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the job store pool has fixed credentials");
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return pool.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return pool.isWrapperFor(iface);
    }
}
