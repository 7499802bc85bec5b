package org.dtp.models.calendar;

/** What an alarm does (RFC 5545 ACTION). */
public enum AlarmAction {
    AUDIO,
    DISPLAY,
    EMAIL,
    /** An action outside RFC 5545; the alarm's {@code actionText} holds it. */
    OTHER
}
