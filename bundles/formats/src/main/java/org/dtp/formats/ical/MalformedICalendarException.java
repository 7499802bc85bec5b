package org.dtp.formats.ical;

/** iCalendar text that cannot be read whole; the message says what and where. */
public final class MalformedICalendarException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedICalendarException(String message) {
        super(message);
    }
}
