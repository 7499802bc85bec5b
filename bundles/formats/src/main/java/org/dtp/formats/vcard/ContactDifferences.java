package org.dtp.formats.vcard;

import org.dtp.formats.fidelity.RecordDifferences;
import org.dtp.formats.fidelity.RecordDifferences.Difference;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.TypedValue;
import org.dtp.models.media.GeoLocation;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which fields of two readings of one contact differ, as model field paths ({@code geo}, {@code phones[1]}): what an
 * importer that writes a contact and reads it back reports as not kept.
 */
public final class ContactDifferences {
    /** A top-level field, with the index into it when it is a list: how finely a contact's differences are named. */
    private static final Pattern INDEXED = Pattern.compile("([^\\[]+)\\[(\\d+)]");
    private static final Pattern REPORTED_FIELD = Pattern.compile("^[^.\\[]+(\\[\\d+])?");

    private ContactDifferences() {
    }

    /**
     * The fields of {@code expected} that {@code actual} lacks or holds otherwise, the id and the photo's reference
     * aside; the photo counts only by being there or not, and only when {@code comparePhoto} (false: it was not sent).
     */
    public static List<String> between(Contact expected, Contact actual, boolean comparePhoto) {
        Set<String> fields = new LinkedHashSet<>();
        for (Difference difference : RecordDifferences.between(expected, actual)) {
            String field = difference.field();
            Matcher reported = REPORTED_FIELD.matcher(difference.path());
            reported.find();
            if (field.equals("photo")) {
                if (comparePhoto && difference.path().equals(field) && (difference.before() == null) != (difference.after() == null)) {
                    fields.add(field);
                }
            } else if (!field.equals("id") && !field.equals("extended")
                    // Below the reported field both sides hold it; at it, only a value the expected contact holds counts.
                    && (difference.before() != null || !reported.group().equals(difference.path()))) {
                fields.add(reported.group());
            }
        }
        fields.addAll(extendedNotKept(expected, actual));
        return new ArrayList<>(fields);
    }

    /**
     * The extended properties of {@code expected} that {@code actual} does not hold, wherever in its list: servers
     * reorder and add properties (a vCard 3.0 LABEL), and one more or fewer must not make every later one differ.
     */
    private static List<String> extendedNotKept(Contact expected, Contact actual) {
        List<ExtendedProperty> left = new ArrayList<>(actual.extended());
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < expected.extended().size(); i++) {
            if (!left.remove(expected.extended().get(i))) {
                fields.add("extended[" + i + "]");
            }
        }
        return fields;
    }

    /**
     * Why {@code field} (a path {@link #between} gives) of {@code expected} differs in {@code actual}, naming the
     * vCard property and the values: {@code "EMAIL:ana@example.com read back as EMAIL:ana@example.org"},
     * {@code "item1.X-ABLABEL;X-P=1:Work not among the properties read back"}. The start of a fidelity reason.
     */
    public static String describe(Contact expected, Contact actual, String field) {
        if (field.startsWith("extended[")) {
            return given(expected, field) + " not among the properties read back";
        }
        return given(expected, field) + " read back as " + given(actual, field);
    }

    /** What {@code contact} holds at {@code field}, as the vCard property it is written as. */
    private static String given(Contact contact, String field) {
        Matcher indexed = INDEXED.matcher(field);
        String top = indexed.matches() ? indexed.group(1) : field;
        Object value = valueAt(contact, top, indexed.matches() ? Integer.parseInt(indexed.group(2)) : -1);
        if (value instanceof ExtendedProperty x) {
            StringBuilder line = new StringBuilder(x.name());
            x.params().forEach((name, values) -> line.append(';').append(name).append('=').append(String.join(",", values)));
            return line.append(':').append(shorten(x.value())).toString();
        }
        String property = VCardFormat.propertyOf(top);
        String shown = value == null ? " (none)" : value instanceof TypedValue t ? t.value()
                : value instanceof GeoLocation g ? "geo:" + g.latitude() + "," + g.longitude() : String.valueOf(value);
        return (property == null ? field : property) + ":" + shorten(shown);
    }

    /** The component {@code top} of {@code contact}, or its item {@code index} when that is not -1; null if none. */
    private static Object valueAt(Contact contact, String top, int index) {
        for (RecordComponent component : Contact.class.getRecordComponents()) {
            if (component.getName().equals(top)) {
                Object value;
                try {
                    value = component.getAccessor().invoke(contact);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + top + " of a contact", e);
                }
                return index < 0 ? value : value instanceof List<?> list && index < list.size() ? list.get(index) : null;
            }
        }
        return null;
    }

    private static String shorten(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "…";
    }
}
