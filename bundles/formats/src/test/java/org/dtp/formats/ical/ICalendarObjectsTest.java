package org.dtp.formats.ical;

import org.dtp.formats.testing.Samples;
import org.dtp.models.calendar.CalendarEvent;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Files of many events taken apart by UID, and objects put together from components. */
public class ICalendarObjectsTest {
    /** What calendar apps export: one VCALENDAR, its events of several UIDs, an override apart from its master. */
    private static final String EXPORT = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\n"
            + "X-WR-CALNAME:Work\r\n"
            + "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nTZOFFSETFROM:+0200\r\n"
            + "TZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
            + "BEGIN:VTIMEZONE\r\nTZID:Unused/Zone\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0000\r\n"
            + "TZOFFSETTO:+0000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
            + "BEGIN:VEVENT\r\nUID:series@example.org\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20240304T093000\r\n"
            + "DURATION:PT30M\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Standup\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:single@example.org\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240305T100000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:series@exam\r\n ple.org\r\nDTSTAMP:20240101T000000Z\r\nRECURRENCE-ID;TZID=Europe/Berlin:20240311T093000\r\n"
            + "DTSTART;TZID=Europe/Berlin:20240311T100000\r\nDURATION:PT30M\r\nSUMMARY:Standup (moved)\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n";

    @Test
    public void aFileOfManyEventsBecomesOneObjectPerUidWithTheZonesItNames() throws Exception {
        List<String> objects = ICalendarObjects.split(EXPORT);
        assertEquals(2, objects.size());
        List<CalendarEvent> series = ICalendarFormat.readEvents("s", objects.get(0));
        assertEquals(List.of("Standup", "Standup (moved)"), series.stream().map(CalendarEvent::summary).toList());
        assertEquals("series@example.org", series.get(1).uid());
        assertEquals(List.of("Europe/Berlin"), List.copyOf(ICalendarFormat.vtimezones(objects.get(0)).keySet()));
        assertTrue(objects.get(0).contains("X-WR-CALNAME:Work\r\n"));
        assertEquals(Map.of(), ICalendarFormat.vtimezones(objects.get(1)));
        assertEquals("Lunch", ICalendarFormat.readEvents("l", objects.get(1)).get(0).summary());
    }

    @Test
    public void severalCalendarsInOneFileAndASampleOfOneAreTakenApart() throws Exception {
        String sample = Samples.icalendar("weekly-with-exceptions.ics");
        List<String> objects = ICalendarObjects.split(sample + Samples.event(1) + Samples.event(2));
        assertEquals(3, objects.size());
        assertEquals(ICalendarFormat.readEvents("x", sample), ICalendarFormat.readEvents("x", objects.get(0)));
        assertEquals("Event 2", ICalendarFormat.readEvents("x", objects.get(2)).get(0).summary());
    }

    @Test
    public void textThatIsNoCalendarOrNeverEndsIsOnePieceTheReaderRefuses() {
        for (String text : List.of("hello", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\n")) {
            List<String> objects = ICalendarObjects.split(text);
            assertEquals(1, objects.size());
            assertThrows(MalformedICalendarException.class, () -> ICalendarFormat.readEvents("x", objects.get(0)));
        }
    }

    @Test
    public void anObjectPutTogetherAndAnOccurrenceInsertedReadBackAsWritten() throws Exception {
        List<CalendarEvent> series = ICalendarFormat.readEvents("s", ICalendarObjects.split(EXPORT).get(0));
        String master = ICalendarFormat.writeEventComponent(series.get(0), series.get(0).uid());
        String zone = ICalendarFormat.vtimezoneFor("Europe/Berlin", List.of()).orElseThrow();
        String object = ICalendarObjects.object("-//dtp tests//EN", List.of(), List.of(master));
        String both = ICalendarObjects.insert(object, List.of(zone),
                ICalendarFormat.writeEventComponent(series.get(1), series.get(1).uid()));
        assertEquals(List.of("Europe/Berlin"), List.copyOf(ICalendarFormat.vtimezones(both).keySet()));
        assertEquals(series, ICalendarFormat.readEvents("s", both));
    }

    @Test
    public void replacingAnOccurrenceKeepsTheMasterAndItsZonesAsTheyWere() throws Exception {
        String series = ICalendarObjects.split(EXPORT).get(0);
        CalendarEvent moved = ICalendarFormat.readEvents("s", series).get(1);
        String changed = ICalendarFormat.writeEventComponent(moved.toBuilder().summary("Standup (moved again)").build(), moved.uid());

        String replaced = ICalendarObjects.replace(series, "VEVENT", ICalendarFormat.timeText(moved.recurrenceId()), List.of(), changed)
                .orElseThrow();

        List<CalendarEvent> read = ICalendarFormat.readEvents("s", replaced);
        assertEquals(List.of("Standup", "Standup (moved again)"), read.stream().map(CalendarEvent::summary).toList());
        assertTrue(replaced.contains("SUMMARY:Standup\r\nEND:VEVENT\r\n"));
        assertEquals(ICalendarFormat.vtimezones(series), ICalendarFormat.vtimezones(replaced));
    }

    @Test
    public void replacingTheMasterKeepsItsOverridesAndAddsTheZonesGiven() throws Exception {
        String lunch = ICalendarObjects.split(EXPORT).get(1);
        CalendarEvent event = ICalendarFormat.readEvents("l", lunch).get(0);
        String zone = ICalendarFormat.vtimezoneFor("Europe/Berlin", List.of()).orElseThrow();

        String replaced = ICalendarObjects.replace(lunch, "VEVENT", "", List.of(zone),
                ICalendarFormat.writeEventComponent(event.toBuilder().summary("Late lunch").build(), event.uid())).orElseThrow();

        assertEquals("Late lunch", ICalendarFormat.readEvents("l", replaced).get(0).summary());
        assertEquals(List.of("Europe/Berlin"), List.copyOf(ICalendarFormat.vtimezones(replaced).keySet()));
    }

    @Test
    public void anOccurrenceTheObjectLacksIsNotReplaced() throws Exception {
        String lunch = ICalendarObjects.split(EXPORT).get(1);
        assertTrue(ICalendarObjects.replace(lunch, "VEVENT", "20240311T093000", List.of(), "BEGIN:VEVENT\r\nEND:VEVENT\r\n").isEmpty());
        assertTrue(ICalendarObjects.replace(lunch, "VTODO", "", List.of(), "BEGIN:VTODO\r\nEND:VTODO\r\n").isEmpty());
        assertThrows(MalformedICalendarException.class, () -> ICalendarObjects.replace("hello", "VEVENT", "", List.of(), ""));
    }

    @Test
    public void theUidOfAnObjectIsItsComponentsAndNotAZones() {
        assertEquals("series@example.org", ICalendarObjects.uid(ICalendarObjects.split(EXPORT).get(0)).orElseThrow());
        assertTrue(ICalendarObjects.uid("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n").isEmpty());
    }
}
