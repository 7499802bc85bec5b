package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.util.Objects;

/**
 * What to move: one vertical from a source to a destination, for a user. The {@code owner} (since 1.3) is the
 * user the transfer belongs to: only they (and operators) see or control it.
 */
public record TransferRequest(Vertical vertical, TransferEndpoint source, TransferEndpoint destination, String owner) {
    /** The owner of transfers an operator starts for themself, e.g. from the shell. */
    public static final String OPERATOR = "operator";

    public TransferRequest {
        Objects.requireNonNull(vertical, "vertical");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("a transfer needs an owner");
        }
    }

    /** A transfer owned by {@link #OPERATOR} (the 1.2 constructor). */
    public TransferRequest(Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
        this(vertical, source, destination, OPERATOR);
    }
}
