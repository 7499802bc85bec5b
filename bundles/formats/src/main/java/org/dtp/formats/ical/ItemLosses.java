package org.dtp.formats.ical;

import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.models.ExtendedProperty;

import java.util.List;
import java.util.Map;

/** What the reader could not carry of one item, said to the caller's {@link ReadLosses} with the item's id. */
final class ItemLosses {
    /** Values longer than this are cut in a reason: the reason names the property, it does not carry it. */
    private static final int VALUE_SHOWN = 60;

    private final ReadLosses losses;
    private final String itemId;

    ItemLosses(ReadLosses losses, String itemId) {
        this.losses = losses;
        this.itemId = itemId;
    }

    void notKept(String field, String reason) {
        losses.notKept(itemId, field, reason);
    }

    /** A property as a content line would show it ({@code NAME;P=v:value}), its value cut when long. */
    static String line(ExtendedProperty p) {
        StringBuilder s = new StringBuilder(p.name());
        for (Map.Entry<String, List<String>> e : p.params().entrySet()) {
            s.append(';').append(e.getKey()).append('=').append(String.join(",", e.getValue()));
        }
        return s.append(':').append(cut(p.value())).toString();
    }

    /** {@code value}, cut when long. */
    static String cut(String value) {
        return value.length() > VALUE_SHOWN ? value.substring(0, VALUE_SHOWN) + "…" : value;
    }
}
