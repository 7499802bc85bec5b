package org.dtp.core.testing;

import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.util.Map;
import java.util.UUID;

/**
 * What the engine hands an exporter, for adapter tests without an engine: settings updates are applied in memory,
 * as the engine applies them to the job.
 */
public final class TestTransferContext implements TransferContext {
    private final UUID jobId;
    private volatile TransferEndpoint endpoint;

    public TestTransferContext(UUID jobId, TransferEndpoint endpoint) {
        this.jobId = jobId;
        this.endpoint = endpoint;
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
    public synchronized void updateSettings(Map<String, String> changes) {
        endpoint = endpoint.withSettings(changes);
    }
}
