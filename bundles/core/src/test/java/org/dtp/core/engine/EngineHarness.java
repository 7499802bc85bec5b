package org.dtp.core.engine;

import com.zaxxer.hikari.HikariDataSource;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.JobStoreDataSource;
import org.dtp.core.store.RevocationStore;
import org.dtp.models.Vertical;
import org.dtp.transfer.execution.JobDispatcher;
import org.h2.jdbcx.JdbcDataSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine wired by hand as DS would wire it, on a private in-memory H2 database. Dispatched jobs
 * are collected, not run, so each test decides when a job runs and on which "node".
 */
final class EngineHarness implements AutoCloseable {
    private static final AtomicLong DATABASES = new AtomicLong();
    private static final AtomicLong SERVICE_IDS = new AtomicLong(1000);

    final HikariDataSource db;
    final JobStore store;
    final RevocationStore revocations;
    final AdapterRegistry registry;
    final List<UUID> dispatched = new ArrayList<>();
    final JobDispatcher dispatcher = dispatched::add;
    JobControls controls = new JobControls();
    TransferEngine engine;
    final TransferManager manager;

    EngineHarness(RetryPolicy retry) throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:engine" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        db = JobStoreDataSource.createPool(h2, 4);
        JobStoreDataSource.migrate(db);
        store = new JobStore(db);
        revocations = new RevocationStore(db);
        registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        engine = new TransferEngine(store, registry, controls, retry);
        manager = new TransferManager(store, registry, controls, dispatcher, revocations);
    }

    EngineHarness() throws Exception {
        this(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1));
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
    public void close() {
        db.close();
    }
}
