package org.dtp.formats.vcard;

import org.dtp.models.contacts.Contact;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which fields of two readings of one contact differ, as model field paths ({@code geo}, {@code phones[1]}): what an
 * importer that writes a contact and reads it back reports as not kept.
 */
public final class ContactDifferences {
    private ContactDifferences() {
    }

    /**
     * The fields of {@code expected} that {@code actual} lacks or holds otherwise, the id and the photo's reference
     * aside; the photo counts only by being there or not, and only when {@code comparePhoto} (false: it was not sent).
     */
    public static List<String> between(Contact expected, Contact actual, boolean comparePhoto) {
        List<String> fields = new ArrayList<>();
        for (RecordComponent component : Contact.class.getRecordComponents()) {
            String name = component.getName();
            if (name.equals("id")) {
                continue;
            }
            Object want = value(component, expected);
            Object got = value(component, actual);
            if (name.equals("photo")) {
                if (comparePhoto && (want == null) != (got == null)) {
                    fields.add(name);
                }
            } else if (want instanceof List<?> wanted && got instanceof List<?> have) {
                for (int i = 0; i < Math.max(wanted.size(), have.size()); i++) {
                    Object a = i < wanted.size() ? wanted.get(i) : null;
                    Object b = i < have.size() ? have.get(i) : null;
                    if (a != null && !Objects.equals(a, b)) {
                        fields.add(name + "[" + i + "]");
                    }
                }
            } else if (want != null && !want.equals(got)) {
                fields.add(name);
            }
        }
        return fields;
    }

    private static Object value(RecordComponent component, Contact contact) {
        try {
            return component.getAccessor().invoke(contact);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of a contact", e);
        }
    }
}
