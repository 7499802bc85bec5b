package org.dtp.adapters.microsoft.calendar;

import org.dtp.adapters.microsoft.MicrosoftConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

import java.util.Set;

/** The conformance kit on Outlook calendars. */
public class OutlookCalendarConformanceTest extends MicrosoftConformanceTest<Calendar, CalendarEvent> {
    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new OutlookCalendarExporter(f.connector);
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new OutlookCalendarImporter(f.connector);
    }

    /** CREATED and LAST-MODIFIED are Outlook's createdDateTime and lastModifiedDateTime, set when the event is written. */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("created", "lastModified");
    }
}
