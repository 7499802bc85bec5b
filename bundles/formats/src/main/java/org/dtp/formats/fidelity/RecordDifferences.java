package org.dtp.formats.fidelity;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The differences between two instances of a record type, component by component in declaration order. Records of
 * the same type and lists are walked into; anything else (a string, a map, a record against null or against another
 * type) differs as a whole when {@link Objects#equals} says so. Null and an empty list or string differ: a caller
 * that counts them the same filters such differences out.
 */
public final class RecordDifferences {
    private RecordDifferences() {
    }

    /**
     * One field held differently: its path from the record compared ({@code geo}, {@code phones[1]},
     * {@code emails[0].types[1]}), with what each side holds there; null where a list of one side is shorter.
     */
    public record Difference(String path, Object before, Object after) {
        public Difference {
            Objects.requireNonNull(path, "path");
        }

        /** The top-level field the path starts in: {@code emails} of {@code emails[0].types}. */
        public String field() {
            return path.split("[.\\[]", 2)[0];
        }
    }

    /** Where {@code after} holds otherwise than {@code before}, leaf by leaf; empty when the two are equal. */
    public static <R extends Record> List<Difference> between(R before, R after) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        if (before.getClass() != after.getClass()) {
            throw new IllegalArgumentException("a " + before.getClass().getName() + " compared with a " + after.getClass().getName());
        }
        List<Difference> differences = new ArrayList<>();
        compare("", before, after, differences);
        return differences;
    }

    private static void compare(String path, Object before, Object after, List<Difference> differences) {
        if (Objects.equals(before, after)) {
            return;
        }
        if (before instanceof Record b && after instanceof Record a && b.getClass() == a.getClass()) {
            for (RecordComponent component : b.getClass().getRecordComponents()) {
                String name = component.getName();
                compare(path.isEmpty() ? name : path + "." + name, value(component, b), value(component, a), differences);
            }
        } else if (before instanceof List<?> b && after instanceof List<?> a) {
            for (int i = 0; i < Math.max(b.size(), a.size()); i++) {
                compare(path + "[" + i + "]", i < b.size() ? b.get(i) : null, i < a.size() ? a.get(i) : null, differences);
            }
        } else {
            differences.add(new Difference(path, before, after));
        }
    }

    private static Object value(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of a " + record.getClass().getName(), e);
        }
    }
}
