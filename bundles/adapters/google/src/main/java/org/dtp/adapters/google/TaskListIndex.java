package org.dtp.adapters.google;

import java.util.HashMap;
import java.util.Map;

/**
 * What the importer knows a Google task list to hold: a {@link MarkerIndex} of the tasks it created there, and the
 * last task under each parent (so a new task goes after it, in the source's order).
 */
public final class TaskListIndex extends MarkerIndex {
    private static final String TOP = "";
    /** Per parent id (TOP for the top level): the last child's id and position. */
    private final Map<String, String[]> lastChild = new HashMap<>();

    /** A task of the list as read from Google: its notes (with the marker, if any), id, parent (or null) and position. */
    public void add(String notes, String id, String parent, String position) {
        addMarked(notes, id);
        String[] last = lastChild.get(parent == null ? TOP : parent);
        if (last == null || position.compareTo(last[1]) > 0) {
            lastChild.put(parent == null ? TOP : parent, new String[]{id, position});
        }
    }

    /** A task this importer just created last under {@code parent}. */
    public void created(long fingerprint, String id, String parent) {
        add(fingerprint, id);
        lastChild.put(parent == null ? TOP : parent, new String[]{id, "\uffff"});
    }

    /** The id of the last task under {@code parent} (null: top level); null when it has none. */
    public String lastChildOf(String parent) {
        String[] last = lastChild.get(parent == null ? TOP : parent);
        return last == null ? null : last[0];
    }
}
