package org.dtp.models.contacts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a vCard said about the property behind one field of a {@link Contact} beyond its value, TYPE and PREF: its
 * group ({@code item1}, by which Apple ties an {@code X-ABLabel} to an EMAIL) and its other parameters (LANGUAGE,
 * ALTID, PID, SORT-AS, SERVICE-TYPE, X- parameters, ...), names in upper case, values as given. Kept so that a
 * writer of vCards puts them back; readers of other formats may ignore them.
 */
public record PropertyDetails(String group, Map<String, List<String>> params) {
    public PropertyDetails {
        group = group == null || group.isBlank() ? null : group;
        // Map.copyOf alone would leave the value lists mutable and lose the parameters' order.
        Map<String, List<String>> copy = new LinkedHashMap<>();
        if (params != null) {
            params.forEach((k, v) -> copy.put(k, v == null ? List.of() : List.copyOf(v)));
        }
        params = java.util.Collections.unmodifiableMap(copy);
    }

    /** True when there is nothing to keep: no group and no parameter. */
    public boolean isEmpty() {
        return group == null && params.isEmpty();
    }
}
