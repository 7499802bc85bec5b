package org.dtp.formats.vcard;

import org.dtp.formats.fidelity.RecordDifferences;
import org.dtp.formats.fidelity.RecordDifferences.Difference;
import org.dtp.models.contacts.Contact;

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
            } else if (!field.equals("id")
                    // Below the reported field both sides hold it; at it, only a value the expected contact holds counts.
                    && (difference.before() != null || !reported.group().equals(difference.path()))) {
                fields.add(reported.group());
            }
        }
        return new ArrayList<>(fields);
    }
}
