package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.spi.AdapterException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.TransferJob;

import org.dtp.transfer.uploads.UploadService;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
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

    JobEndpoints(JobStore store, TransferJob job, Supplier<UploadService> uploads) {
        // The job owner's uploads only: another owner's upload id finds nothing.
        Function<String, Optional<Path>> ownUploads = id -> Optional.ofNullable(uploads.get())
                .flatMap(service -> service.file(job.owner(), id));
        source = new Side(store, true, job.source(), ownUploads);
        destination = new Side(store, false, job.destination(), ownUploads);
    }

    /** One endpoint; adapters update its settings (a refreshed token, a created folder). */
    static final class Side {
        private final JobStore store;
        private final boolean source;
        volatile TransferEndpoint endpoint;
        private final Function<String, Optional<Path>> uploads;

        Side(JobStore store, boolean source, TransferEndpoint endpoint, Function<String, Optional<Path>> uploads) {
            this.store = store;
            this.source = source;
            this.endpoint = endpoint;
            this.uploads = uploads;
        }

        /** The file the job's owner uploaded under {@code id}. */
        Optional<Path> upload(String id) {
            return uploads.apply(id);
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
