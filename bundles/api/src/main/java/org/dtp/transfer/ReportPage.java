package org.dtp.transfer;

import java.util.List;

/**
 * A page of a transfer's item errors or fidelity entries: {@code total} in all (of the side asked, for fidelity),
 * the {@code entries} from {@code offset}, at most {@code limit} of them. Since 1.8.
 */
public record ReportPage<T>(long total, int offset, int limit, List<T> entries) {
    public ReportPage {
        if (offset < 0 || limit < 1) {
            throw new IllegalArgumentException("offset must be at least 0 and limit at least 1, were " + offset + ", " + limit);
        }
        entries = List.copyOf(entries);
    }
}
