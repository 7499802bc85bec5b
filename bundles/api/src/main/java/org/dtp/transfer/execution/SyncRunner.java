package org.dtp.transfer.execution;

import org.osgi.annotation.versioning.ProviderType;

import java.util.UUID;

/** Starts a run of a sync when its schedule says so. Since 1.2. */
@ProviderType
public interface SyncRunner {
    /**
     * Starts a run of the sync, unless it was paused or deleted, or its previous run has not ended (the sync notes
     * why). Returns once the run's transfer is queued; the transfer runs as every transfer does.
     */
    void run(UUID syncId);
}
