package org.dtp.models.calendar;

import java.util.Objects;

/** Who organises an event: a calendar user address (usually {@code mailto:}) and a display name. */
public record Organizer(String address, String name) {
    public Organizer {
        Objects.requireNonNull(address, "address");
    }
}
