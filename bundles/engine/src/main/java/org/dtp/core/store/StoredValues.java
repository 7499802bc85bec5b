package org.dtp.core.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The forms in which texts of unbounded length are stored in the job store's bounded columns. */
final class StoredValues {
    /** The longest item key or container id stored as it is, in UTF-8 bytes; see {@link #storedKey}. */
    static final int MAX_KEY_BYTES = 1000;
    private static final String HASH_MARK = "\u2026#sha256:";

    private StoredValues() {
    }

    /** At most {@code max} chars of {@code s}, never half a character. */
    static String truncate(String s, int max) {
        if (s == null || s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max; // never half a character
        return s.substring(0, end);
    }

    /**
     * The form of an item key or container id stored in a primary key column: the key itself when
     * its UTF-8 form fits {@link #MAX_KEY_BYTES}, else a prefix of it and the SHA-256 of the whole
     * key. The same key always maps to the same stored form, so the ledger stays exact for any
     * length, and PostgreSQL's B-tree entries stay under their 2704-byte limit.
     */
    static String storedKey(String key) {
        if (key == null || key.length() <= MAX_KEY_BYTES / 3) {
            return key; // at most 3 UTF-8 bytes per UTF-16 char
        }
        byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
        if (utf8.length <= MAX_KEY_BYTES) {
            return key;
        }
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(utf8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
        String suffix = HASH_MARK + HexFormat.of().formatHex(digest);
        int budget = MAX_KEY_BYTES - suffix.getBytes(StandardCharsets.UTF_8).length;
        StringBuilder prefix = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < key.length(); ) {
            int cp = key.codePointAt(i);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > budget) {
                break;
            }
            prefix.appendCodePoint(cp);
            bytes += size;
            i += Character.charCount(cp);
        }
        return prefix.append(suffix).toString();
    }
}
