package org.dtp.transfer;

import java.util.Objects;

/**
 * How many items of a transfer lost a field on one side. {@code field} is the field path with its indexes left out
 * ({@code attendees[].role} counts {@code attendees[0].role} and {@code attendees[2].role}). Since 1.8.
 */
public record FieldCount(String field, FieldNotKept.Side side, long count) {
    public FieldCount {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(side, "side");
    }
}
