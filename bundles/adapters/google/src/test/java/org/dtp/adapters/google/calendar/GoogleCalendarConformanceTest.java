package org.dtp.adapters.google.calendar;

import org.dtp.adapters.google.GoogleConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

import java.util.Set;

/** The SPI conformance kit on the Google Calendar exporter and importer against the fake Google: a new fake (one user) per test, two events a page. */
public class GoogleCalendarConformanceTest extends GoogleConformanceTest<Calendar, CalendarEvent> {
    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new GoogleCalendarExporter(f.connector());
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new GoogleCalendarImporter(f.connector());
    }

    /**
     * What Google sets itself (Events resource: {@code created}, {@code updated}, {@code htmlLink} are read-only), and
     * what it gives a calendar the source says nothing of: a colour from its palette and the user's time zone
     * (calendars.insert, calendarList). A source calendar's own colour and time zone are carried over
     * ({@link GoogleCalendarTest}).
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("created", "lastModified", "url", "color", "timeZoneId");
    }
}
