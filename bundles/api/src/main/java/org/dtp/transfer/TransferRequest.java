package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;

import java.util.Objects;

/**
 * What to move: one vertical from a source to a destination, for a user. The {@code owner} (since 1.3) is the
 * user the transfer belongs to: only they (and operators) see or control it. The {@code selection} (since 1.9;
 * null: {@link Selection#ALL}) is the part of the source to copy.
 */
public record TransferRequest(Vertical vertical, TransferEndpoint source, TransferEndpoint destination, String owner,
                              Selection selection) {
    /** The owner of transfers an operator starts for themself, e.g. from the shell. */
    public static final String OPERATOR = "operator";

    /**
     * @throws IllegalArgumentException when there is no owner, or the selection has a date range and the vertical's
     *                                  items have no date to select them by
     */
    public TransferRequest {
        Objects.requireNonNull(vertical, "vertical");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("a transfer needs an owner");
        }
        selection = selection == null ? Selection.ALL : selection;
        selection.checkFor(vertical);
    }

    /** A transfer of everything the source holds (the 1.3 constructor). */
    public TransferRequest(Vertical vertical, TransferEndpoint source, TransferEndpoint destination, String owner) {
        this(vertical, source, destination, owner, Selection.ALL);
    }

    /** A transfer owned by {@link #OPERATOR} (the 1.2 constructor). */
    public TransferRequest(Vertical vertical, TransferEndpoint source, TransferEndpoint destination) {
        this(vertical, source, destination, OPERATOR);
    }
}
