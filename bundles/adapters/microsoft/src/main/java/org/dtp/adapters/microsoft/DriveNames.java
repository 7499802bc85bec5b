package org.dtp.adapters.microsoft;

import org.dtp.spi.Fingerprint;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Names OneDrive accepts (https://support.microsoft.com/office/restrictions-and-limitations-in-onedrive-and-sharepoint-64883a5d-228e-48f5-b3d2-eb39e07630fa):
 * none of {@code " * : < > ? / \ |} or control characters, no leading or trailing space, no trailing dot, not a
 * reserved device name; and the importer's deterministic file names, which carry a tag of the job and the item's
 * idempotency key so that a re-import finds the file it made.
 */
public final class DriveNames {
    private static final Pattern FORBIDDEN = Pattern.compile("[\"*:<>?/\\\\|\\p{Cntrl}]");
    private static final Set<String> RESERVED = Set.of("CON", "PRN", "AUX", "NUL", "COM0", "COM1", "COM2", "COM3", "COM4",
            "COM5", "COM6", "COM7", "COM8", "COM9", "LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8",
            "LPT9", "DESKTOP.INI", ".LOCK");
    /** Leaves room for a tag and the folder path within OneDrive's 400-character path limit. */
    private static final int MAX_NAME = 180;

    private DriveNames() {
    }

    /** {@code name} made acceptable to OneDrive; {@code fallback} when nothing is left. */
    public static String clean(String name, String fallback) {
        String cleaned = FORBIDDEN.matcher(name == null ? "" : name).replaceAll("_").strip();
        while (cleaned.endsWith(".")) {
            cleaned = cleaned.substring(0, cleaned.length() - 1).strip();
        }
        if (cleaned.length() > MAX_NAME) {
            cleaned = cleaned.substring(0, MAX_NAME).strip();
        }
        if (cleaned.isEmpty() || cleaned.startsWith("~$") || cleaned.toLowerCase(Locale.ROOT).startsWith("_vti_")) {
            cleaned = fallback + cleaned;
        }
        String stem = cleaned.contains(".") ? cleaned.substring(0, cleaned.indexOf('.')) : cleaned;
        return RESERVED.contains(cleaned.toUpperCase(Locale.ROOT)) || RESERVED.contains(stem.toUpperCase(Locale.ROOT))
                ? "_" + cleaned : cleaned;
    }

    /** {@code IMG_1.jpg} → {@code IMG_1 [k3x9q2ab].jpg}: the same job and key always give the same name. */
    public static String taggedFileName(String fileName, UUID jobId, String idempotencyKey) {
        String name = clean(fileName, "item");
        int dot = name.lastIndexOf('.');
        String extension = dot > 0 && name.length() - dot <= 10 ? name.substring(dot) : "";
        String stem = name.substring(0, name.length() - extension.length()).strip();
        return stem + " [" + tag(Fingerprint.of(jobId, idempotencyKey)) + "]" + extension;
    }

    /** Eight base-32 characters of a fingerprint. */
    static String tag(Fingerprint fingerprint) {
        byte[] hash = fingerprint.bytes(5);
        String alphabet = "abcdefghijklmnopqrstuvwxyz234567";
        long bits = 0;
        for (int i = 0; i < 5; i++) {
            bits = bits << 8 | (hash[i] & 0xff);
        }
        StringBuilder out = new StringBuilder();
        for (int i = 7; i >= 0; i--) {
            out.append(alphabet.charAt((int) (bits >>> (i * 5) & 31)));
        }
        return out.toString();
    }
}
