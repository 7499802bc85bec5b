package org.dtp.models;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotEquals;

/** Test helpers for the records' builders, by reflection over the record components. */
public final class RecordBuilders {
    private RecordBuilders() {
    }

    /**
     * Sets every component of {@code record} on {@code builder} through the setter named like the
     * component (failing when one is missing, so a new component without a setter is noticed) and
     * builds.
     */
    @SuppressWarnings("unchecked")
    public static <R extends Record> R setEveryComponent(R record, Object builder) {
        try {
            for (RecordComponent c : record.getClass().getRecordComponents()) {
                Method setter = builder.getClass().getMethod(c.getName(), c.getType());
                assertEquals(c.getName() + " returns the builder", builder.getClass(), setter.getReturnType());
                assertEquals("setters chain on one builder", builder, setter.invoke(builder, c.getAccessor().invoke(record)));
            }
            return (R) builder.getClass().getMethod("build").invoke(builder);
        } catch (NoSuchMethodException e) {
            throw new AssertionError("the builder lacks a setter: " + e.getMessage(), e);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Asserts that every component of {@code record} but the {@code exempt} ones is set (not null,
     * not an empty collection or map, not a primitive's zero or false), so that a test with it
     * exercises every setter.
     */
    public static void assertFilled(Record record, String... exempt) {
        List<String> skip = List.of(exempt);
        try {
            for (RecordComponent c : record.getClass().getRecordComponents()) {
                if (skip.contains(c.getName())) {
                    continue;
                }
                Object value = c.getAccessor().invoke(record);
                assertNotNull(c.getName(), value);
                if (value instanceof Collection<?> collection) {
                    assertFalse(c.getName(), collection.isEmpty());
                } else if (value instanceof Map<?, ?> map) {
                    assertFalse(c.getName(), map.isEmpty());
                } else if (c.getType().isPrimitive()) {
                    assertNotEquals(c.getName(), defaultOf(c.getType()), value);
                }
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError(e);
        }
    }

    private static Object defaultOf(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        }
        if (primitive == long.class) {
            return 0L;
        }
        if (primitive == double.class) {
            return 0.0;
        }
        return 0;
    }
}
