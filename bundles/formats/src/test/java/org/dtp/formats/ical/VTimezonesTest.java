package org.dtp.formats.ical;

import org.junit.Test;

import static org.junit.Assert.assertTrue;

/** VTIMEZONEs written from the JDK's rules for zones the source gave none for. */
public class VTimezonesTest {
    @Test
    public void aZoneThatHasNoVTimezoneIsWrittenFromTheJdksRules() {
        String berlin = VTimezones.of("Europe/Berlin");
        assertTrue(berlin, berlin.contains("TZID:Europe/Berlin\r\n"));
        assertTrue(berlin, berlin.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"));
        assertTrue(berlin, berlin.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"));
        assertTrue(berlin, berlin.contains("TZOFFSETTO:+0200"));
        String newYork = VTimezones.of("America/New_York");
        assertTrue(newYork, newYork.contains("BYMONTH=3;BYDAY=2SU") && newYork.contains("BYMONTH=11;BYDAY=1SU"));
        String tokyo = VTimezones.of("Asia/Tokyo");
        assertTrue(tokyo, tokyo.contains("TZOFFSETTO:+0900") && !tokyo.contains("DAYLIGHT"));
    }
}
