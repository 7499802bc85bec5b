package org.dtp.formats.ical;

import org.dtp.formats.testing.Samples;
import org.dtp.models.calendar.CalendarTime;
import org.junit.Test;

import java.time.LocalDateTime;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

/** What iCalendar text the reader refuses. */
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
}
