package org.dtp.models.calendar;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Who organises an event: a calendar user address (usually {@code mailto:}) and a display name. {@code parameters}
 * are the source's other ORGANIZER parameters, by upper-case name, as written (SENT-BY, DIR, LANGUAGE, X-
 * parameters), kept as {@link Attendee#parameters()} keeps an attendee's (since 1.4).
 */
public record Organizer(String address, String name, Map<String, List<String>> parameters) {
    public Organizer {
        Objects.requireNonNull(address, "address");
        parameters = Parameters.copyOf(parameters);
    }

    /** An organizer without other parameters. */
    public Organizer(String address, String name) {
        this(address, name, Map.of());
    }
}
