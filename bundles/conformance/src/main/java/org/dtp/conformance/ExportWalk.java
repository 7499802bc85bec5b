package org.dtp.conformance;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferContext;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Walks an exporter from the root to the end the way the engine does: every sub-container it is given is visited,
 * each container page after page until its continuation is null. Every page is kept with the cursor that gave it;
 * a continuation that comes back in the same container (the walk would never end) fails at once.
 */
public final class ExportWalk<C extends ContainerModel, I extends ItemModel> {
    /** A page and the cursor it was asked for with. */
    public record Step<C extends ContainerModel, I extends ItemModel>(ExportCursor cursor, ExportPage<C, I> page) {
    }

    /** More pages than this is taken for a walk that does not end. */
    static final int MAX_PAGES = 10_000;

    private final List<Step<C, I>> steps = new ArrayList<>();
    private final List<C> containers = new ArrayList<>();
    private final Map<String, List<I>> items = new LinkedHashMap<>();

    private ExportWalk() {
    }

    public static <C extends ContainerModel, I extends ItemModel> ExportWalk<C, I> of(Exporter<C, I> exporter, TransferContext context)
            throws AdapterException {
        ExportWalk<C, I> walk = new ExportWalk<>();
        Deque<String> pending = new ArrayDeque<>();
        pending.add("");
        Set<String> visited = new HashSet<>();
        while (!pending.isEmpty()) {
            String container = pending.poll();
            assertTrue("the exporter gave the container '" + container + "' twice", visited.add(container));
            String id = container.isEmpty() ? null : container;
            Set<String> continuations = new HashSet<>();
            String continuation = null;
            do {
                ExportCursor cursor = new ExportCursor(id, continuation);
                ExportPage<C, I> page = exporter.export(context, cursor);
                walk.steps.add(new Step<>(cursor, page));
                if (walk.steps.size() > MAX_PAGES) {
                    fail("the export did not end after " + MAX_PAGES + " pages");
                }
                for (C sub : page.containers()) {
                    walk.containers.add(sub);
                    pending.add(sub.id());
                }
                walk.items.computeIfAbsent(id, k -> new ArrayList<>()).addAll(page.items());
                continuation = page.continuation();
                assertFalse("the exporter gave the continuation '" + continuation + "' twice in container '" + container
                        + "': a page would repeat", continuation != null && !continuations.add(continuation));
            } while (continuation != null);
        }
        return walk;
    }

    public List<Step<C, I>> steps() {
        return steps;
    }

    public List<C> containers() {
        return containers;
    }

    /** Items per container id ({@code null}: the root). */
    public Map<String, List<I>> items() {
        return items;
    }

    public List<I> allItems() {
        List<I> all = new ArrayList<>();
        items.values().forEach(all::addAll);
        return all;
    }

    /** Every item the source could not read, of every page. */
    public List<ExportPage.Rejected> rejected() {
        List<ExportPage.Rejected> all = new ArrayList<>();
        steps.forEach(s -> all.addAll(s.page().rejected()));
        return all;
    }
}
