package org.dtp.adapters.localfs;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferContext;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** The engine's copy loop in small, for any vertical: walks containers and pages, imports with the engine's keys. */
public final class Transfers {
    private Transfers() {
    }

    /** Every container and item an export gives, and how many pages it took. */
    public record Export<C extends ContainerModel, I extends ItemModel>(List<C> containers, List<I> items, int pages,
                                                                 List<ExportPage.Rejected> rejected) {
    }

    public static <C extends ContainerModel, I extends ItemModel> Export<C, I> exportAll(Exporter<C, I> exporter, TransferContext context)
            throws Exception {
        List<C> containers = new ArrayList<>();
        List<I> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        int pages = 0;
        Deque<String> queue = new ArrayDeque<>();
        queue.add("");
        while (!queue.isEmpty()) {
            String container = queue.poll();
            String continuation = null;
            do {
                ExportPage<C, I> page = exporter.export(context, new ExportCursor(container.isEmpty() ? null : container, continuation));
                pages++;
                for (C c : page.containers()) {
                    containers.add(c);
                    queue.add(c.id());
                }
                items.addAll(page.items());
                rejected.addAll(page.rejected());
                continuation = page.continuation();
            } while (continuation != null);
        }
        return new Export<>(containers, items, pages, rejected);
    }

    /** Copies everything the exporter gives into the importer, keys "c:" + container id and "i:" + item id. */
    public static <C extends ContainerModel, I extends ItemModel> void copy(Exporter<C, I> exporter, TransferContext source,
                                                                   Importer<C, I> importer, ImportContext destination)
            throws Exception {
        Deque<String[]> queue = new ArrayDeque<>();
        queue.add(new String[]{null, null});
        while (!queue.isEmpty()) {
            String[] pair = queue.poll();
            String continuation = null;
            do {
                ExportPage<C, I> page = exporter.export(source, new ExportCursor(pair[0], continuation));
                for (C c : page.containers()) {
                    queue.add(new String[]{c.id(), importer.importContainer(destination, "c:" + c.id(), c, pair[1])});
                }
                for (I item : page.items()) {
                    importer.importItem(destination, "i:" + item.id(), item, pair[1]);
                }
                continuation = page.continuation();
            } while (continuation != null);
        }
    }
}
