package org.dtp.transfer;

import java.util.List;

/**
 * What was not carried whole, on either side (see {@link FieldNotKept.Side}): {@code total} fields in all, the first {@code entries} of them
 * (at most {@link #MAX_LISTED}) by item.
 */
public record FidelityReport(long total, List<FieldNotKept> entries) {
    public static final int MAX_LISTED = 1000;
    public static final FidelityReport EMPTY = new FidelityReport(0, List.of());

    public FidelityReport {
        entries = List.copyOf(entries);
    }

    /** True when every field of every item copied was kept. */
    public boolean complete() {
        return total == 0;
    }
}
