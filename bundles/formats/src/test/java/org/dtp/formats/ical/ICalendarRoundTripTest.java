package org.dtp.formats.ical;

import org.dtp.formats.testing.Samples;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The sample iCalendar objects read, their items written as components into a new object with the VTIMEZONEs they
 * need, and read back: the same items, with no server between.
 */
public class ICalendarRoundTripTest {
    @Test
    public void recurringEventsWithTheirChangedOccurrenceAndZonesReadTheSameWrittenAgain() throws Exception {
        for (String sample : List.of("weekly-with-exceptions.ics", "outlook-2010.ics")) {
            List<CalendarEvent> read = ICalendarFormat.readEvents("/cal/" + sample, Samples.icalendar(sample));
            Set<String> tzids = new LinkedHashSet<>();
            StringBuilder components = new StringBuilder();
            for (CalendarEvent e : read) {
                tzids.addAll(ICalendarFormat.timeZoneIds(e));
                components.append(ICalendarFormat.writeEventComponent(e, e.uid()));
            }
            String written = object(tzids, read.get(0).extended(), components.toString());
            assertEquals(sample, read, ICalendarFormat.readEvents("/cal/" + sample, written));
        }
    }

    @Test
    public void aChangedOccurrenceIsItsOwnEventWithItsOccurrenceInTheId() throws Exception {
        String text = Samples.icalendar("weekly-with-exceptions.ics");
        List<CalendarEvent> events = ICalendarFormat.readEvents("/cal/weekly.ics", text);
        assertEquals(2, events.size());
        assertEquals("the master first", null, events.get(0).recurrenceId());
        assertEquals("/cal/weekly.ics", events.get(0).id());
        CalendarTime moved = CalendarTime.ofZoned(LocalDateTime.parse("2024-04-08T09:30"), "Europe/Berlin");
        assertEquals(moved, events.get(1).recurrenceId());
        assertEquals("/cal/weekly.ics#20240408T093000", events.get(1).id());
        assertEquals(ICalendarFormat.eventId("/cal/weekly.ics", moved), events.get(1).id());
        assertEquals(Set.of("", "20240408T093000"), ICalendarFormat.occurrences(text, "VEVENT"));
        assertEquals(Set.of(), ICalendarFormat.occurrences(text, "VTODO"));
    }

    @Test
    public void aRecurringTaskReadsTheSameWrittenAgain() throws Exception {
        // The sample names America/New_York without its VTIMEZONE (Radicale adds one when it stores it); RFC 5545
        // §3.2.19 requires one, and the reader refuses the object without it, so it is added here.
        String sample = Samples.icalendar("tasks.ics").replace("BEGIN:VTODO",
                ICalendarFormat.vtimezoneFor("America/New_York", List.of()).orElseThrow() + "BEGIN:VTODO");
        List<Task> read = ICalendarFormat.readTasks("/tasks/t.ics", sample);
        assertEquals(1, read.size());
        Task task = read.get(0);
        String written = object(ICalendarFormat.timeZoneIds(task), task.extended(), ICalendarFormat.writeTaskComponent(task, task.uid()));
        assertEquals(read, ICalendarFormat.readTasks("/tasks/t.ics", written));
    }

