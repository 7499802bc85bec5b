package org.dtp.transfer.sync;

import org.dtp.transfer.TransferRequest;

import java.util.Objects;

/** What to sync: the transfer each run makes (its owner is the sync's), and when it runs. */
public record SyncRequest(TransferRequest transfer, Schedule schedule) {
    public SyncRequest {
        Objects.requireNonNull(transfer, "transfer");
        Objects.requireNonNull(schedule, "schedule");
    }
}
