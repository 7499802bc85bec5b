package org.dtp.models.contacts;

import java.util.List;
import java.util.Objects;

/**
 * One e-mail address, phone number, URL, IMPP address or relation of a contact, with its vCard
 * TYPE values and PREF. Types stay text (lower case by convention) because RFC 6350 lets them be
 * any IANA token or {@code x-} name, and providers use their own labels. {@code pref} runs from 1
 * (most preferred) to 100, null when not stated.
 */
public record TypedValue(String value, List<String> types, Integer pref) {
    public TypedValue {
        Objects.requireNonNull(value, "value");
        types = types == null ? List.of() : List.copyOf(types);
        checkPref(pref);
    }

    static void checkPref(Integer pref) {
        if (pref != null && (pref < 1 || pref > 100)) {
            throw new IllegalArgumentException("pref must be 1 to 100, was " + pref);
        }
    }
}
