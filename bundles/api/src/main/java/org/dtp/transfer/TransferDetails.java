package org.dtp.transfer;

import java.util.List;

/**
 * A job with its progress per container, its latest errors, its history of states, its fidelity report
 * (since 1.2) and the part of the source it copies (since 1.9).
 */
public record TransferDetails(
        TransferJob job,
        List<ContainerProgress> containers,
        List<ItemError> errors,
        List<StateChange> history,
        FidelityReport fidelity,
        Selection selection) {

    public TransferDetails {
        containers = List.copyOf(containers);
        errors = List.copyOf(errors);
        history = List.copyOf(history);
        fidelity = fidelity == null ? FidelityReport.EMPTY : fidelity;
        selection = selection == null ? Selection.ALL : selection;
    }

    /** Details of a job that copies everything (the 1.2 constructor). */
    public TransferDetails(TransferJob job, List<ContainerProgress> containers, List<ItemError> errors,
                           List<StateChange> history, FidelityReport fidelity) {
        this(job, containers, errors, history, fidelity, Selection.ALL);
    }

    /** Details of a job whose destination kept every field (the 1.1 constructor). */
    public TransferDetails(TransferJob job, List<ContainerProgress> containers, List<ItemError> errors,
                           List<StateChange> history) {
        this(job, containers, errors, history, FidelityReport.EMPTY);
    }
}
