package org.dtp.core.engine;

import org.dtp.core.store.JobStore;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The context adapters get; on the import side it streams media from the exporter, counts and digests the bytes
 * and collects what the importer could not keep, per attempt.
 */
final class AdapterContext implements ImportContext {
    private final UUID jobId;
    final boolean operator;
    private final JobEndpoints.Side side;
    private final JobScratch scratch;
    @SuppressWarnings("rawtypes")
    private final Exporter exporter;
    private final TransferContext sourceContext;
    /** The run's change feeds on the source side of a run that remembers; null otherwise. */
    private final ChangeFeeds feeds;
    final AtomicLong bytes = new AtomicLong();
    /** The SHA-256 of the media bytes read in this attempt; null until media are opened. */
    private MessageDigest media;
    /** Null until something is reported: most items keep every field, and a context is made per item. */
    private List<JobStore.NotKept> notKept;

    @SuppressWarnings("rawtypes")
    AdapterContext(UUID jobId, boolean operator, JobEndpoints.Side side, JobScratch scratch, Exporter exporter,
                   TransferContext sourceContext) {
        this(jobId, operator, side, scratch, exporter, sourceContext, null);
    }

    /** A source side's context of a run that remembers, whose exporter reads and records change tokens in {@code feeds}. */
    AdapterContext(UUID jobId, boolean operator, JobEndpoints.Side side, JobScratch scratch, ChangeFeeds feeds) {
        this(jobId, operator, side, scratch, null, null, feeds);
    }

    @SuppressWarnings("rawtypes")
    private AdapterContext(UUID jobId, boolean operator, JobEndpoints.Side side, JobScratch scratch, Exporter exporter,
                           TransferContext sourceContext, ChangeFeeds feeds) {
        this.feeds = feeds;
        this.scratch = scratch;
        this.jobId = jobId;
        this.operator = operator;
        this.side = side;
        this.exporter = exporter;
        this.sourceContext = sourceContext;
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
        return side.endpoint;
    }

    @Override
    public boolean operatorTransfer() {
        return operator;
    }

    @Override
    public java.util.Optional<java.nio.file.Path> upload(String id) {
        return side.upload(id);
    }

    @Override
    public void updateSettings(Map<String, String> changes) throws AdapterException {
        side.update(jobId, changes);
    }

    @Override
    public Optional<String> changeToken(String feed) {
        return feeds == null ? Optional.empty() : feeds.token(feed);
    }

    @Override
    public void recordChangeToken(String feed, String token) throws AdapterException {
        if (feeds != null) {
            feeds.record(feed, token);
        }
    }

    @Override
    public InputStream openMedia(MediaRef ref) throws IOException, AdapterException {
        if (exporter == null) {
            throw new IllegalStateException("media can only be opened on the import side");
        }
        return new CountingStream(exporter.openMedia(sourceContext, ref), bytes, mediaDigest());
    }

    @Override
    public synchronized void reportNotKept(String sourceId, String field, String reason) {
        if (notKept == null) {
            notKept = new ArrayList<>();
        }
        notKept.add(new JobStore.NotKept(sourceId, field, reason));
    }

    private synchronized MessageDigest mediaDigest() {
        if (media == null) {
            try {
                media = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform has SHA-256", e);
            }
        }
        return media;
    }

    /** The SHA-256 in lower-case hex of the media bytes the importer read in this attempt; null when it read none. */
    synchronized String mediaSha256() {
        if (media == null) {
            return null;
        }
        synchronized (media) {
            return HexFormat.of().formatHex(media.digest());
        }
    }

    /** Forgets what a failed attempt counted, digested and reported. */
    synchronized void startAttempt() {
        bytes.set(0);
        media = null;
        notKept = null;
    }

    synchronized List<JobStore.NotKept> notKept() {
        return notKept == null ? List.of() : List.copyOf(notKept);
    }
}
