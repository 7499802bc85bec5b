package org.dtp.adapters.s3;

import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the S3 adapter's calendars in the folder layout (see {@link S3Conformance}). */
public class S3CalendarConformanceTest extends S3Conformance<Calendar, CalendarEvent> {
    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new S3CalendarExporter(connector());
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new S3CalendarImporter(connector());
    }
}
