package org.dtp.conformance;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an account at a service holds, read back for the kit's checks: its containers, the items of each (items at
 * the root under {@code null}), and a way to open the bytes behind their media references. The default read-back
 * walks the adapter's own exporter ({@link ExportWalk}); an import-only adapter reads its (fake) service directly.
 */
public final class Holdings<C extends ContainerModel, I extends ItemModel> {
    /** Opens the bytes behind a media reference of a held item. */
    @FunctionalInterface
    public interface Media {
        InputStream open(MediaRef ref) throws IOException, AdapterException;
    }

    private final List<C> containers;
    private final Map<String, List<I>> items;
    private final Media media;

    /** @param items per container id ({@code null} for the root), in the order the service gives them */
    public Holdings(List<C> containers, Map<String, List<I>> items, Media media) {
        this.containers = List.copyOf(containers);
        Map<String, List<I>> copy = new LinkedHashMap<>();
        items.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        this.items = copy;
        this.media = Objects.requireNonNull(media, "media");
    }

    public List<C> containers() {
        return containers;
    }

    /** The items in the container of this id ({@code null}: at the root). */
    public List<I> items(String containerId) {
        return items.getOrDefault(containerId, List.of());
    }

    public List<I> allItems() {
        List<I> all = new ArrayList<>();
        items.values().forEach(all::addAll);
        return all;
    }

    /** The held container of this name; several of one name fail the calling check (an import created it twice). */
    public List<C> containersNamed(String name) {
        return containers.stream().filter(c -> name.equals(c.name())).toList();
    }

    public InputStream open(MediaRef ref) throws IOException, AdapterException {
        return media.open(ref);
    }
}
