package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.time.Instant;
import java.util.UUID;

/**
 * A transfer and its progress as persisted. {@code exporterVersion} and {@code importerVersion} name
 * the adapter bundles (symbolic name and version) that served it most recently. Since 1.3 it names its
 * {@code owner}, and {@code startsAt}: when a queued transfer may start (the end of its grace period,
 * during which its owner can still cancel it), or null when it could start at once. Since 1.9 it names the sync it is
 * a run of ({@code syncId}), or null.
 */
public record TransferJob(
        UUID id,
        Vertical vertical,
        TransferEndpoint source,
        TransferEndpoint destination,
        JobState state,
        String stateReason,
        Instant createdAt,
        Instant updatedAt,
        long items,
        long bytes,
        long errors,
        String exporterVersion,
        String importerVersion,
        String owner,
        Instant startsAt,
        UUID syncId) {

    /** A transfer that is not a run of a sync (the 1.8 constructor). */
    public TransferJob(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                       JobState state, String stateReason, Instant createdAt, Instant updatedAt, long items,
                       long bytes, long errors, String exporterVersion, String importerVersion, String owner,
                       Instant startsAt) {
        this(id, vertical, source, destination, state, stateReason, createdAt, updatedAt, items, bytes, errors,
                exporterVersion, importerVersion, owner, startsAt, null);
    }

    /** A job of {@link TransferRequest#OPERATOR} that could start at once (the 1.2 constructor). */
    public TransferJob(UUID id, Vertical vertical, TransferEndpoint source, TransferEndpoint destination,
                       JobState state, String stateReason, Instant createdAt, Instant updatedAt, long items,
                       long bytes, long errors, String exporterVersion, String importerVersion) {
        this(id, vertical, source, destination, state, stateReason, createdAt, updatedAt, items, bytes, errors,
                exporterVersion, importerVersion, TransferRequest.OPERATOR, null);
    }

    /** Whether {@code user} owns this transfer. */
    public boolean ownedBy(String user) {
        return owner.equals(user);
    }
}
