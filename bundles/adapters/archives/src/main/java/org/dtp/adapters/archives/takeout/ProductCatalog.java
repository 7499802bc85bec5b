package org.dtp.adapters.archives.takeout;

import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ExportPage.Rejected;
import org.dtp.spi.TransferContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Takeout export holds of one product other than Photos, read once per job from its parts (the same every time,
 * so pages after a restart are the pages before it): its containers in archive order, each container's items, and
 * what of an item its model cannot carry. The first page (the root) gives the containers; a container's pages run
 * through its items (and the root's through those in no container), the continuation being the index of the next one.
 */
final class ProductCatalog<C extends ContainerModel, I extends ItemModel> {
    /** Something of an item its model has no place for, reported on the page that exports the item. */
    record NotKept(String field, String reason) {
    }

    /** The key of the root's items (those in no container). */
    private static final String ROOT = "";

    private final List<C> containers;
    private final Map<String, List<I>> items;
    private final Map<String, List<NotKept>> notKept;
    private final List<Rejected> rejected;

    private ProductCatalog(Builder<C, I> builder) {
        containers = List.copyOf(builder.containers.values());
        Map<String, List<I>> frozen = new HashMap<>();
        builder.items.forEach((container, list) -> frozen.put(container, List.copyOf(list)));
        items = Map.copyOf(frozen);
        Map<String, List<NotKept>> losses = new HashMap<>();
        builder.notKept.forEach((item, list) -> losses.put(item, List.copyOf(list)));
        notKept = Map.copyOf(losses);
        rejected = List.copyOf(builder.rejected);
    }

    /**
     * The page at {@code cursor}: a container's items from the continuation on (the index of the next one); the
     * root's first page also gives the containers and what could not be read.
     */
    ExportPage<C, I> page(TransferContext context, ExportCursor cursor, int pageSize) throws AdapterException {
        List<I> all = items.get(cursor.isRoot() ? ROOT : cursor.containerId());
        if (all == null) {
            throw new AdapterException("'" + cursor.containerId() + "' is not in this archive (any more)");
        }
        int from;
        try {
            from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
        } catch (NumberFormatException e) {
            throw new AdapterException("not a continuation of this exporter: '" + cursor.continuation() + "'");
        }
        int to = Math.min(all.size(), from + pageSize);
        List<I> page = all.subList(Math.min(from, to), to);
        for (I item : page) {
            for (NotKept lost : notKept.getOrDefault(item.id(), List.of())) {
                context.reportNotKept(item.id(), lost.field(), lost.reason());
            }
        }
        boolean first = cursor.isRoot() && cursor.continuation() == null;
        return new ExportPage<>(first ? containers : List.<C>of(), page, to < all.size() ? Integer.toString(to) : null,
                first ? rejected : List.of());
    }

    /** Collects a catalog while the archive is read; what a format's reader cannot carry is reported to it. */
    static final class Builder<C extends ContainerModel, I extends ItemModel> implements ReadLosses {
        private final Map<String, C> containers = new LinkedHashMap<>();
        private final Map<String, List<I>> items = new HashMap<>();
        private final Map<String, List<NotKept>> notKept = new HashMap<>();
        private final List<Rejected> rejected = new ArrayList<>();

        Builder() {
            items.put(ROOT, new ArrayList<>());
        }

        /** Adds a container (once per id: a later one of the same id is the same container). */
        void container(C container) {
            containers.putIfAbsent(container.id(), container);
            items.computeIfAbsent(container.id(), id -> new ArrayList<>());
        }

        /** Adds an item to a container added before, or to the root when {@code containerId} is null. */
        void item(String containerId, I item) {
            items.get(containerId == null ? ROOT : containerId).add(item);
        }

        /** How many items the container has so far. */
        int size(String containerId) {
            return items.get(containerId).size();
        }

        @Override
        public void notKept(String itemId, String field, String reason) {
            notKept.computeIfAbsent(itemId, id -> new ArrayList<>()).add(new NotKept(field, reason));
        }

        /** The list unreadable files and items go to. */
        List<Rejected> rejected() {
            return rejected;
        }

        ProductCatalog<C, I> build() {
            return new ProductCatalog<>(this);
        }
    }
}
