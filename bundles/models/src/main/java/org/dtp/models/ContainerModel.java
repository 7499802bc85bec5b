package org.dtp.models;

/**
 * Something that holds items: an album, an address book, a calendar, a task list, a mail folder,
 * a playlist. Containers may hold sub-containers (a folder in a folder).
 */
public interface ContainerModel extends DataModel {
    /** The id of this container at its source; stable across pages and restarts. */
    String id();

    /** A name a person recognises. */
    String name();
}
