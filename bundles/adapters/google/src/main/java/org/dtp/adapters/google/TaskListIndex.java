package org.dtp.adapters.google;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the importer knows a Google task list to hold: the id of each task it created there, by the 64 bits of its
 * marker, and the last task under each parent (so a new task goes after it, in the source's order). Read once from
 * Google, then kept up to date by the importer's own inserts. Callers synchronize on the index.
 */
final class TaskListIndex {
    private static final String TOP = "";
    private final Map<Long, String> tasks = new HashMap<>();
    /** Per parent id (TOP for the top level): the last child's id and position. */
    private final Map<String, String[]> lastChild = new HashMap<>();
    private boolean read;

    boolean isRead() {
        return read;
    }

    void markRead() {
        read = true;
    }

    /** A task of the list as read from Google: its marker's bits (0: none), id, parent (or null) and position. */
    void add(long fingerprint, String id, String parent, String position) {
        if (fingerprint != 0) {
            tasks.put(fingerprint, id);
        }
        String[] last = lastChild.get(parent == null ? TOP : parent);
        if (last == null || position.compareTo(last[1]) > 0) {
            lastChild.put(parent == null ? TOP : parent, new String[]{id, position});
        }
    }

    /** A task this importer just created last under {@code parent}. */
    void created(long fingerprint, String id, String parent) {
        tasks.put(fingerprint, id);
        lastChild.put(parent == null ? TOP : parent, new String[]{id, "\uffff"});
    }

    Optional<String> find(long fingerprint) {
        return Optional.ofNullable(tasks.get(fingerprint));
    }

    /** The id of the last task under {@code parent} (null: top level); null when it has none. */
    String lastChildOf(String parent) {
        String[] last = lastChild.get(parent == null ? TOP : parent);
        return last == null ? null : last[0];
    }
}
