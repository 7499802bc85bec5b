package org.dtp.adapters.s3;

import org.dtp.formats.folder.FileNames;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.spi.TransferContext;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * An item's metadata as the object's user metadata ({@code x-amz-meta-dtp-*}), what the local folder keeps in its
 * sidecars: the idempotency key that finds the object again, where it came from, and the fields of
 * {@link MediaItem} a file cannot hold. Values are percent-encoded UTF-8 (headers carry ASCII only), so any text
 * goes through every S3-compatible store unchanged.
 */
final class ObjectMetadata {
    static final String KEY = "dtp-key";
    static final String SOURCE_ID = "dtp-source-id";
    static final String KIND = "dtp-kind";
    static final String FILE_NAME = "dtp-file-name";
    static final String TITLE = "dtp-title";
    static final String DESCRIPTION = "dtp-description";
    static final String TAKEN_AT = "dtp-taken-at";
    static final String LOCATION = "dtp-location";
    static final String WIDTH = "dtp-width";
    static final String HEIGHT = "dtp-height";
    static final String EXIF = "dtp-exif";
    /** The whole object's MD5, lower-case hex: a multipart object's ETag is not it. */
    static final String MD5 = "dtp-md5";
    /** An album marker's name and description. */
    static final String NAME = "dtp-name";

    /**
     * "Within the PUT request header, the user-defined metadata is limited to 2 KB in size", counted as the UTF-8
     * bytes of every key and value (Amazon S3 User Guide, "Working with object metadata"). The {@code x-amz-meta-}
     * prefixes are not counted; we count them anyway, for stores that do.
     */
    static final int MAX_BYTES = 2048;
    private static final int HEADER_PREFIX = "x-amz-meta-".length();

    private ObjectMetadata() {
    }

    /**
     * The user metadata for {@code item} imported under {@code idempotencyKey}, at most {@link #MAX_BYTES}: what does
     * not fit goes, the EXIF map first, then the description and the title cut short, each reported as not kept.
     */
    static Map<String, String> of(TransferContext context, String idempotencyKey, MediaItem item, String md5) {
        Map<String, String> m = new LinkedHashMap<>();
        put(m, KEY, idempotencyKey);
        put(m, SOURCE_ID, item.id());
        put(m, KIND, item.kind().name());
        put(m, FILE_NAME, item.fileName());
        put(m, MD5, md5);
        if (item.takenAt() != null) {
            put(m, TAKEN_AT, item.takenAt().toString());
        }
        GeoLocation at = item.location();
        if (at != null) {
            put(m, LOCATION, at.latitude() + "," + at.longitude() + (at.altitude() == null ? "" : "," + at.altitude()));
        }
        if (item.width() != null) {
            put(m, WIDTH, item.width().toString());
        }
        if (item.height() != null) {
            put(m, HEIGHT, item.height().toString());
        }
        put(m, TITLE, item.title());
        put(m, DESCRIPTION, item.description());
        if (!item.exif().isEmpty()) {
            StringJoiner exif = new StringJoiner("&");
            new TreeMap<>(item.exif()).forEach((k, v) -> exif.add(encode(k) + "=" + encode(v)));
            m.put(EXIF, exif.toString());
        }
        if (size(m) > MAX_BYTES && m.remove(EXIF) != null) {
            context.reportNotKept(item.id(), "exif", "S3 keeps at most 2 KB of metadata per object");
        }
        for (String field : new String[] {DESCRIPTION, TITLE}) {
            if (size(m) > MAX_BYTES && m.containsKey(field)) {
                cut(m, field);
                context.reportNotKept(item.id(), field.substring("dtp-".length()),
                        "cut short: S3 keeps at most 2 KB of metadata per object");
            }
        }
        return m;
    }

    /** The metadata of an album marker. */
    static Map<String, String> ofAlbum(String idempotencyKey, String sourceId, String name, String description) {
        Map<String, String> m = new LinkedHashMap<>();
        put(m, KEY, idempotencyKey);
        put(m, SOURCE_ID, sourceId);
        put(m, NAME, name);
        put(m, DESCRIPTION, description);
        return m;
    }

    /** A metadata value read back, decoded; null when absent. */
    static String get(Map<String, String> metadata, String name) {
        String v = metadata.get(name);
        return v == null ? null : URLDecoder.decode(v, StandardCharsets.UTF_8);
    }

    /**
     * The item for the object {@code id} with {@code metadata} (what we wrote, or nothing for an object put there by
     * another tool): the file name is then the key's last segment and the title the name without its extension.
     */
    static MediaItem item(String id, String fileName, MediaKind kind, Map<String, String> metadata, MediaRef content) {
        String title = get(metadata, TITLE);
        return MediaItem.builder()
                .id(id)
                .kind(kind)
                .fileName(fileName)
                .title(title != null || metadata.containsKey(KEY) ? title : FileNames.withoutExtension(fileName))
                .description(get(metadata, DESCRIPTION))
                .takenAt(instant(get(metadata, TAKEN_AT)))
                .location(location(get(metadata, LOCATION)))
                .width(integer(get(metadata, WIDTH)))
                .height(integer(get(metadata, HEIGHT)))
                .exif(exif(metadata.get(EXIF)))
                .content(content)
                .build();
    }

    private static void put(Map<String, String> m, String name, String value) {
        if (value != null) {
            m.put(name, encode(value));
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static int size(Map<String, String> m) {
        int bytes = 0;
        for (Map.Entry<String, String> e : m.entrySet()) {
            bytes += HEADER_PREFIX + e.getKey().length() + e.getValue().length(); // encoded: ASCII, a byte a char
        }
        return bytes;
    }

    /** Shortens {@code field}'s text until the metadata fits (never between the two halves of a surrogate pair). */
    private static void cut(Map<String, String> m, String field) {
        String text = URLDecoder.decode(m.get(field), StandardCharsets.UTF_8);
        int keep = text.length();
        while (keep > 0 && size(m) > MAX_BYTES) {
            keep = Math.max(0, keep - Math.max(1, (size(m) - MAX_BYTES) / 9)); // a char is at most 9 bytes encoded
            if (keep > 0 && Character.isLowSurrogate(text.charAt(keep))) {
                keep--;
            }
            if (keep == 0) {
                m.remove(field);
            } else {
                m.put(field, encode(text.substring(0, keep)));
            }
        }
    }

    private static Instant instant(String value) {
        try {
            return value == null ? null : Instant.parse(value);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Integer integer(String value) {
        try {
            return value == null ? null : Integer.valueOf(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static GeoLocation location(String value) {
        if (value == null) {
            return null;
        }
        String[] parts = value.split(",");
        try {
            return new GeoLocation(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]),
                    parts.length > 2 ? Double.valueOf(parts[2]) : null);
        } catch (RuntimeException e) {
            return null; // not ours, or damaged: the item goes without a place
        }
    }

    private static Map<String, String> exif(String value) {
        Map<String, String> exif = new TreeMap<>();
        if (value == null || value.isEmpty()) {
            return exif;
        }
        for (String pair : value.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                exif.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return exif;
    }
}
