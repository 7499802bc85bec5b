package org.dtp.models.contacts;

import java.util.List;

/** A vCard N: family and given names, additional (middle) names, honorific prefixes and suffixes. */
public record StructuredName(
        String family,
        String given,
        List<String> additional,
        List<String> prefixes,
        List<String> suffixes) {

    public StructuredName {
        additional = additional == null ? List.of() : List.copyOf(additional);
        prefixes = prefixes == null ? List.of() : List.copyOf(prefixes);
        suffixes = suffixes == null ? List.of() : List.copyOf(suffixes);
    }
}
