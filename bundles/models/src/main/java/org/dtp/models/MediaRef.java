package org.dtp.models;

import java.util.Objects;

/**
 * A reference to bytes held by the exporter. {@code uri} is opaque to everyone but the exporter
 * that made it; {@code size} is -1 when the exporter does not know it in advance. {@code md5} (since 1.1) is the
 * MD5 of the bytes in lower-case hex when the source tells it (SmugMug's ArchivedMD5, Google's md5Checksum...), else
 * null: an importer can then send its destination the checksum with a streamed upload instead of spooling the bytes
 * to compute it, and the exporter checks the bytes it serves against it.
 */
@Schema(name = "dtp.media-ref")
public record MediaRef(String uri, String contentType, long size, String md5) {
    private static final java.util.regex.Pattern MD5 = java.util.regex.Pattern.compile("[0-9a-f]{32}");

    /** A reference without a checksum (the 1.0 constructor). */
    public MediaRef(String uri, String contentType, long size) {
        this(uri, contentType, size, null);
    }

    public MediaRef {
        if (md5 != null && !MD5.matcher(md5).matches()) {
            throw new IllegalArgumentException("md5 must be 32 lower-case hex digits, was '" + md5 + "'");
        }
        Objects.requireNonNull(uri, "uri");
        if (uri.isBlank()) {
            throw new IllegalArgumentException("a media reference needs a uri");
        }
        if (size < -1) {
            throw new IllegalArgumentException("size must be -1 (unknown) or at least 0, was " + size);
        }
    }
}
