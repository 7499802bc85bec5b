package org.dtp.models.calendar;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Copies of the parameters of an iCalendar property as the records of this package keep them. */
final class Parameters {
    private Parameters() {
    }

    /**
     * An unmodifiable copy by parameter name in the order given (as ExtendedProperty keeps its parameters: a writer
     * then puts them out in the same order on every run), value lists copied; null becomes empty.
     */
    static Map<String, List<String>> copyOf(Map<String, List<String>> parameters) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        if (parameters != null) {
            parameters.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "parameter name"), v == null ? List.of() : List.copyOf(v)));
        }
        return Collections.unmodifiableMap(copy);
    }
}
