package org.dtp.models.contacts;

import java.util.List;

/**
 * A vCard ADR: its seven components, the LABEL a provider may give as the formatted address, and
 * TYPE / PREF as in {@link TypedValue}.
 */
public record PostalAddress(
        String poBox,
        String extended,
        String street,
        String locality,
        String region,
        String postalCode,
        String country,
        String label,
        List<String> types,
        Integer pref) {

    public PostalAddress {
        types = types == null ? List.of() : List.copyOf(types);
        TypedValue.checkPref(pref);
    }
}
