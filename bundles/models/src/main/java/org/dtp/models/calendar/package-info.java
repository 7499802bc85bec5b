/**
 * Calendars and their events, with the semantics of iCalendar (RFC 5545). 1.3:
 * {@link org.dtp.models.calendar.CalendarEvent#propertyParameters()}, the parameters a field has no place for.
 * 1.4: {@link org.dtp.models.calendar.Organizer#parameters()}, {@link org.dtp.models.calendar.CalendarEvent#thisAndFuture()},
 * a TZID on a date ({@link org.dtp.models.calendar.CalendarTime#ofDate(java.time.LocalDate, String)}).
 */
@Export
@Version("1.4.0")
package org.dtp.models.calendar;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
