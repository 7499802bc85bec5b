package org.dtp.adapters.imap;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Contexts as the engine gives them, for tests that call an exporter or importer directly. */
final class TestContexts {
    private TestContexts() {
    }

    static TransferContext source(UUID jobId, TransferEndpoint endpoint) {
        return new TestTransferContext(jobId, endpoint);
    }

    /** Opens media of a source; returns the stream for a ref. */
    @FunctionalInterface
    interface MediaSource {
        InputStream open(MediaRef ref) throws IOException, AdapterException;
    }

    /** An import context that reads media from {@code media} and records what the importer reports as not kept. */
    static final class Destination implements ImportContext {
        final UUID jobId;
        volatile TransferEndpoint endpoint;
        final MediaSource media;
        final List<String> notKept = new ArrayList<>();

        Destination(UUID jobId, TransferEndpoint endpoint, MediaSource media) {
            this.jobId = jobId;
            this.endpoint = endpoint;
            this.media = media;
        }

        static Destination from(UUID jobId, TransferEndpoint endpoint, Exporter<?, ?> exporter, TransferContext source) {
            return new Destination(jobId, endpoint, ref -> exporter.openMedia(source, ref));
        }

        private final JobScratch scratch = JobScratch.inMemory();
        @Override public JobScratch scratch() { return scratch; }
        @Override public UUID jobId() { return jobId; }
        @Override public TransferEndpoint endpoint() { return endpoint; }

        @Override
        public void updateSettings(java.util.Map<String, String> changes) {
            endpoint = endpoint.withSettings(changes);
        }

        @Override
        public InputStream openMedia(MediaRef ref) throws IOException, AdapterException {
            return media.open(ref);
        }

        @Override
        public void reportNotKept(String sourceId, String field, String reason) {
            notKept.add(sourceId + " " + field);
        }
    }
}
