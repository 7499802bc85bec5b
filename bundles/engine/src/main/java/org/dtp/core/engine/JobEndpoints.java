package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.spi.AdapterException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.TransferJob;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * What every context of a job run shares: the two endpoints, as adapters last updated them, and the run's
 * {@link JobScratch}, dropped with this object when the run ends.
 */
final class JobEndpoints {
    final Side source;
    final Side destination;
    final JobScratch scratch = JobScratch.inMemory();

    JobEndpoints(JobStore store, TransferJob job) {
        source = new Side(store, true, job.source());
        destination = new Side(store, false, job.destination());
    }

    /** One endpoint; adapters update its settings (a refreshed token, a created folder). */
    static final class Side {
        private final JobStore store;
        private final boolean source;
        volatile TransferEndpoint endpoint;

        Side(JobStore store, boolean source, TransferEndpoint endpoint) {
            this.store = store;
            this.source = source;
            this.endpoint = endpoint;
        }

        synchronized void update(UUID jobId, Map<String, String> changes) throws AdapterException {
            try {
                endpoint = store.updateSettings(jobId, source, new HashMap<>(changes)); // a copy: null values remove
            } catch (RuntimeException e) {
                throw new AdapterException("the transfer's settings could not be updated: " + e.getMessage(), e);
            }
        }
    }
}
