package org.dtp.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import org.dtp.core.engine.JobControls;
import org.dtp.core.engine.RetryPolicy;
import org.dtp.core.engine.TransferEngine;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.JobStoreDataSource;
import org.dtp.core.store.RevocationStore;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.h2.jdbcx.JdbcDataSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine outside OSGi as a node runs it: an H2 job store on disk (checkpoints, ledger; extra H2 URL settings
 * from {@code -Dbenchmark.h2=...}), the registry, the engine and the manager that validates and creates jobs. The
 * benchmarks run jobs on their own threads ({@link #execute}); the manager's dispatcher only records them.
 */
final class BenchmarkEngine implements AutoCloseable {
    private final JdbcDataSource h2;
    private final HikariDataSource pool;
    private final JobStore store;
    private final AdapterRegistry registry;
    private final TransferEngine engine;
    private final TransferManager manager;
    private final AtomicLong serviceIds = new AtomicLong();

    /** A job store in {@code dir} with {@code connections} pooled connections. */
    BenchmarkEngine(Path dir, int connections) throws Exception {
        Files.createDirectories(dir);
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0"
                + System.getProperty("benchmark.h2", ""));
        pool = JobStoreDataSource.createPool(h2, connections);
        JobStoreDataSource.migrate(pool);
        store = new JobStore(pool);
        RevocationStore revocations = new RevocationStore(pool);
        registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        JobControls controls = new JobControls();
        engine = new TransferEngine(store, registry, controls,
                new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(5), 2, 0.2));
        manager = new TransferManager(store, registry, controls, id -> { }, revocations);
    }

    BenchmarkEngine exporter(String provider, Vertical vertical, Exporter<?, ?> exporter) {
        registry.register(new AdapterService<>(provider, provider, vertical, exporter, "benchmark", "1",
                serviceIds.incrementAndGet()));
        return this;
    }

    BenchmarkEngine importer(String provider, Vertical vertical, Importer<?, ?> importer) {
        registry.register(new AdapterService<>(provider, provider, vertical, importer, "benchmark", "1",
                serviceIds.incrementAndGet()));
        return this;
    }

    /** Creates a transfer (validated, queued) and returns its id. */
    UUID start(Vertical vertical, TransferEndpoint from, TransferEndpoint to) throws InvalidTransferException {
        return manager.start(new TransferRequest(vertical, from, to)).id();
    }

    /** Runs a transfer to its end on this thread. */
    void execute(UUID job) {
        engine.execute(job);
    }

    TransferJob job(UUID id) {
        return store.job(id).orElseThrow();
    }

    /** Runs a transfer on this thread and returns it, checked to have completed with {@code expectedItems} items. */
    TransferJob run(Vertical vertical, TransferEndpoint from, TransferEndpoint to, long expectedItems)
            throws InvalidTransferException {
        UUID id = start(vertical, from, to);
        execute(id);
        return completed(id, expectedItems);
    }

    /** The transfer, checked to have completed with {@code expectedItems} items. */
    TransferJob completed(UUID id, long expectedItems) {
        TransferJob done = job(id);
        if (done.state() != JobState.COMPLETED || done.items() != expectedItems) {
            throw new IllegalStateException("engine run did not complete with " + expectedItems + " items: " + done);
        }
        return done;
    }

    /**
     * Shuts the H2 database down, then closes the pool: with {@code DB_CLOSE_DELAY=-1} closing the pool alone
     * leaves the database open, and every earlier run's cache and writer thread would weigh on the runs after it.
     */
    @Override
    public void close() throws java.sql.SQLException {
        pool.close();
        JobStoreDataSource.shutDown(h2);
    }
}
