package org.dtp.models.calendar;

/** An attendee's part in an event (RFC 5545 ROLE). */
public enum AttendeeRole {
    CHAIR,
    REQ_PARTICIPANT,
    OPT_PARTICIPANT,
    NON_PARTICIPANT,
    /** A role outside RFC 5545; the attendee's {@code roleText} holds it. */
    OTHER
}
