/**
 * iCalendar (RFC 5545) to the canonical {@link org.dtp.models.calendar.CalendarEvent} and
 * {@link org.dtp.models.tasks.Task} and back ({@link ICalendarFormat}), with VTIMEZONEs for the zones items use, for
 * every adapter that reads or writes iCalendar (CalDAV servers, .ics files). The iCalendar library used inside stays
 * private to this bundle.
 */
@Export
@Version("1.3.0")
package org.dtp.formats.ical;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
