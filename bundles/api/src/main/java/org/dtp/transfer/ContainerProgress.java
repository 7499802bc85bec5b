package org.dtp.transfer;

/**
 * Progress within one source container (album, folder, calendar...); {@code notSelected} (since 1.9): its items
 * that the transfer's date range left out.
 */
public record ContainerProgress(String containerId, String name, long items, long bytes, long errors, long notSelected) {

    /** Progress of a transfer that left no item out (the 1.0 constructor). */
    public ContainerProgress(String containerId, String name, long items, long bytes, long errors) {
        this(containerId, name, items, bytes, errors, 0);
    }
}
