package org.dtp.scheduler.quartz;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.engine.CredentialRelease;
import org.dtp.core.engine.JobControls;
import org.dtp.core.engine.RetryPolicy;
import org.dtp.core.engine.TransferEngine;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.RevocationStore;
import org.dtp.core.store.SyncStore;
import org.dtp.core.sync.SyncManager;
import org.dtp.models.Vertical;

import javax.sql.DataSource;
import java.time.Duration;

/**
 * One node as DS wires it: the real engine, job store and sync service on a shared database, with the Quartz
 * scheduler as job dispatcher and sync scheduler, and {@link TestLibrary}'s adapters as providers "src" and "dst".
 */
final class SyncNode implements AutoCloseable {
    final JobStore store;
    final QuartzJobDispatcher scheduler;
    final TransferManager transfers;
    final SyncManager syncs;
    private final CredentialRelease release;

    SyncNode(DataSource db, MasterKeyring keys, TestLibrary library, QuartzJobDispatcher.Config config) throws Exception {
        store = new JobStore(db, keys);
        RevocationStore revocations = new RevocationStore(db);
        AdapterRegistry registry = AdapterRegistry.withRevocations(revocations::isRevoked);
        registry.register(new AdapterService<>("src", "src", Vertical.MEDIA, library.exporter, "test.src", "1.0.0", 1));
        registry.register(new AdapterService<>("dst", "dst", Vertical.MEDIA, library.importer, "test.dst", "1.0.0", 2));
        JobControls controls = new JobControls();
        TransferEngine engine = new TransferEngine(store, registry, controls,
                new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2, 0.1));
        scheduler = new QuartzJobDispatcher(db, engine, config);
        transfers = new TransferManager(store, registry, controls, scheduler, revocations);
        release = new CredentialRelease(store, registry);
        syncs = new SyncManager(new SyncStore(db, keys), store, transfers, scheduler, release);
        scheduler.bindSyncRunner(syncs);
    }

    @Override
    public void close() throws Exception {
        scheduler.deactivate();
    }
}
