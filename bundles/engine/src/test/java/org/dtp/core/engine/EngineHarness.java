package org.dtp.core.engine;

import com.zaxxer.hikari.HikariDataSource;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.RevocationStore;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.transfer.execution.JobDispatcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine wired by hand as DS would wire it, on a fresh database of its own: in-memory H2, or a
 * new schema in the test PostgreSQL database (see {@link TestDatabase}; skipped when none is set).
 * Dispatched jobs are collected, not run, so each test decides when a job runs and on which "node".
 */
final class EngineHarness implements AutoCloseable {
    private static final AtomicLong SERVICE_IDS = new AtomicLong(1000);

    final TestDatabase database;
    final HikariDataSource db;
    /** The node's master keys, shared by the job store and the sync store as DS shares them. */
    final MasterKeyring masterKeys = MasterKeyring.inMemory();
    final JobStore store;
    final RevocationStore revocations;
    final AdapterRegistry registry;
    final List<UUID> dispatched = new ArrayList<>();
    final JobDispatcher dispatcher = dispatched::add;
    JobControls controls = new JobControls();
    TransferEngine engine;
    final TransferManager manager;

    EngineHarness(TestDatabase.Kind kind, RetryPolicy retry) throws Exception {
        database = TestDatabase.create(kind);
        db = database.migratedPool(4);
        store = new JobStore(db, masterKeys);
        revocations = new RevocationStore(db);
        registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        engine = new TransferEngine(store, registry, controls, retry);
        manager = new TransferManager(store, registry, controls, dispatcher, revocations);
    }

    EngineHarness(TestDatabase.Kind kind) throws Exception {
        this(kind, new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1));
    }

    EngineHarness() throws Exception {
        this(TestDatabase.Kind.H2);
    }

    /** A fresh engine on the same database, as after a node restart. */
    void restartNode(RetryPolicy retry) {
        controls = new JobControls();
        engine = new TransferEngine(store, registry, controls, retry);
    }

    long register(String provider, Object service) {
        long id = SERVICE_IDS.incrementAndGet();
        registry.register(new AdapterService<>(provider, provider, Vertical.MEDIA, service, "test." + provider, "1.0.0", id));
        return id;
    }

    @Override
    public void close() throws Exception {
        database.close();
    }
}
