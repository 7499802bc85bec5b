package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportPage;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The export pages the Outlook and To Do exporters make of what Graph lists: a page of containers (calendars, task
 * lists, mail folders), and a page of items where one item that cannot be read is rejected with why and the others
 * are kept.
 */
public final class ExportPages {
    /** Reads one listed item into the page's items (a series master adds its changed occurrences too). */
    @FunctionalInterface
    public interface Reader<I> {
        void read(JsonNode node, List<I> items) throws AdapterException;
    }

    private ExportPages() {
    }

    /** A page of the containers {@code container} makes of {@code page}'s values (null: the value is left out). */
    public static <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> containers(GraphApi.Page page,
                                                                                       Function<JsonNode, C> container) {
        List<C> containers = new ArrayList<>();
        for (JsonNode node : page.values()) {
            C made = container.apply(node);
            if (made != null) {
                containers.add(made);
            }
        }
        return new ExportPage<>(containers, List.of(), page.nextLink());
    }

    /**
     * A page of {@code containers} and the items {@code reader} reads from {@code nodes}; a node it cannot read (it
     * throws {@link IllegalArgumentException} or {@link NullPointerException}) is rejected as "the {@code what}
     * cannot be read".
     */
    public static <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> items(List<C> containers, List<JsonNode> nodes,
                                                                                  String continuation, String what,
                                                                                  Reader<I> reader) throws AdapterException {
        List<I> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode node : nodes) {
            try {
                reader.read(node, items);
            } catch (IllegalArgumentException | NullPointerException e) {
                rejected.add(new ExportPage.Rejected(node.path("id").asText("(no id)"), "the " + what + " cannot be read: " + e.getMessage()));
            }
        }
        return new ExportPage<>(containers, items, continuation, rejected);
    }
}
