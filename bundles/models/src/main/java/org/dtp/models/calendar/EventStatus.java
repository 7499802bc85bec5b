package org.dtp.models.calendar;

/** The status of an event (RFC 5545 STATUS for VEVENT). */
public enum EventStatus {
    TENTATIVE,
    CONFIRMED,
    CANCELLED
}
