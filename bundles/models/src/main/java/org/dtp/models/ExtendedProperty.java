package org.dtp.models;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A property the canonical model has no field for (an {@code X-} property, a newer standard
 * property, a provider's own field), kept as it came so that a transfer loses nothing. Names and
 * values are as in vCard / iCalendar: {@code params} maps a parameter name to its values.
 */
public record ExtendedProperty(String name, Map<String, List<String>> params, String value) {
    public ExtendedProperty {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an extended property needs a name");
        }
        Objects.requireNonNull(value, "value");
        // In the order given (Map.copyOf's order changes from one JVM to the next, and so would the parameters' order
        // in what a writer puts out), value lists copied too.
        Map<String, List<String>> copy = new LinkedHashMap<>();
        if (params != null) {
            params.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "parameter name"), v == null ? List.of() : List.copyOf(v)));
        }
        params = Collections.unmodifiableMap(copy);
    }
}
