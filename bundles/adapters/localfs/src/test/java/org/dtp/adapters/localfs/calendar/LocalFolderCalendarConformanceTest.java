package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.localfs.LocalFolderConformance;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on the folder's calendar (see {@link org.dtp.conformance.AdapterConformanceTest}). */
public class LocalFolderCalendarConformanceTest extends LocalFolderConformance<Calendar, CalendarEvent> {
    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new LocalFolderCalendarExporter(SETTINGS);
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new LocalFolderCalendarImporter(SETTINGS);
    }
}
