package org.dtp.adapters.google;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the importer knows an album to hold: the media item id of each item it created there, by the 64 bits of its
 * marker. Read once from Google (an in-album search), then kept up to date by the importer's own uploads, so that
 * looking for an earlier copy costs no request. Callers synchronize on the index.
 */
final class AlbumIndex {
    private final Map<Long, String> items = new HashMap<>();
    private boolean read;

    boolean isRead() {
        return read;
    }

    void markRead() {
        read = true;
    }

    void add(long fingerprint, String mediaItemId) {
        items.put(fingerprint, mediaItemId);
    }

    Optional<String> find(long fingerprint) {
        return Optional.ofNullable(items.get(fingerprint));
    }
}
