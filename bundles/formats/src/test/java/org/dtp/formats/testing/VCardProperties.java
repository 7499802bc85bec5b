package org.dtp.formats.testing;

import ezvcard.VCard;
import ezvcard.VCardVersion;
import ezvcard.io.scribe.ScribeIndex;
import ezvcard.io.scribe.VCardPropertyScribe;
import ezvcard.io.text.VCardReader;
import ezvcard.io.text.WriteContext;
import ezvcard.property.BinaryProperty;
import ezvcard.property.RawProperty;
import ezvcard.property.VCardProperty;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A vCard's properties as ez-vcard parses them, each as one comparable line that does not depend on the vCard version
 * it was written in: how a round trip is judged independently of the model and of {@code VCardFormat}, which never
 * sees these lines. Per property: group, name, parameters (without those of the text's encoding, TYPE values lower
 * case and sorted, vCard 3's {@code TYPE=pref} as {@code PREF=1}) and the value as vCard 4.0 text, or for inline
 * binary data its length and SHA-256.
 */
public final class VCardProperties {
    private static final ScribeIndex SCRIBES = new ScribeIndex();
    private static final WriteContext V4 = new WriteContext(VCardVersion.V4_0, null, false);
    private static final Set<String> OF_THE_ENCODING = Set.of("ENCODING", "CHARSET", "VALUE");

    private VCardProperties() {
    }

    /** The lines of the single vCard in {@code text}. */
    public static List<Line> of(String text) throws IOException {
        VCard card;
        try (VCardReader reader = new VCardReader(text)) {
            card = reader.readNext();
        }
        List<Line> lines = new ArrayList<>();
        for (VCardProperty p : card.getProperties()) {
            if (p instanceof ezvcard.property.Address a && a.getLabel() != null) {
                // 2.1/3.0 say a label with a LABEL property, 4.0 with ADR's LABEL parameter: one line for either
                lines.add(new Line("LABEL", ":" + a.getLabel().replace("\r\n", "\n")));
                a.setLabel(null);
            }
            lines.add(line(p));
        }
        for (ezvcard.property.Label orphan : card.getOrphanedLabels()) {
            lines.add(new Line("LABEL", ":" + orphan.getValue().replace("\r\n", "\n")));
        }
        return lines;
    }

    /** One property: its name (with group, if any) and the rest of what it says. */
    public record Line(String name, String rest) {
        @Override
        public String toString() {
            return name + rest;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Line line(VCardProperty p) {
        VCardPropertyScribe scribe = SCRIBES.getPropertyScribe(p);
        String name = (p instanceof RawProperty raw ? raw.getPropertyName() : scribe.getPropertyName()).toUpperCase(Locale.ROOT);
        Map<String, Set<String>> params = new TreeMap<>();
        for (Map.Entry<String, List<String>> e : p.getParameters()) {
            String key = e.getKey().toUpperCase(Locale.ROOT);
            if (OF_THE_ENCODING.contains(key) || (p instanceof BinaryProperty<?> b && b.getData() != null
                    && (key.equals("TYPE") || key.equals("MEDIATYPE")))) {
                continue;
            }
            for (String v : e.getValue()) {
                if (key.equals("TYPE") && v.equalsIgnoreCase("pref")) {
                    params.computeIfAbsent("PREF", k -> new TreeSet<>()).add("1");
                } else {
                    String value = key.equals("TYPE") ? v.toLowerCase(Locale.ROOT) : v.replace("\r\n", "\n");
                    params.computeIfAbsent(key, k -> new TreeSet<>()).add(value);
                }
            }
        }
        String value;
        if (p instanceof BinaryProperty<?> b && b.getData() != null) {
            value = "binary " + mediaType(b) + " " + b.getData().length + " bytes, SHA-256 " + sha256(b.getData());
        } else if (p instanceof RawProperty raw) {
            value = raw.getValue();
        } else {
            value = scribe.writeText(p, V4);
        }
        if (Set.of("BDAY", "ANNIVERSARY", "REV").contains(name) && value != null) {
            value = value.replace("-", "").replace(":", ""); // --04-15 (3.0 text) and --0415 (4.0) are one date
        }
        String group = p.getGroup() == null ? "" : p.getGroup().toLowerCase(Locale.ROOT) + ".";
        return new Line(group + name, params + ":" + (value == null ? "" : value.replace("\r\n", "\n")));
    }

    /** The media type of inline data, from 2.1/3.0's TYPE ({@code JPEG}, {@code image/jpeg}) or 4.0's MEDIATYPE. */
    private static String mediaType(BinaryProperty<?> b) {
        ezvcard.parameter.MediaTypeParameter type = b.getContentType();
        if (type == null) {
            return "unknown";
        }
        return type.getMediaType() != null ? type.getMediaType().toLowerCase(Locale.ROOT)
                : String.valueOf(type.getValue()).toLowerCase(Locale.ROOT);
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
