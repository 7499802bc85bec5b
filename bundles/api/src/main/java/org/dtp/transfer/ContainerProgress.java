package org.dtp.transfer;

/**
 * Progress within one source container (album, folder, calendar...): {@code items} written to the destination
 * (copied or, since 1.9, {@code updated} in place), their {@code bytes}, {@code errors}, and (since 1.9) the items
 * {@code unchanged} since an earlier transfer copied them, which were not copied again, and the items
 * {@code notSelected}: those the transfer's selection left out.
 */
public record ContainerProgress(String containerId, String name, long items, long bytes, long errors, long updated,
                                long unchanged, long notSelected) {

    /** Progress of a container whose items were all copied (the 1.0 constructor). */
    public ContainerProgress(String containerId, String name, long items, long bytes, long errors) {
        this(containerId, name, items, bytes, errors, 0, 0, 0);
    }
}
