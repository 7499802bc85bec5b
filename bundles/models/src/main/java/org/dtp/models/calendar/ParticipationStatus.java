package org.dtp.models.calendar;

/** An attendee's answer (RFC 5545 PARTSTAT; COMPLETED and IN_PROCESS apply to tasks). */
public enum ParticipationStatus {
    NEEDS_ACTION,
    ACCEPTED,
    DECLINED,
    TENTATIVE,
    DELEGATED,
    COMPLETED,
    IN_PROCESS,
    /** A status outside RFC 5545; the attendee's {@code statusText} holds it. */
    OTHER
}
