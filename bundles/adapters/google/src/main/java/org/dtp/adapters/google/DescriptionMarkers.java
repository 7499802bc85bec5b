package org.dtp.adapters.google;

import org.dtp.spi.Fingerprint;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The marker that makes imports idempotent where Google takes no client-supplied id (Photos media items, tasks):
 * the importer ends the text it writes (a media item's description, a task's notes) with a last line
 * {@code dtp:<16 hex>}, a hash of the job and the engine's idempotency key (or the source id it is made of), and
 * looks for it in the album or list before creating anything again. The job id is part of the hash: two jobs with
 * the same keys never skip each other's items; a resumed job has the same id. Where the service has no field for
 * the item's UID (a task), it follows the marker on that line, {@code dtp:<16 hex> uid:<uid>}, so that an export
 * gives it back. The exporters leave the marker line out of the text they read.
 */
public final class DescriptionMarkers {
    /** The marker, alone on the last line of a description or followed by the item's UID. */
    private static final Pattern MARKER = Pattern.compile("(?:\\A|\\n)dtp:([0-9a-f]{16})(?: uid:([^\\n]+))?\\z");
    private static final String UID_PREFIX = " uid:";

    private DescriptionMarkers() {
    }

    public static String marker(UUID jobId, String key) {
        return "dtp:" + Fingerprint.of(jobId, key).hex(8);
    }

    /** The 64 bits of the marker {@code description} ends with; 0 when it has none. */
    static long fingerprintIn(String description) {
        if (description == null) {
            return 0;
        }
        Matcher m = MARKER.matcher(description);
        return m.find() ? Long.parseUnsignedLong(m.group(1), 16) : 0;
    }

    /** The last line for an item imported under {@code marker} whose {@code uid} it keeps (one line, no line break). */
    public static String line(String marker, String uid) {
        return marker + UID_PREFIX + uid;
    }

    /** Whether {@link #line} can keep {@code uid}: a UID with a line break would not stay on the last line. */
    public static boolean canKeep(String uid) {
        return uid.indexOf('\n') < 0 && uid.indexOf('\r') < 0;
    }

    /** The UID kept on the marker line {@code text} ends with; null when there is none. */
    public static String uidIn(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = MARKER.matcher(text);
        return m.find() ? m.group(2) : null;
    }

    public static long fingerprint(String marker) {
        return Long.parseUnsignedLong(marker.substring("dtp:".length()), 16);
    }

    /** {@code text} without a marker line; null when nothing else is left. */
    public static String withoutMarker(String description) {
        if (description == null) {
            return null;
        }
        String text = MARKER.matcher(description).replaceFirst("");
        return text.isBlank() ? null : text;
    }
}
