package org.dtp.kit.testing;

import org.dtp.spi.TransferContext;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferEndpoint;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the engine hands an exporter, for adapter tests without an engine: settings updates are applied in memory,
 * as the engine applies them to the job; what the exporter reports as not carried by the model is kept in order.
 */
public final class TestTransferContext implements TransferContext {
    private final JobScratch scratch = JobScratch.inMemory();
    private final UUID jobId;
    private volatile TransferEndpoint endpoint;
    private final boolean operatorTransfer;
    private final Instant deadline;
    private final List<TestImportContext.NotKept> notKept = new CopyOnWriteArrayList<>();
    /** The tokens an earlier transfer left (null: this context keeps none, as for an estimate). */
    private final Map<String, String> previousChangeTokens;
    private final Map<String, String> recordedChangeTokens = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Map<String, java.nio.file.Path> uploads = Map.of();

    public TestTransferContext(UUID jobId, TransferEndpoint endpoint) {
        this(jobId, endpoint, false, null, null);
    }

    private TestTransferContext(UUID jobId, TransferEndpoint endpoint, boolean operatorTransfer, Instant deadline,
                                Map<String, String> previousChangeTokens) {
        this.jobId = jobId;
        this.endpoint = endpoint;
        this.operatorTransfer = operatorTransfer;
        this.deadline = deadline;
        this.previousChangeTokens = previousChangeTokens;
    }

    /** This context as of a transfer the operators run. */
    public TestTransferContext ofOperators() {
        return new TestTransferContext(jobId, endpoint, true, deadline, previousChangeTokens);
    }

    /** This context as of work that must answer by {@code deadline} (an estimate). */
    public TestTransferContext answeringBy(Instant deadline) {
        return new TestTransferContext(jobId, endpoint, operatorTransfer, deadline, previousChangeTokens);
    }

    /**
     * This context as of a transfer that remembers, after one that left {@code previous} (empty: the first one): what
     * the engine does between two complete transfers is {@code next = new TestTransferContext(...)
     * .rememberingChangeTokens(earlier.recordedChangeTokens())}.
     */
    public TestTransferContext rememberingChangeTokens(Map<String, String> previous) {
        return new TestTransferContext(jobId, endpoint, operatorTransfer, deadline, Map.copyOf(previous));
    }

    /** This context with {@code files} as what the transfer's owner uploaded, by upload id. */
    public TestTransferContext withUploads(Map<String, java.nio.file.Path> files) {
        uploads = Map.copyOf(files);
        return this;
    }

    @Override
    public Optional<java.nio.file.Path> upload(String id) {
        return Optional.ofNullable(uploads.get(id));
    }

    @Override
    public Optional<String> changeToken(String feed) {
        return previousChangeTokens == null ? Optional.empty() : Optional.ofNullable(previousChangeTokens.get(feed));
    }

    @Override
    public void recordChangeToken(String feed, String token) {
        if (previousChangeTokens != null) {
            recordedChangeTokens.putIfAbsent(feed, token); // the first one recorded is kept, as the engine does
        }
    }

    /** The tokens recorded in this transfer, the first per feed. */
    public Map<String, String> recordedChangeTokens() {
        return Map.copyOf(recordedChangeTokens);
    }

    @Override
    public boolean operatorTransfer() {
        return operatorTransfer;
    }

    @Override
    public Optional<Instant> deadline() {
        return Optional.ofNullable(deadline);
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
    public synchronized void updateSettings(Map<String, String> changes) {
        endpoint = endpoint.withSettings(changes);
    }

    @Override
    public void reportNotKept(String sourceId, String field, String reason) {
        notKept.add(new TestImportContext.NotKept(sourceId, field, reason));
    }

    /** Everything reported as not carried, in order. */
    public List<TestImportContext.NotKept> notKept() {
        return List.copyOf(notKept);
    }
}
