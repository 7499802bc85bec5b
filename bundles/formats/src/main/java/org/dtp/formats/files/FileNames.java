package org.dtp.formats.files;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * Turns names from other services into safe file and folder names, and numbers them on collision: the names of the
 * folder layout that the local folder, object storage and WebDAV drive adapters share.
 */
public final class FileNames {
    /**
     * Most file systems allow 255 bytes per name; we keep 55 of them for a " (n)" collision suffix, the
     * {@code .dtp.json} sidecar suffix and the temp-file prefix.
     */
    static final int MAX_NAME_BYTES = 200;

    private static final Set<String> WINDOWS_DEVICE_NAMES = Set.of(
            "con", "prn", "aux", "nul",
            "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
            "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9");

    private FileNames() {
    }

    /**
     * A name safe to create in a folder: no path separators, no control or bidi-override characters,
     * none of {@code <>:"|?*}, no leading dots (which would hide it), no trailing dots or spaces, not a
     * Windows device name, at most {@link #MAX_NAME_BYTES} bytes of UTF-8 (the extension kept). Other
     * Unicode is kept (NFC). {@code fallback} is used when nothing is left.
     */
    public static String sanitise(String name, String fallback) {
        String cleaned = clean(name == null ? "" : Normalizer.normalize(name, Normalizer.Form.NFC));
        if (cleaned.isEmpty()) {
            cleaned = clean(fallback);
        }
        String stem = cleaned.contains(".") ? cleaned.substring(0, cleaned.indexOf('.')) : cleaned;
        if (WINDOWS_DEVICE_NAMES.contains(stem.strip().toLowerCase(Locale.ROOT))) {
            cleaned = "_" + cleaned;
        }
        return truncate(cleaned);
    }

    private static String clean(String name) {
        StringBuilder out = new StringBuilder(name.length());
        name.codePoints().forEach(cp -> {
            if (cp == '/' || cp == '\\' || "<>:\"|?*".indexOf(cp) >= 0) {
                out.append('_');
            } else if (!Character.isISOControl(cp) && !isBidiControl(cp)) {
                out.appendCodePoint(cp);
            }
        });
        String s = out.toString().strip();
        int start = 0;
        while (start < s.length() && (s.charAt(start) == '.' || Character.isWhitespace(s.charAt(start)))) {
            start++;
        }
        int end = s.length();
        while (end > start && (s.charAt(end - 1) == '.' || Character.isWhitespace(s.charAt(end - 1)))) {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isBidiControl(int cp) {
        return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
    }

    private static String truncate(String name) {
        if (utf8Length(name) <= MAX_NAME_BYTES) {
            return name;
        }
        String extension = extension(name);
        String suffix = extension.isEmpty() || extension.length() > 16 ? "" : "." + extension;
        String base = suffix.isEmpty() ? name : name.substring(0, name.length() - suffix.length());
        int budget = MAX_NAME_BYTES - utf8Length(suffix);
        StringBuilder kept = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < base.length(); ) {
            int cp = base.codePointAt(i);
            int size = utf8Length(new String(Character.toChars(cp)));
            if (bytes + size > budget) {
                break;
            }
            kept.appendCodePoint(cp);
            bytes += size;
            i += Character.charCount(cp);
        }
        return clean(kept.toString()) + suffix;
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** How much of an idempotency key a key-derived name shows before its hash. */
    public static final int MAX_KEY_PREFIX = 80;

    /**
     * A file name that only {@code key} gives: the key's safe characters ({@code A-Z a-z 0-9 . _ -}, others
     * become {@code _}), at most {@value #MAX_KEY_PREFIX} of them, then {@code -} and 16 hex digits of the
     * key's SHA-256 (so keys that look alike once cleaned stay apart), then {@code extension} (with its dot).
     * Never starts with a dot, never longer than 97 characters plus the extension.
     */
    public static String fromKey(String key, String extension) {
        StringBuilder readable = new StringBuilder();
        for (int i = 0; i < key.length() && readable.length() < MAX_KEY_PREFIX; i++) {
            char c = key.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
                    || (c == '.' && readable.length() > 0);
            readable.append(safe ? c : '_');
        }
        byte[] hash;
        try {
            hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        return readable + "-" + HexFormat.of().formatHex(hash, 0, 8) + extension;
    }

    /** The extension after the last dot, without it; empty when there is none (or the dot is first). */
    public static String extension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0 || dot == fileName.length() - 1 ? "" : fileName.substring(dot + 1);
    }

    /** The name without its extension. */
    public static String withoutExtension(String fileName) {
        String extension = extension(fileName);
        return extension.isEmpty() ? fileName : fileName.substring(0, fileName.length() - extension.length() - 1);
    }

    /** {@code name} for n = 1, else "base (n).ext" — for files. */
    public static String numberedFile(String name, int n) {
        if (n == 1) {
            return name;
        }
        String extension = extension(name);
        return withoutExtension(name) + " (" + n + ")" + (extension.isEmpty() ? "" : "." + extension);
    }

    /** {@code name} for n = 1, else "name (n)" — for folders, whose dots are part of the name. */
    public static String numberedFolder(String name, int n) {
        return n == 1 ? name : name + " (" + n + ")";
    }
}
