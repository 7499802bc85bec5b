package org.dtp.core.engine;

import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.store.JobStore;
import org.dtp.models.Vertical;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * When a transfer ends, hands each side's endpoint, as it was, to its adapter's {@code release} (e.g. to revoke
 * an OAuth 2.0 grant), on a thread of its own, on the node where the transfer ended. The store has already deleted
 * the credentials; only this call still holds them, in memory. A sync's runs leave their credentials to the sync,
 * which has them released when it is deleted ({@link #release(String, Vertical, TransferEndpoint, TransferEndpoint)}).
 */
@Component(service = CredentialRelease.class, immediate = true)
public final class CredentialRelease {
    private static final Logger LOG = LoggerFactory.getLogger(CredentialRelease.class);

    private final JobStore store;
    private final AdapterRegistry registry;
    private final ExecutorService releases = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dtp-credential-release");
        t.setDaemon(true);
        return t;
    });
    private final JobStore.TransitionListener onEnd = new JobStore.TransitionListener() {
        @Override
        public void transitioned(UUID id, JobState from, JobState to) {
        }

        @Override
        public void ended(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
            release("transfer " + id, vertical, source, destination);
        }
    };

    @Activate
    public CredentialRelease(@Reference JobStore store, @Reference AdapterRegistry registry) {
        this.store = store;
        this.registry = registry;
        store.addTransitionListener(onEnd);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        store.removeTransitionListener(onEnd);
        releases.shutdown();
        releases.awaitTermination(10, TimeUnit.SECONDS);
    }

    /**
     * Hands the endpoints of {@code what} ("transfer ...", "sync ...") to their adapters' {@code release}, soon, on this
     * component's thread.
     */
    public void release(String what, Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
        releases.execute(() -> releaseNow(what, vertical, source, destination));
    }

    private void releaseNow(String what, Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
        registry.exporter(source.provider(), vertical).ifPresent(exporter -> {
            try {
                exporter.service().release(source);
            } catch (AdapterException | RuntimeException e) {
                LOG.warn("{}: {} could not release the source's credentials: {}", what, source.provider(), e.getMessage());
            }
        });
        registry.importer(destination.provider(), vertical).ifPresent(importer -> {
            try {
                importer.service().release(destination);
            } catch (AdapterException | RuntimeException e) {
                LOG.warn("{}: {} could not release the destination's credentials: {}", what, destination.provider(), e.getMessage());
            }
        });
    }
}
