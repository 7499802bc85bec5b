package org.dtp.models.calendar;

/** Whether an event blocks time in free/busy look-ups (RFC 5545 TRANSP). */
public enum Transparency {
    OPAQUE,
    TRANSPARENT
}
