package org.dtp.models;

import java.util.Objects;

/**
 * A reference to bytes held by the exporter. {@code uri} is opaque to everyone but the exporter
 * that made it; {@code size} is -1 when the exporter does not know it in advance.
 */
@Schema(name = "dtp.media-ref")
public record MediaRef(String uri, String contentType, long size) {
    public MediaRef {
        Objects.requireNonNull(uri, "uri");
        if (uri.isBlank()) {
            throw new IllegalArgumentException("a media reference needs a uri");
        }
        if (size < -1) {
            throw new IllegalArgumentException("size must be -1 (unknown) or at least 0, was " + size);
        }
    }
}
