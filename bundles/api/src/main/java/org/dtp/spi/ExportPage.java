package org.dtp.spi;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;

import java.util.List;
import java.util.Objects;

/**
 * One page of an export: the sub-containers and items found at the cursor, the continuation for the next page of
 * the same container ({@code null} when the container is done) and (since 1.1) the source items of the page that
 * could not be read, each with why: the engine records those as item errors of the job, and the rest of the export
 * goes on. The engine visits every sub-container it is given; an exporter returns each sub-container once.
 */
public record ExportPage<C extends ContainerModel, I extends ItemModel>(
        List<C> containers, List<I> items, String continuation, List<Rejected> rejected) {

    /** A source item that could not be read (malformed at the source, say): its id there, and why. */
    public record Rejected(String sourceId, String reason) {
        public Rejected {
            Objects.requireNonNull(sourceId, "sourceId");
            Objects.requireNonNull(reason, "reason");
        }
    }

    public ExportPage {
        containers = containers == null ? List.of() : List.copyOf(containers);
        items = items == null ? List.of() : List.copyOf(items);
        rejected = rejected == null ? List.of() : List.copyOf(rejected);
    }

    /** A page where every item could be read (the 1.0 constructor). */
    public ExportPage(List<C> containers, List<I> items, String continuation) {
        this(containers, items, continuation, List.of());
    }

    /** This page with {@code rejected} as its unreadable items. */
    public ExportPage<C, I> withRejected(List<Rejected> unreadable) {
        return new ExportPage<>(containers, items, continuation, unreadable);
    }

    public boolean isLast() {
        return continuation == null;
    }
}
