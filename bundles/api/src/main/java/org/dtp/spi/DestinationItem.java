package org.dtp.spi;

import java.util.Objects;

/**
 * An item found at the destination by {@link DestinationReader#find}: its id and, when the destination serves back the
 * item's media bytes as they were copied (a photo's file), their SHA-256 in lower-case hex; null when it serves back
 * nothing comparable (a vCard the server rewrites).
 *
 * @since 1.7
 */
public record DestinationItem(String destinationId, String mediaSha256) {
    public DestinationItem {
        Objects.requireNonNull(destinationId, "destinationId");
    }

    /** An item that is there, with nothing to compare. */
    public static DestinationItem present(String destinationId) {
        return new DestinationItem(destinationId, null);
    }
}
