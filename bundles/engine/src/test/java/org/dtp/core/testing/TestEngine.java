package org.dtp.core.testing;

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
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.h2.jdbcx.JdbcDataSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The real engine outside OSGi for adapter tests: a private in-memory H2 job store (checkpoints, ledger), the
 * registry, the engine with a quick retry policy, and the manager that validates and creates jobs. Register
 * exporters and importers, then {@link #run} a transfer on the calling thread.
 */
public final class TestEngine implements AutoCloseable {
    private final HikariDataSource db;
    private final JobStore store;
    private final AdapterRegistry registry;
    private final RevocationStore revocations;
    private final RetryPolicy retry;
    private JobControls controls;
    private TransferEngine engine;
    private TransferManager manager;
    private final AtomicLong serviceIds = new AtomicLong();
    private org.dtp.transfer.uploads.UploadService uploads;

    /** Retries: {@code attempts} per call, waits from 5 ms up to {@code maxDelay} (Retry-After may ask for more). */
    public TestEngine(int attempts, Duration maxDelay) throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:test-engine-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        db = JobStoreDataSource.createPool(h2, 4);
        JobStoreDataSource.migrate(db);
        store = new JobStore(db);
        revocations = new RevocationStore(db);
        registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        retry = new RetryPolicy(attempts, Duration.ofMillis(5), maxDelay, 2, 0.1);
        restartNode();
    }

    /**
     * A new engine and manager on the same job store and adapters, as after this node restarted: what the engine and
     * the adapters kept in memory for a run (its job scratch) is gone; checkpoints and ledger remain.
     */
    public void restartNode() {
        controls = new JobControls();
        engine = new TransferEngine(store, registry, controls, retry);
        if (uploads != null) {
            engine.bindUploads(uploads);
        }
        manager = new TransferManager(store, registry, controls, id -> { }, revocations);
    }

    /** A quick default: 6 attempts, at most 50 ms apart. */
    public TestEngine() throws SQLException {
        this(6, Duration.ofMillis(50));
    }

    public TestEngine exporter(String provider, Vertical vertical, Exporter<?, ?> exporter) {
        registry.register(new AdapterService<>(provider, provider, vertical, exporter, provider, "test", serviceIds.incrementAndGet()));
        return this;
    }

    public TestEngine importer(String provider, Vertical vertical, Importer<?, ?> importer) {
        registry.register(new AdapterService<>(provider, provider, vertical, importer, provider, "test", serviceIds.incrementAndGet()));
        return this;
    }

    /** The uploads transfers' sources read, as when the uploads bundle is installed. */
    public TestEngine uploads(org.dtp.transfer.uploads.UploadService service) {
        uploads = service;
        engine.bindUploads(service);
        return this;
    }

    /** Creates the transfer {@code request} asks for and runs it to its end (or its first pause) on this thread. */
    public TransferJob run(TransferRequest request) throws Exception {
        return execute(manager.start(request).id());
    }

    /** Creates the transfer and runs it to its end (or its first pause) on this thread. */
    public TransferJob run(Vertical vertical, TransferEndpoint from, TransferEndpoint to) throws Exception {
        return execute(manager.start(new TransferRequest(vertical, from, to)).id());
    }

    /** Creates the transfer without running it. */
    public TransferJob start(Vertical vertical, TransferEndpoint from, TransferEndpoint to) throws Exception {
        return manager.start(new TransferRequest(vertical, from, to));
    }

    /** Runs a transfer, or resumes it from its checkpoint, on this thread to its end, its first pause or a stop. */
    public TransferJob execute(UUID id) {
        engine.execute(id);
        return store.job(id).orElseThrow();
    }

    /**
     * Asks the engine to stop a running transfer at its next item, as a node going down does: the transfer stays
     * running, to be resumed from its checkpoint (after {@link #restartNode()}, as after a crash).
     */
    public void requestStop(UUID id) {
        controls.requestStop(id);
    }

    /** What the engine recorded of a transfer: progress, errors, history, fidelity report. */
    public TransferDetails details(UUID id) {
        return manager.details(id).orElseThrow();
    }

    @Override
    public void close() {
        db.close();
    }
}
