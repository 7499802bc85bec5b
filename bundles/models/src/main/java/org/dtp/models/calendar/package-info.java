/**
 * Calendars and their events, with the semantics of iCalendar (RFC 5545). 1.3:
 * {@link org.dtp.models.calendar.CalendarEvent#propertyParameters()}, the parameters a field has no place for.
 */
@Export
@Version("1.3.0")
package org.dtp.models.calendar;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
