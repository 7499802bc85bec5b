package org.dtp.models.calendar;

/** Who may see an event (RFC 5545 CLASS). */
public enum Classification {
    PUBLIC,
    PRIVATE,
    CONFIDENTIAL,
    /** A class outside RFC 5545; the event's {@code classificationText} holds it. */
    OTHER
}
