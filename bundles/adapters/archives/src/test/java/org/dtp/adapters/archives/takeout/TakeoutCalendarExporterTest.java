package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

/** Takeout's Calendar: one .ics per calendar, as Google Calendar exports it (see the test README). */
public class TakeoutCalendarExporterTest {
    static final String CALENDAR = "Takeout/Calendar/";
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** A calendar as Google Calendar exports it: its name and zone as X-WR- properties, a VTIMEZONE, the events. */
    static String ics(String name, String events) {
        return String.join("\r\n",
                "BEGIN:VCALENDAR",
                "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
                "VERSION:2.0",
                "CALSCALE:GREGORIAN",
                "METHOD:PUBLISH",
                "X-WR-CALNAME:" + name,
                "X-WR-TIMEZONE:Europe/Paris",
                "X-WR-CALDESC:Work\\, mostly",
                "BEGIN:VTIMEZONE",
                "TZID:Europe/Paris",
                "X-LIC-LOCATION:Europe/Paris",
                "BEGIN:DAYLIGHT",
                "TZOFFSETFROM:+0100",
                "TZOFFSETTO:+0200",
                "TZNAME:CEST",
                "DTSTART:19700329T020000",
                "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                "END:DAYLIGHT",
                "BEGIN:STANDARD",
                "TZOFFSETFROM:+0200",
                "TZOFFSETTO:+0100",
                "TZNAME:CET",
                "DTSTART:19701025T030000",
                "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                "END:STANDARD",
                "END:VTIMEZONE") + "\r\n" + events + "END:VCALENDAR\r\n";
    }

    static String event(String uid, String start, String recurrenceId, String summary, String rrule) {
        return "BEGIN:VEVENT\r\n"
                + "DTSTART;TZID=Europe/Paris:" + start + "\r\n"
                + "DTSTAMP:20250101T000000Z\r\n"
                + "UID:" + uid + "\r\n"
                + (recurrenceId == null ? "" : "RECURRENCE-ID;TZID=Europe/Paris:" + recurrenceId + "\r\n")
                + (rrule == null ? "" : "RRULE:" + rrule + "\r\n")
                + "CREATED:20231201T100000Z\r\nDESCRIPTION:\r\nLAST-MODIFIED:20231201T100000Z\r\nLOCATION:\r\nSEQUENCE:0\r\n"
                + "STATUS:CONFIRMED\r\nSUMMARY:" + summary + "\r\nTRANSP:OPAQUE\r\nEND:VEVENT\r\n";
    }

    @Test
    public void eachIcsIsACalendarWithItsEventsAndChangedOccurrences() throws Exception {
        String meeting = "7kukuqrfedlm2f9t1e3d6pvnq4@google.com";
        Path zip = new TestArchive()
                .add(CALENDAR + "ann@example.org.ics", ics("ann@example.org",
                        event(meeting, "20240105T090000", null, "Team meeting", "FREQ=WEEKLY;BYDAY=FR")
                                + "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20240214\r\nDTEND;VALUE=DATE:20240215\r\n"
                                + "DTSTAMP:20250101T000000Z\r\nUID:2a4c1e7f9b@google.com\r\nSUMMARY:Valentine's\r\nEND:VEVENT\r\n"
                                + event(meeting, "20240112T100000", "20240112T090000", "Team meeting (moved)", null)))
                .add("Takeout/Calendar/Holidays in France.ics", ics("Holidays in France", "").replace("X-WR-CALNAME:Holidays in France\r\n", ""))
                .writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        ExportWalk<Calendar, CalendarEvent> walk = ExportWalk.of(new TakeoutCalendarExporter(Takeout.settings(2)),
                new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)));
        Calendar ann = walk.containers().get(0);
        assertEquals("ann@example.org", ann.name());
        assertEquals("Work, mostly", ann.description());
        assertEquals("Europe/Paris", ann.timeZoneId());
        assertEquals("Holidays in France", walk.containers().get(1).name());
        List<CalendarEvent> events = walk.items().get(ann.id());
        assertEquals(List.of("Team meeting", "Team meeting (moved)", "Valentine's"), events.stream().map(CalendarEvent::summary).toList());
        assertEquals(LocalDateTime.of(2024, 1, 5, 9, 0), events.get(0).start().dateTime());
        assertEquals(List.of("FREQ=WEEKLY;BYDAY=FR"), events.get(0).recurrenceRules());
        assertEquals(LocalDate.of(2024, 2, 14), events.get(2).start().date());
        assertEquals(CALENDAR + "ann@example.org.ics/" + meeting, events.get(0).id());
        assertEquals(0, walk.items().get(walk.containers().get(1).id()).size());
    }
}
