package org.dtp.transfer;

import java.util.List;

/**
 * What was not carried whole, on either side (see {@link FieldNotKept.Side}): {@code total} fields in all, the first {@code entries} of them
 * (at most {@link #MAX_LISTED}) by item, and (since 1.8) the fields not kept most often, at most {@link #MOST_OFTEN} of
 * them, the most frequent first. Every entry can be had a page at a time from {@link TransferService#fidelity}.
 */
public record FidelityReport(long total, List<FieldNotKept> entries, List<FieldCount> mostOften) {
    public static final int MAX_LISTED = 1000;
    /** How many of the fields not kept most often a report names. */
    public static final int MOST_OFTEN = 10;
    public static final FidelityReport EMPTY = new FidelityReport(0, List.of(), List.of());

    public FidelityReport {
        entries = List.copyOf(entries);
        mostOften = mostOften == null ? List.of() : List.copyOf(mostOften);
    }

    /** A report without its most frequent fields (the 1.2 constructor). */
    public FidelityReport(long total, List<FieldNotKept> entries) {
        this(total, entries, List.of());
    }

    /** True when every field of every item copied was kept. */
    public boolean complete() {
        return total == 0;
    }
}
