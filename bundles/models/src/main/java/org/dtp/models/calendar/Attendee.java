package org.dtp.models.calendar;

import java.util.Objects;

/**
 * Someone invited to an event. {@code role} and {@code status} are null when the source does not
 * say; {@code roleText} / {@code statusText} hold the source's value when the enum is OTHER, and only then.
 */
public record Attendee(
        String address,
        String name,
        AttendeeRole role,
        String roleText,
        ParticipationStatus status,
        String statusText,
        boolean rsvp) {

    public Attendee {
        Objects.requireNonNull(address, "address");
        if ((role == AttendeeRole.OTHER) != (roleText != null)) {
            throw new IllegalArgumentException("roleText is set exactly when role is OTHER");
        }
        if ((status == ParticipationStatus.OTHER) != (statusText != null)) {
            throw new IllegalArgumentException("statusText is set exactly when status is OTHER");
        }
    }
}
