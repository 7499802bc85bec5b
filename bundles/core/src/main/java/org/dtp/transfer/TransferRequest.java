package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.util.Objects;

/** What to move: one vertical from a source to a destination. */
public record TransferRequest(Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
    public TransferRequest {
        Objects.requireNonNull(vertical, "vertical");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
    }
}
