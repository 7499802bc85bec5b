package ${package};

import org.dtp.models.MediaRef;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Copies of canonical models (every one is a record) with some components changed, whatever the vertical: the id this service
 * gives an item, and the media references pointing at the bytes it holds. An adapter for one provider usually
 * builds its models field by field instead; this example serves every vertical with the same code.
 */
final class Models {
    private Models() {
    }

    /** {@code model} with its {@code id} component set to {@code id}. */
    static <T> T withId(T model, String id) {
        return copy(model, (component, value) -> component.getName().equals("id") ? id : value);
    }

    /** {@code model} with every MediaRef component (alone or in a list) replaced by what {@code change} makes of it. */
    static <T> T withMedia(T model, UnaryOperator<MediaRef> change) {
        return copy(model, (component, value) -> {
            if (value instanceof MediaRef ref) {
                return change.apply(ref);
            }
            if (value instanceof List<?> list && !list.isEmpty() && list.stream().allMatch(MediaRef.class::isInstance)) {
                return list.stream().map(ref -> change.apply((MediaRef) ref)).toList();
            }
            return value;
        });
    }

    private interface Change {
        Object apply(RecordComponent component, Object value);
    }

    @SuppressWarnings("unchecked")
    private static <T> T copy(T model, Change change) {
        if (!(model instanceof Record)) {
            throw new IllegalArgumentException(model.getClass().getName() + " is not a canonical model record");
        }
        RecordComponent[] components = model.getClass().getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = change.apply(components[i], components[i].getAccessor().invoke(model));
            }
            Constructor<?> canonical = model.getClass().getDeclaredConstructor(types);
            return (T) canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + model.getClass().getSimpleName(), e);
        }
    }
}
