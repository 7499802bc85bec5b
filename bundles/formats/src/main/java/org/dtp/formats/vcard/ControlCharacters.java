package org.dtp.formats.vcard;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Characters that XML 1.0 forbids (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) taken out of the lines of a
 * vCard: CardDAV carries vCards inside XML (RFC 6352 §8.6), so one such character in one value makes a server's
 * whole multiget answer unreadable. In a value that is a URI the character becomes its percent-encoding, which
 * keeps it (RFC 3986 §2.1); vCard text has no escape for it, so there it is dropped. Either way the caller is told.
 */
final class ControlCharacters {
    /** Properties whose value is a URI in every version (RFC 6350 §6, RFC 2426 §3): the rest are treated as text. */
    private static final Set<String> URI_PROPERTIES = Set.of("URL", "FBURL", "CALURI", "CALADRURI", "SOURCE", "IMPP",
            "MEMBER", "RELATED", "PHOTO", "LOGO", "SOUND", "KEY", "UID", "X-SOCIALPROFILE");
    private static final Pattern FORBIDDEN = Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]");

    /** Told of each character taken out: the property's name (without group) and what became of the character. */
    @FunctionalInterface
    interface Taken {
        void out(String property, String what);
    }

    private ControlCharacters() {
    }

    /** {@code text} without the characters XML 1.0 forbids, each reported to {@code taken}. */
    static String clean(String text, Taken taken) {
        if (!FORBIDDEN.matcher(text).find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        String property = "";
        boolean uri = false;
        for (String line : text.split("(?<=\n)", -1)) {
            if (!line.isEmpty() && line.charAt(0) != ' ' && line.charAt(0) != '\t') {
                property = propertyName(line);
                uri = URI_PROPERTIES.contains(property) || line.toUpperCase(Locale.ROOT).contains("VALUE=URI");
            }
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (!forbidden(c)) {
                    out.append(c);
                } else if (uri && c < 0x80) {
                    String escaped = String.format(Locale.ROOT, "%%%02X", (int) c);
                    out.append(escaped);
                    taken.out(property, String.format(Locale.ROOT, "control character U+%04X in the URI kept as %s", (int) c, escaped));
                } else {
                    taken.out(property, String.format(Locale.ROOT, "control character U+%04X in the text dropped (XML 1.0, "
                            + "in which CardDAV carries vCards, forbids it; vCard text has no escape for it)", (int) c));
                }
            }
        }
        return out.toString();
    }

    private static boolean forbidden(char c) {
        return c < 0x20 ? c != '\t' && c != '\n' && c != '\r' : c == '\uFFFE' || c == '\uFFFF';
    }

    /** The name of the property a content line starts, upper case, without its group ({@code item1.}). */
    private static String propertyName(String line) {
        int end = 0;
        while (end < line.length() && line.charAt(end) != ';' && line.charAt(end) != ':') {
            end++;
        }
        String name = line.substring(0, end).trim().toUpperCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        return dot >= 0 ? name.substring(dot + 1) : name;
    }
}
