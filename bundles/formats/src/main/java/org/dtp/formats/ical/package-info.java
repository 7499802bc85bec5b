/**
 * iCalendar (RFC 5545) to the canonical {@link org.dtp.models.calendar.CalendarEvent} and
 * {@link org.dtp.models.tasks.Task} and back ({@link ICalendarFormat}), with VTIMEZONEs for the zones items use, for
 * every adapter that reads or writes iCalendar (CalDAV servers, .ics files). The iCalendar library used inside stays
 * private to this bundle. 1.4: {@link org.dtp.formats.ical.ICalendarFormat#alarmText}, an alarm named in a reason;
 * {@link org.dtp.formats.ical.ICalendarFormat#occurrenceStarts}, a series' occurrences as instants.
 */
@Export
@Version("1.6.0")
package org.dtp.formats.ical;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