    @Test
    public void aSeriesOccurrencesAreItsWallTimesInItsZoneAcrossDaylightSavingLessItsExdates() throws Exception {
        CalendarEvent standup = CalendarEvent.builder().id("s").uid("s@example.org").summary("Standup")
                .start(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-19T09:00"), "Europe/Berlin"))
                .end(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-19T09:15"), "Europe/Berlin"))
                .recurrenceRules(List.of("FREQ=WEEKLY;COUNT=4"))
                .exceptionDates(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-26T09:00"), "Europe/Berlin")))
                .build();
        // Berlin leaves CET for CEST on 31 March 2024: 09:00 is 08:00 UTC before, 07:00 UTC after
        assertEquals(List.of(Instant.parse("2024-03-19T08:00:00Z"), Instant.parse("2024-04-02T07:00:00Z"),
                Instant.parse("2024-04-09T07:00:00Z")), ICalendarFormat.occurrenceStarts(standup, Instant.parse("2030-01-01T00:00:00Z"), 100));
        assertEquals(List.of(Instant.parse("2024-03-19T08:00:00Z")),
                ICalendarFormat.occurrenceStarts(standup, Instant.parse("2024-04-01T00:00:00Z"), 100));
        assertEquals(2, ICalendarFormat.occurrenceStarts(standup, Instant.parse("2030-01-01T00:00:00Z"), 2).size());

        CalendarEvent holidays = CalendarEvent.builder().id("h").uid("h@example.org").summary("Off")
                .start(CalendarTime.ofDate(java.time.LocalDate.parse("2024-12-30")))
                .recurrenceRules(List.of("FREQ=DAILY;COUNT=3")).build();
        assertEquals(List.of(Instant.parse("2024-12-30T00:00:00Z"), Instant.parse("2024-12-31T00:00:00Z"),
                Instant.parse("2025-01-01T00:00:00Z")), ICalendarFormat.occurrenceStarts(holidays, Instant.parse("2030-01-01T00:00:00Z"), 100));
    }

    /** A server that wrote a URI value of a property it does not know as TEXT (Radicale, Xandikos) added escapes. */
    @Test
    public void aUriValueReadWithTextEscapesIsTheUriItWas() throws Exception {
        String escaped = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:geo-1\r\n"
                + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240101T100000Z\r\nSUMMARY:x\r\n"
                + "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Home:geo:48.860000\\,2.340000\r\n"
                + "X-NOTE:a\\,b\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:near\r\nTRIGGER:-PT5M\r\n"
                + "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Work:geo:48.1\\,2.3;u=10\r\nEND:VALARM\r\n"
                + "END:VEVENT\r\nEND:VCALENDAR\r\n";
        CalendarEvent event = ICalendarFormat.readEvents("/c/geo-1.ics", escaped).get(0);
        assertTrue(event.extended().toString(), event.extended().contains(new ExtendedProperty("X-APPLE-STRUCTURED-LOCATION",
                Map.of("VALUE", List.of("URI"), "X-TITLE", List.of("Home")), "geo:48.860000,2.340000")));
        assertTrue(event.alarms().get(0).extended().toString(), event.alarms().get(0).extended().contains(new ExtendedProperty(
                "X-APPLE-STRUCTURED-LOCATION", Map.of("VALUE", List.of("URI"), "X-TITLE", List.of("Work")), "geo:48.1,2.3;u=10")));
        // a TEXT value keeps its escapes, which its writer meant
        assertTrue(event.extended().stream().anyMatch(x -> x.name().equals("X-NOTE") && x.value().equals("a\\,b")));
        assertEquals("geo:1,2", ICalendarFormat.unescapedUri("geo:1\\,2"));
        assertEquals("a;b\\c", ICalendarFormat.unescapedUri("a\\;b\\\\c"));
        assertEquals("trailing\\", ICalendarFormat.unescapedUri("trailing\\"));
        // what a writer escapes for such a server is read back as the URI it was; TEXT values are left as they are
        List<ExtendedProperty> sent = List.of(new ExtendedProperty("X-A", Map.of("VALUE", List.of("URI")), "geo:1,2;u=3\\x"),
                new ExtendedProperty("X-B", Map.of(), "a,b"));
        List<ExtendedProperty> forServer = ICalendarFormat.textEscapedUris(sent);
        assertEquals("geo:1\\,2\\;u=3\\\\x", forServer.get(0).value());
        assertEquals(sent.get(1), forServer.get(1));
        assertEquals(sent.get(0).value(), ICalendarFormat.unescapedUri(forServer.get(0).value()));
    }

    @Test
    public void aZoneIsTheSourcesOwnVTimezoneElseOneFromTheJdkForIanaZonesOnly() throws Exception {
        String outlook = Samples.icalendar("outlook-2010.ics");
        CalendarEvent meeting = ICalendarFormat.readEvents("/o.ics", outlook).get(0);
        String own = ICalendarFormat.vtimezones(outlook).get("Eastern Standard Time");
        assertTrue(meeting.extended().contains(new ExtendedProperty(ICalendarFormat.VTIMEZONE_PROPERTY,
                Map.of("TZID", List.of("Eastern Standard Time")), own)));
        assertEquals(own, ICalendarFormat.vtimezoneFor("Eastern Standard Time", meeting.extended()).orElseThrow());
        assertTrue(ICalendarFormat.vtimezoneFor("Europe/Berlin", List.of()).orElseThrow().contains("TZID:Europe/Berlin\r\n"));
        assertFalse(ICalendarFormat.vtimezoneFor("Eastern Standard Time", List.of()).isPresent());
    }

    /** One iCalendar object of {@code components}, with the VTIMEZONEs of {@code tzids} as the format gives them. */
    private static String object(Set<String> tzids, List<ExtendedProperty> extended, String components) {
        StringBuilder zones = new StringBuilder();
        for (String tzid : tzids) {
            zones.append(ICalendarFormat.vtimezoneFor(tzid, extended).orElseThrow());
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dtp tests//EN\r\n" + zones + components + "END:VCALENDAR\r\n";
    }
}
