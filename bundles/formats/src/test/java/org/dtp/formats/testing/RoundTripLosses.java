package org.dtp.formats.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a vCard round trip lost, judged by {@link VCardProperties} (ez-vcard's parse, not the model): the properties of
 * the source that come back different or not at all, and whether the fidelity entries given account for each.
 */
public final class RoundTripLosses {
    private final List<VCardProperties.Line> source;
    private final List<VCardProperties.Line> missing;

    private RoundTripLosses(List<VCardProperties.Line> source, List<VCardProperties.Line> missing) {
        this.source = source;
        this.missing = missing;
    }

    /** The properties of {@code before} that {@code after} does not hold as they were. */
    public static RoundTripLosses between(String before, String after) throws IOException {
        List<VCardProperties.Line> source = VCardProperties.of(before);
        List<VCardProperties.Line> back = new ArrayList<>(VCardProperties.of(after));
        List<VCardProperties.Line> missing = new ArrayList<>();
        for (VCardProperties.Line line : source) {
            if (!back.remove(line)) {
                missing.add(line);
            }
        }
        return new RoundTripLosses(source, missing);
    }

    /** How many properties the source has. */
    public int properties() {
        return source.size();
    }

    /** The properties of the source not held as they were after the trip. */
    public List<VCardProperties.Line> missing() {
        return missing;
    }

    /**
     * The missing properties that no reason accounts for: a reason accounts for a property when it starts with the
     * property's name (its group aside), as the reasons of the vCard readers and of the importers' read-back do
     * ({@code "FBURL: control character ..."}, {@code "item1.EMAIL;TYPE=work:a@b.c not kept as ..."}).
     */
    public List<VCardProperties.Line> unreported(List<String> reasons) {
        List<VCardProperties.Line> unreported = new ArrayList<>();
        for (VCardProperties.Line line : missing) {
            String name = line.name().substring(line.name().lastIndexOf('.') + 1).toUpperCase(Locale.ROOT);
            Pattern named = Pattern.compile("^([A-Z0-9-]+\\.)?" + Pattern.quote(name) + "[;: ].*", Pattern.DOTALL);
            if (reasons.stream().noneMatch(r -> named.matcher(r.toUpperCase(Locale.ROOT)).matches())) {
                unreported.add(line);
            }
        }
        return unreported;
    }
}
