package org.dtp.spi;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;

import java.util.List;

/**
 * One page of an export: the sub-containers and items found at the cursor, and the continuation
 * for the next page of the same container ({@code null} when the container is done). The engine
 * visits every sub-container it is given; an exporter returns each sub-container once.
 */
public record ExportPage<C extends ContainerModel, I extends ItemModel>(
        List<C> containers, List<I> items, String continuation) {

    public ExportPage {
        containers = containers == null ? List.of() : List.copyOf(containers);
        items = items == null ? List.of() : List.copyOf(items);
    }

    public boolean isLast() {
        return continuation == null;
    }
}
