package org.dtp.transfer;

import java.time.Instant;

/** A field of a source item (or container) that the destination could not keep, and why. */
public record FieldNotKept(String containerId, String sourceId, String field, String reason, Instant at) {
}
