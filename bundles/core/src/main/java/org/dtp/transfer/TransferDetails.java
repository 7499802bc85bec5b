package org.dtp.transfer;

import java.util.List;

/** A job with its progress per container, its latest errors and its history of states. */
public record TransferDetails(
        TransferJob job,
        List<ContainerProgress> containers,
        List<ItemError> errors,
        List<StateChange> history) {

    public TransferDetails {
        containers = List.copyOf(containers);
        errors = List.copyOf(errors);
        history = List.copyOf(history);
    }
}
