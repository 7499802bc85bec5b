package org.dtp.core.store;

import org.h2.util.OsgiDataSourceFactory;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class JobStoreDataSourceTest {
    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    @Test
    public void theEmbeddedDatabaseIsReadableByItsOwnerOnly() throws Exception {
        Path db = folder.getRoot().toPath().resolve("data/dtp/jobstore");
        String url = "jdbc:h2:file:" + db + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0";

        JobStoreDataSource store = activate(url);
        try {
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                    java.nio.file.Files.getPosixFilePermissions(db.getParent())));
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                    java.nio.file.Files.getPosixFilePermissions(db.resolveSibling("jobstore.mv.db"))));
        } finally {
            store.deactivate();
        }
    }

    @Test
    public void anExistingWorldReadableStoreIsTightenedAtActivation() throws Exception {
        Path db = folder.getRoot().toPath().resolve("old/jobstore");
        String url = "jdbc:h2:file:" + db + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0";
        activate(url).deactivate();
        java.nio.file.Files.setPosixFilePermissions(db.getParent(), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        java.nio.file.Files.setPosixFilePermissions(db.resolveSibling("jobstore.mv.db"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));

        activate(url).deactivate();

        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                java.nio.file.Files.getPosixFilePermissions(db.getParent())));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                java.nio.file.Files.getPosixFilePermissions(db.resolveSibling("jobstore.mv.db"))));
    }

    @Test
    public void theFileOfAnEmbeddedUrlIsFound() {
        assertEquals(Path.of("/var/dtp/jobstore"), JobStoreDataSource.embeddedH2File("jdbc:h2:file:/var/dtp/jobstore;DB_CLOSE_DELAY=-1"));
        assertEquals(Path.of("data/jobstore"), JobStoreDataSource.embeddedH2File("jdbc:h2:data/jobstore"));
    }

    @Test
    public void deactivationShutsAnEmbeddedH2DatabaseDownAndReleasesItsFile() throws Exception {
        Path db = folder.getRoot().toPath().resolve("jobstore");
        String url = "jdbc:h2:file:" + db + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0";
        Path file = db.resolveSibling("jobstore.mv.db");

        JobStoreDataSource first = activate(url);
        assertEquals(0, jobs(first));
        assertTrue("H2 holds its file while the job store is active", lockedInThisJvm(file));
        first.deactivate();
        assertFalse("the file is released at deactivation, though DB_CLOSE_DELAY=-1 kept it open before", lockedInThisJvm(file));

        JobStoreDataSource again = activate(url); // as after a reconfiguration, or with an updated H2 bundle
        assertEquals("the schema is there", 0, jobs(again));
        again.deactivate();
    }

    @Test
    public void onlyAnH2DatabaseOfThisJvmInAFileIsShutDown() {
        assertTrue(JobStoreDataSource.isEmbeddedH2("jdbc:h2:file:/var/dtp/jobstore;DB_CLOSE_DELAY=-1"));
        assertTrue(JobStoreDataSource.isEmbeddedH2("jdbc:h2:./data/jobstore"));
        assertFalse("a server's database is not this node's to shut down", JobStoreDataSource.isEmbeddedH2("jdbc:h2:tcp://db:9092/jobstore"));
        assertFalse(JobStoreDataSource.isEmbeddedH2("jdbc:h2:ssl://db:9092/jobstore"));
        assertFalse("a database in memory would lose its data", JobStoreDataSource.isEmbeddedH2("jdbc:h2:mem:jobs;DB_CLOSE_DELAY=-1"));
        assertFalse(JobStoreDataSource.isEmbeddedH2("jdbc:postgresql://127.0.0.1:5432/dtp"));
    }

    private static JobStoreDataSource activate(String url) throws Exception {
        return new JobStoreDataSource(new OsgiDataSourceFactory(new org.h2.Driver()), new JobStoreDataSource.Config() {
            @Override
            public String url() {
                return url;
            }

            @Override
            public String user() {
                return "dtp";
            }

            @Override
            public String password() {
                return "";
            }

            @Override
            public String dataSourceFactory_target() {
                return "(osgi.jdbc.driver.class=org.h2.Driver)";
            }

            @Override
            public int maxPoolSize() {
                return 2;
            }

            @Override
            public Class<? extends Annotation> annotationType() {
                return JobStoreDataSource.Config.class;
            }
        });
    }

    private static long jobs(JobStoreDataSource source) throws Exception {
        try (Connection c = source.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM dtp_job")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Whether this JVM holds a lock on {@code file} (a lock of another JVM would make tryLock answer null). */
    private static boolean lockedInThisJvm(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return false;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException held) {
            return true;
        }
    }
}
