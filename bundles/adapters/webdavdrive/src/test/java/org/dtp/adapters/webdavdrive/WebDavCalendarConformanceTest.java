package org.dtp.adapters.webdavdrive;

import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the WebDAV drive's calendars in the folder layout (see {@link DriveConformance}). */
public class WebDavCalendarConformanceTest extends DriveConformance<Calendar, CalendarEvent> {
    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new WebDavCalendarExporter(connector());
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new WebDavCalendarImporter(connector());
    }
}
