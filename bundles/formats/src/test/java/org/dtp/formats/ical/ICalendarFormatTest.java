package org.dtp.formats.ical;

import org.dtp.formats.testing.Samples;
import org.dtp.models.calendar.CalendarTime;
import org.junit.Test;

import java.time.LocalDateTime;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

/** What iCalendar text the reader refuses; ids of events; RDATE periods as their starts. */
public class ICalendarFormatTest {
    @Test
    public void iCalendarThatCannotBeReadWholeIsRefused() {
        String[] broken = {
                "not iCalendar",
                Samples.event(1) + Samples.event(2),
                Samples.event(1).replace("SUMMARY:Event 1", "THIS LINE HAS NO COLON"),
                Samples.event(1).replace("END:VEVENT", "BEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nEND:VEVENT")};
        for (String text : broken) {
            assertThrows(text, MalformedICalendarException.class, () -> ICalendarFormat.readEvents("/x.ics", text));
        }
    }

    @Test
    public void aTzidWithoutVTimezoneIsReadInItsIanaZoneAndRefusedWhenItIsNone() throws Exception {
        String iana = Samples.event(1).replace("DTSTART:20240302T100000Z", "DTSTART;TZID=America/New_York:20240302T100000");
        assertEquals(CalendarTime.ofZoned(LocalDateTime.of(2024, 3, 2, 10, 0), "America/New_York"),
                ICalendarFormat.readEvents("/x.ics", iana).get(0).start());
        String unknown = iana.replace("America/New_York", "Somewhere Standard Time");
        assertThrows(MalformedICalendarException.class, () -> ICalendarFormat.readEvents("/x.ics", unknown));
    }

    @Test
    public void anEventIdGivesBackTheObjectIdOnlyForItsOwnOccurrence() {
        CalendarTime moved = CalendarTime.ofZoned(LocalDateTime.of(2024, 4, 8, 9, 30), "Europe/Berlin");
        String id = ICalendarFormat.eventId("/cal/weekly.ics", moved);
        assertEquals(java.util.Optional.of("/cal/weekly.ics"), ICalendarFormat.objectId(id, moved));
        assertEquals(java.util.Optional.of("/cal/weekly.ics"), ICalendarFormat.objectId("/cal/weekly.ics", null));
        assertEquals(java.util.Optional.empty(), ICalendarFormat.objectId("/cal/weekly.ics", moved));
        assertEquals(java.util.Optional.empty(), ICalendarFormat.objectId(ICalendarFormat.eventId("/cal/weekly.ics",
                CalendarTime.ofZoned(LocalDateTime.of(2024, 4, 15, 9, 30), "Europe/Berlin")), moved));
    }

    @Test
    public void rdatePeriodsBecomeTheirStartsInTheirZoneAndAnRdateThatIsNotPeriodsStays() throws Exception {
        String zoned = Samples.event(1).replace("END:VEVENT", "RDATE;TZID=Europe/Berlin;VALUE=PERIOD:20240305T100000/PT1H,"
                + "20240306T100000/20240306T120000\r\nEND:VEVENT");
        org.dtp.models.calendar.CalendarEvent event = ICalendarFormat.readEvents("/x.ics", zoned).get(0);
        ICalendarFormat.PeriodStarts starts = ICalendarFormat.periodsAsStarts(event).orElseThrow();
        assertEquals(java.util.List.of(CalendarTime.ofZoned(LocalDateTime.of(2024, 3, 5, 10, 0), "Europe/Berlin"),
                CalendarTime.ofZoned(LocalDateTime.of(2024, 3, 6, 10, 0), "Europe/Berlin")), starts.event().recurrenceDates());
        assertEquals(1, starts.periods().size());
        assertEquals("20240305T100000/PT1H,20240306T100000/20240306T120000", starts.periods().get(0).value());
        assertEquals("the period's property is gone", event.extended().size() - 1, starts.event().extended().size());

        String floating = Samples.event(1).replace("END:VEVENT", "RDATE;VALUE=PERIOD:20240305T100000/PT1H\r\nEND:VEVENT");
        assertEquals(java.util.List.of(CalendarTime.ofFloating(LocalDateTime.of(2024, 3, 5, 10, 0))), ICalendarFormat.periodsAsStarts(
                ICalendarFormat.readEvents("/x.ics", floating).get(0)).orElseThrow().event().recurrenceDates());
        String dates = Samples.event(1).replace("END:VEVENT", "RDATE:20240305T100000Z\r\nEND:VEVENT");
        assertEquals(java.util.Optional.empty(), ICalendarFormat.periodsAsStarts(ICalendarFormat.readEvents("/x.ics", dates).get(0)));
    }

    @Test
    public void aFieldPathNamesTheICalendarPropertyItIsWrittenAs() throws Exception {
        org.dtp.models.calendar.CalendarEvent event = ICalendarFormat.readEvents("/x.ics", Samples.event(1)).get(0).toBuilder()
                .extended(java.util.List.of(new org.dtp.models.ExtendedProperty("X-NOTE", java.util.Map.of(), "a")))
                .alarms(java.util.List.of(new org.dtp.models.calendar.Alarm(org.dtp.models.calendar.AlarmAction.DISPLAY, null, "-PT5M",
                        false, null, "soon", java.util.List.of(new org.dtp.models.ExtendedProperty("X-APPLE-PROXIMITY", java.util.Map.of(), "ARRIVE")))))
                .build();
        assertEquals("EXDATE", ICalendarFormat.propertyAt(event, "exceptionDates[0].utc"));
        assertEquals("SUMMARY", ICalendarFormat.propertyAt(event, "summary"));
        assertEquals("X-NOTE", ICalendarFormat.propertyAt(event, "extended[0].value"));
        assertEquals("VALARM TRIGGER", ICalendarFormat.propertyAt(event, "alarms[0].triggerOffset"));
        assertEquals("VALARM X-APPLE-PROXIMITY", ICalendarFormat.propertyAt(event, "alarms[0].extended[0].value"));
        assertEquals(null, ICalendarFormat.propertyAt(event, "extended[5].value"));
        org.dtp.models.tasks.Task task = ICalendarFormat.readTasks("/t.ics", Samples.event(1).replace("VEVENT", "VTODO")
                .replace("DTEND", "DUE")).get(0);
        assertEquals("SUMMARY", ICalendarFormat.propertyAt(task, "title"));
        assertEquals("DUE", ICalendarFormat.propertyAt(task, "due.utc"));
    }
}
