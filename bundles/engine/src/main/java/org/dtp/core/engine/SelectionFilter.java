package org.dtp.core.engine;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.transfer.Selection;

import java.util.ArrayList;
import java.util.List;

/**
 * A job's {@link Selection} as the copy loop applies it: the scope of each container a page holds (copied, looked
 * into, or neither imported nor exported) and whether an item of the page in work is copied. The selection matches
 * containers by their path, which the checkpoint keeps with each pending container, only while the selection names
 * containers.
 */
final class SelectionFilter {
    private final Selection selection;
    private final boolean namesContainers;

    SelectionFilter(Selection selection) {
        this.selection = selection;
        this.namesContainers = !selection.containers().isEmpty() || !selection.excludeContainers().isEmpty();
    }

    /** The path of {@code container}, found in {@code parent}'s page; null when the selection names no container. */
    List<String> pathOf(Checkpoint.Pending parent, ContainerModel container) {
        if (!namesContainers) {
            return null;
        }
        List<String> path = new ArrayList<>(parent.path() == null ? List.of() : parent.path());
        path.add(container.name());
        return path;
    }

    /** What the job does with a pending container: the root's path is empty. */
    Selection.Scope scopeOf(Checkpoint.Pending pending) {
        return scopeOf(pending.path());
    }

    Selection.Scope scopeOf(List<String> path) {
        return selection.scopeOf(path == null ? List.of() : path);
    }

    /** Whether {@code item}, of a container of scope {@code scope}, is copied. */
    boolean copies(Selection.Scope scope, ItemModel item) {
        return scope == Selection.Scope.COPY && selection.selects(item);
    }
}
