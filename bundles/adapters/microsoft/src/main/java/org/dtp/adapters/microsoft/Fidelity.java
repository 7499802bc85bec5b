package org.dtp.adapters.microsoft;

import org.dtp.spi.ImportContext;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The fidelity report of an Outlook import: the importer reads the body it is about to send back through its
 * exporter's mapping, and every field of the source model that does not come back the same is reported as not
 * kept (lost, changed, or given a value the source did not have), with a reason per top-level field (null: the
 * field is not compared). So the report
 * says exactly what the mapping changes. Paths are those of
 * {@link ImportContext#reportNotKept}: {@code attendees[1].role}, {@code emails[0].types}. Null and empty are the same,
 * an RRULE's parts are compared in any order, and the top-level {@code id} is the destination's own.
 */
final class Fidelity {
    private Fidelity() {
    }

    /** Reports every field that {@code kept} does not hold as {@code source} does; {@code reason} by top-level field. */
    static void report(ImportContext context, String sourceId, Record source, Record kept, Function<String, String> reason) {
        compare(context, sourceId, "", source, kept, reason);
    }

    private static void compare(ImportContext context, String sourceId, String path, Object expected, Object actual,
                                Function<String, String> reason) {
        if (blank(expected) && blank(actual)) {
            return;
        }
        if (path.matches("recurrenceRules?(\\[\\d+])?") && expected instanceof String e && actual instanceof String a) {
            expected = sortedParts(e);
            actual = sortedParts(a);
        }
        if (expected != null && actual != null && expected.getClass().isRecord() && expected.getClass() == actual.getClass()) {
            for (RecordComponent component : expected.getClass().getRecordComponents()) {
                if (path.isEmpty() && component.getName().equals("id")) {
                    continue;
                }
                compare(context, sourceId, path.isEmpty() ? component.getName() : path + "." + component.getName(),
                        value(component, expected), value(component, actual), reason);
            }
        } else if (expected instanceof List<?> e && actual instanceof List<?> a) {
            for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
                compare(context, sourceId, path + "[" + i + "]", i < e.size() ? e.get(i) : null, i < a.size() ? a.get(i) : null, reason);
            }
        } else if (!Objects.equals(expected, actual)) {
            String why = reason.apply(path.split("[.\\[]", 2)[0]);
            if (why != null) {
                context.reportNotKept(sourceId, path, why);
            }
        }
    }

    private static Object value(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sortedParts(String rule) {
        return String.join(";", Arrays.stream(rule.toUpperCase(Locale.ROOT).split(";")).sorted().toList());
    }

    private static boolean blank(Object value) {
        return value == null || value instanceof String s && s.isEmpty() || value instanceof Collection<?> c && c.isEmpty()
                || value instanceof Map<?, ?> m && m.isEmpty();
    }
}
