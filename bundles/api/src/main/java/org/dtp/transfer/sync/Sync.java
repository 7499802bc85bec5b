package org.dtp.transfer.sync;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.time.Instant;
import java.util.UUID;

/**
 * A sync as stored. Its endpoints' secret settings are masked ({@link org.dtp.transfer.SecretSettings}). The last
 * run is its newest transfer ({@code lastRunId}, null before the first); {@code nextRunAt} is when its schedule
 * starts the next one (null while it is paused). {@code note} says why a scheduled run did not start, when the last
 * one did not (its previous run had not ended, an adapter was missing), else null.
 */
public record Sync(
        UUID id,
        String owner,
        Vertical vertical,
        TransferEndpoint source,
        TransferEndpoint destination,
        Schedule schedule,
        SyncState state,
        Instant createdAt,
        UUID lastRunId,
        Instant lastRunAt,
        Instant nextRunAt,
        String note) {

    /** Whether {@code user} owns this sync. */
    public boolean ownedBy(String user) {
        return owner.equals(user);
    }
}
