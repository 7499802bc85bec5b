package org.dtp.formats.vcard;

import ezvcard.property.VCardProperty;
import org.dtp.models.contacts.PropertyDetails;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A vCard property's group and the parameters that no field of the contact carries, read into a
 * {@link PropertyDetails} and put back on the property written for the same field.
 */
final class DetailsOfProperties {
    /** Parameters of the text's encoding, which the parser applies and the writer gives anew for its version. */
    private static final Set<String> OF_THE_ENCODING = Set.of("ENCODING", "CHARSET", "VALUE");
    /** What typed values (EMAIL, TEL, URL, IMPP, RELATED) carry in fields of their own. */
    static final Set<String> TYPED = Set.of("TYPE", "PREF");
    /** What an ADR carries in fields of its own. */
    static final Set<String> ADDRESS = Set.of("TYPE", "PREF", "LABEL");
    /** What an inline PHOTO carries in its media reference. */
    static final Set<String> PHOTO = Set.of("TYPE", "MEDIATYPE");
    static final Set<String> NONE = Set.of();

    private DetailsOfProperties() {
    }

    /** The details of {@code p} beyond the parameters {@code mapped} to fields; null when there are none. */
    static PropertyDetails of(VCardProperty p, Set<String> mapped) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : p.getParameters()) {
            String name = e.getKey().toUpperCase(Locale.ROOT);
            if (!mapped.contains(name) && !OF_THE_ENCODING.contains(name)) {
                params.computeIfAbsent(name, k -> new ArrayList<>()).addAll(e.getValue());
            }
        }
        PropertyDetails details = new PropertyDetails(p.getGroup(), params);
        return details.isEmpty() ? null : details;
    }

    /** {@code p} with the group and parameters of {@code details} (none when null). */
    static <P extends VCardProperty> P apply(P p, PropertyDetails details) {
        if (details != null) {
            p.setGroup(details.group());
            details.params().forEach((name, values) -> values.forEach(v -> p.getParameters().put(name, v)));
        }
        return p;
    }
}
