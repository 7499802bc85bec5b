package org.dtp.adapters.caldav;

import org.dtp.models.Vertical;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on CalDAV calendar. */
public class CalDavEventConformanceTest extends CalDavConformanceTest<Calendar, CalendarEvent> {
    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new CalDavEventExporter(connector());
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new CalDavEventImporter(connector());
    }
}
