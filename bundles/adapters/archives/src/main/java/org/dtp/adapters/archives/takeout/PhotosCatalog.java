package org.dtp.adapters.archives.takeout;

import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportPage.Rejected;

import java.util.List;
import java.util.Map;

/**
 * What a Takeout export holds of Google Photos, resolved once per job from its parts' entries: the albums, and per
 * album (and the root, for photos only in year folders) its items in archive order, each with what the media model
 * cannot carry of it. It holds metadata only, a few hundred bytes an item, never media bytes.
 */
record PhotosCatalog(List<PhotoAlbum> albums, Map<String, List<Item>> itemsByContainer, List<Rejected> rejected) {
    /** The key of the root container's items. */
    static final String ROOT = "";

    /** Something of an item the media model has no place for, reported once per page it is exported in. */
    record NotKept(String field, String reason) {
    }

    /** An item with where it lies (the order pages run in) and what of it is not kept. */
    record Item(Position position, MediaItem item, List<NotKept> notKept) {
    }

    PhotosCatalog {
        albums = List.copyOf(albums);
        itemsByContainer = Map.copyOf(itemsByContainer);
        rejected = List.copyOf(rejected);
    }

    boolean hasContainer(String containerId) {
        return itemsByContainer.containsKey(containerId == null ? ROOT : containerId);
    }

    /** Up to {@code limit} items of a container after {@code after} (from its first when null), in archive order. */
    List<Item> page(String containerId, Position after, int limit) {
        List<Item> items = itemsByContainer.getOrDefault(containerId == null ? ROOT : containerId, List.of());
        int from = 0;
        if (after != null) {
            // The first item after {@code after}: items are in position order.
            int low = 0;
            int high = items.size();
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (items.get(middle).position().compareTo(after) <= 0) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            from = low;
        }
        return items.subList(Math.min(from, items.size()), Math.min(from + limit, items.size()));
    }
}
