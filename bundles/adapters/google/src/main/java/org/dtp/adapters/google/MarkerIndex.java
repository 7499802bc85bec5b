package org.dtp.adapters.google;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What an importer knows a container to hold: the id of each thing it created there (a media item in an album, a
 * contact among the user's connections, a task in a list), by the 64 bits of its {@link DescriptionMarkers marker}. Read once
 * from Google, then kept up to date by the importer's own creations, so that looking for an earlier copy costs no
 * request. Used through {@link MarkerIndexes}, which synchronizes on the index.
 */
public sealed class MarkerIndex permits TaskListIndex {
    private final Map<Long, String> items = new HashMap<>();
    private boolean read;

    boolean isRead() {
        return read;
    }

    void markRead() {
        read = true;
    }

    public void add(long fingerprint, String id) {
        items.put(fingerprint, id);
    }

    /** An item as read from Google, with the text its marker may be in (none: not the importer's). */
    public void addMarked(String textWithMarker, String id) {
        long fingerprint = DescriptionMarkers.fingerprintIn(textWithMarker);
        if (fingerprint != 0) {
            add(fingerprint, id);
        }
    }

    public Optional<String> find(long fingerprint) {
        return Optional.ofNullable(items.get(fingerprint));
    }
}
