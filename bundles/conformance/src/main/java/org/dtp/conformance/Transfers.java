package org.dtp.conformance;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Whole transfers between two adapters without the engine, for tests that carry data through a service and back
 * (a folder → a bucket → a folder): what {@link #copy} sends is what the engine sends, and {@link #differences}
 * compares what two sides hold item by item.
 */
public final class Transfers {
    private Transfers() {
    }

    /**
     * Every container and item {@code exporter} gives for {@code from} into {@code to}, as the engine sends them:
     * each container under its parent's destination id, each item into its container's, keyed by their source ids.
     */
    public static <C extends ContainerModel, I extends ItemModel> void copy(Exporter<C, I> exporter, TransferEndpoint from,
            Importer<C, I> importer, TransferEndpoint to) throws Exception {
        TestTransferContext source = new TestTransferContext(UUID.randomUUID(), from);
        TestImportContext destination = new TestImportContext(UUID.randomUUID(), to, ref -> exporter.openMedia(source, ref));
        Map<String, String> created = new HashMap<>();
        for (ExportWalk.Step<C, I> step : ExportWalk.of(exporter, source).steps()) {
            String here = step.cursor().containerId() == null ? null : created.get(step.cursor().containerId());
            for (C container : step.page().containers()) {
                created.put(container.id(), importer.importContainer(destination, "container:" + container.id(), container, here));
            }
            for (I item : step.page().items()) {
                importer.importItem(destination, "item:" + item.id(), item, here);
            }
        }
    }

    /** Fills {@code to} with {@code data} through {@code importer} (its media read from {@code data}). */
    public static <C extends ContainerModel, I extends ItemModel> void seed(Importer<C, I> importer, TransferEndpoint to,
            SampleData<C, I> data) throws Exception {
        TestImportContext context = new TestImportContext(UUID.randomUUID(), to, data::open);
        for (SampleData.Box<C, I> box : data.boxes()) {
            String container = importer.importContainer(context, "container:" + box.container().id(), box.container(), null);
            for (I item : box.items()) {
                importer.importItem(context, "item:" + item.id(), item, container);
            }
        }
    }

    /**
     * What {@code actual} holds that differs from what {@code expected} holds, item by item (matched by
     * {@link SampleData#matchKey}), each item's container name and media bytes included; ids aside. Empty when both
     * hold the same.
     */
    public static <C extends ContainerModel, I extends ItemModel> List<String> differences(Exporter<C, I> expected,
            TransferEndpoint expectedSide, Exporter<C, I> actual, TransferEndpoint actualSide) throws Exception {
        TestTransferContext e = new TestTransferContext(UUID.randomUUID(), expectedSide);
        TestTransferContext a = new TestTransferContext(UUID.randomUUID(), actualSide);
        Map<String, Held<I>> want = held(expected, e);
        Map<String, Held<I>> got = held(actual, a);
        ModelComparison comparison = new ModelComparison(ref -> expected.openMedia(e, ref), ref -> actual.openMedia(a, ref), Map.of());
        List<String> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(want.keySet());
        keys.addAll(got.keySet());
        for (String key : keys) {
            Held<I> w = want.get(key);
            Held<I> g = got.get(key);
            if (w == null || g == null) {
                out.add(key + ": " + (w == null ? "not expected" : "missing"));
                continue;
            }
            if (!w.container().equals(g.container())) {
                out.add(key + ": in '" + g.container() + "', not '" + w.container() + "'");
            }
            comparison.compare(w.item(), g.item()).forEach(d -> out.add(key + ": " + d));
        }
        return out;
    }

    private record Held<I>(String container, I item) {
    }

    private static <C extends ContainerModel, I extends ItemModel> Map<String, Held<I>> held(Exporter<C, I> exporter,
            TestTransferContext context) throws Exception {
        ExportWalk<C, I> walk = ExportWalk.of(exporter, context);
        Map<String, String> names = new HashMap<>();
        walk.containers().forEach(c -> names.put(c.id(), c.name()));
        Map<String, Held<I>> held = new TreeMap<>();
        for (ExportWalk.Step<C, I> step : walk.steps()) {
            for (I item : step.page().items()) {
                held.put(SampleData.matchKey(item), new Held<>(names.get(step.cursor().containerId()), item));
            }
        }
        return held;
    }
}
