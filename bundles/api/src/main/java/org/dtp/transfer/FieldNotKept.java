package org.dtp.transfer;

import java.time.Instant;

/**
 * A field of a source item (or container) that was not carried whole, where, and why: on the {@link Side#SOURCE}
 * side the canonical model could not carry what the exporter read; on the {@link Side#DESTINATION} side the
 * destination could not keep what it was given.
 */
public record FieldNotKept(String containerId, String sourceId, String field, String reason, Instant at, Side side) {
    /** Where a field was not kept. */
    public enum Side {
        /** Read at the source, not carried by the canonical model (reported by the exporter). */
        SOURCE,
        /** Given to the destination, not kept there (reported by the importer). */
        DESTINATION
    }

    /** An entry of the destination side, as all entries were before sides (1.7). */
    public FieldNotKept(String containerId, String sourceId, String field, String reason, Instant at) {
        this(containerId, sourceId, field, reason, at, Side.DESTINATION);
    }
}
