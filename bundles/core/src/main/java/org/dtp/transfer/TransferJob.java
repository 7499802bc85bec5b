package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.time.Instant;
import java.util.UUID;

/**
 * A transfer and its progress as persisted. {@code exporterVersion} and {@code importerVersion} name
 * the adapter bundles (symbolic name and version) that served it most recently.
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
        String importerVersion) {
}
