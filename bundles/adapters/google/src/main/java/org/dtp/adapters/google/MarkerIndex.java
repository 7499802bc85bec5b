package org.dtp.adapters.google;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What an importer knows a container to hold: the id of each thing it created there (a media item in an album, a
 * contact among the user's connections), by the 64 bits of its {@link Markers marker}. Read once from Google, then
 * kept up to date by the importer's own creations, so that looking for an earlier copy costs no request. Callers
 * synchronize on the index.
 */
final class MarkerIndex {
    private final Map<Long, String> items = new HashMap<>();
    private boolean read;

    boolean isRead() {
        return read;
    }

    void markRead() {
        read = true;
    }

    void add(long fingerprint, String id) {
        items.put(fingerprint, id);
    }

    Optional<String> find(long fingerprint) {
        return Optional.ofNullable(items.get(fingerprint));
    }
}
