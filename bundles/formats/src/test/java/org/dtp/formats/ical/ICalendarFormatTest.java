package org.dtp.formats.ical;

import org.dtp.formats.testing.Samples;
import org.junit.Test;

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
}
