package org.dtp.adapters.smugmug;

import java.text.Normalizer;

/**
 * Album names and UrlNames as SmugMug takes them, and upload header values.
 * <ul>
 * <li>{@code Name}: 1 to 255 characters (the album endpoint's field description in SmugMug's live API
 *     browser: Varchar, MAX_CHARS 255).</li>
 * <li>{@code UrlName}: 1 to 60 characters (same source: MIN_CHARS 1, MAX_CHARS 60), unique among the folder's
 *     children; it must start with a capital letter or a digit (not in SmugMug's reference pages: users report
 *     400 Bad Request otherwise, e.g. https://github.com/lildude/phpSmug/issues/57), and special characters
 *     fail (https://github.com/dtinit/data-transfer-project/pull/766). We keep to ASCII letters, digits and
 *     hyphens, like the UrlNames SmugMug generates ("Black & White" becomes "Black-White"), and end it with a
 *     short tag of the album's marker so that two albums of the same name never collide.</li>
 * </ul>
 */
final class Names {
    static final int MAX_NAME = 255;
    static final int MAX_URL_NAME = 60;

    private Names() {
    }

    /** The name without control characters, trimmed, at most 255 characters; "Album" when nothing is left. */
    static String albumName(String name) {
        String clean = name == null ? "" : name.replaceAll("\\p{Cntrl}", " ").strip();
        if (clean.isEmpty()) {
            clean = "Album";
        }
        return truncate(clean, MAX_NAME);
    }

    /** {@code name (n)}, shortening the name so that the whole stays within 255 characters. */
    static String numbered(String name, int n) {
        String suffix = " (" + n + ")";
        return truncate(albumName(name), MAX_NAME - suffix.length()).strip() + suffix;
    }

    /** A UrlName for {@code name}: ASCII letters, digits and hyphens, a capital or digit first, the tag last. */
    static String urlName(String name, String tag) {
        String ascii = Normalizer.normalize(name == null ? "" : name, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
        String dashed = ascii.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (dashed.isEmpty() || !Character.isLetterOrDigit(dashed.charAt(0))) {
            dashed = "Album" + (dashed.isEmpty() ? "" : "-" + dashed);
        }
        dashed = Character.toUpperCase(dashed.charAt(0)) + dashed.substring(1);
        int room = MAX_URL_NAME - tag.length() - 1;
        if (dashed.length() > room) {
            dashed = dashed.substring(0, room).replaceAll("-+$", "");
        }
        return dashed + "-" + tag;
    }

    /** Whether {@code text} can travel in an HTTP header unchanged: printable ASCII, no surrounding blanks. */
    static boolean headerSafe(String text) {
        if (text.length() > 2000 || !text.equals(text.strip())) {
            return false;
        }
        return text.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
    }

    /** A file name for the uploader: no control characters or path separators, never empty. */
    static String fileName(String name, String fallback) {
        String clean = name == null ? "" : name.replaceAll("[\\p{Cntrl}/\\\\]", "_").strip();
        return clean.isEmpty() ? fallback : clean;
    }

    private static String truncate(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }
}
