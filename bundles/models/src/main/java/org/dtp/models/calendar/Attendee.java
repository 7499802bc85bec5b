package org.dtp.models.calendar;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Someone invited to an event. {@code role} and {@code status} are null when the source does not
 * say; {@code roleText} / {@code statusText} hold the source's value when the enum is OTHER, and only then.
 * {@code parameters} are the source's other ATTENDEE parameters, by upper-case name, as written (CUTYPE,
 * DELEGATED-TO, DELEGATED-FROM, MEMBER, LANGUAGE, SENT-BY, DIR, X- parameters): kept so that they are written back.
 */
public record Attendee(
        String address,
        String name,
        AttendeeRole role,
        String roleText,
        ParticipationStatus status,
        String statusText,
        boolean rsvp,
        Map<String, List<String>> parameters) {

    public Attendee {
        Objects.requireNonNull(address, "address");
        if ((role == AttendeeRole.OTHER) != (roleText != null)) {
            throw new IllegalArgumentException("roleText is set exactly when role is OTHER");
        }
        if ((status == ParticipationStatus.OTHER) != (statusText != null)) {
            throw new IllegalArgumentException("statusText is set exactly when status is OTHER");
        }
        parameters = Parameters.copyOf(parameters);
    }

    /** An attendee without other parameters. */
    public Attendee(String address, String name, AttendeeRole role, String roleText, ParticipationStatus status,
                    String statusText, boolean rsvp) {
        this(address, name, role, roleText, status, statusText, rsvp, Map.of());
    }
}
