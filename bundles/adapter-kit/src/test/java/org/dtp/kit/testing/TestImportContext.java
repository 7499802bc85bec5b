package org.dtp.kit.testing;

import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the engine hands an importer, for adapter tests without an engine: media come from {@code opener}
 * (usually the exporter under test), opens are counted, and what the importer reports as not kept is recorded.
 */
public final class TestImportContext implements ImportContext {
    private final JobScratch scratch = JobScratch.inMemory();
    /** Opens the bytes behind a reference, as the engine asks the exporting side. */
    @FunctionalInterface
    public interface MediaOpener {
        InputStream open(MediaRef ref) throws IOException, AdapterException;
    }

    /** One call of {@link #reportNotKept}. */
    public record NotKept(String sourceId, String field, String reason) {
    }

    private final UUID jobId;
    private volatile TransferEndpoint endpoint;
    private final MediaOpener opener;
    private final AtomicInteger opened = new AtomicInteger();
    private final List<NotKept> notKept = new CopyOnWriteArrayList<>();

    public TestImportContext(UUID jobId, TransferEndpoint endpoint, MediaOpener opener) {
        this.jobId = jobId;
        this.endpoint = endpoint;
        this.opener = opener;
    }

    @Override
    public JobScratch scratch() {
        return scratch;
    }

    @Override
    public UUID jobId() {
        return jobId;
    }

    @Override
    public TransferEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public synchronized void updateSettings(java.util.Map<String, String> changes) {
        endpoint = endpoint.withSettings(changes);
    }

    @Override
    public InputStream openMedia(MediaRef ref) throws IOException, AdapterException {
        opened.incrementAndGet();
        return opener.open(ref);
    }

    @Override
    public void reportNotKept(String sourceId, String field, String reason) {
        notKept.add(new NotKept(sourceId, field, reason));
    }

    /** How often media were opened. */
    public int opened() {
        return opened.get();
    }

    /** Everything reported as not kept, in order. */
    public List<NotKept> notKept() {
        return List.copyOf(notKept);
    }
}
