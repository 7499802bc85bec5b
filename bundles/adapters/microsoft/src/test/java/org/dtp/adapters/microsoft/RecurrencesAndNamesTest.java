package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;

public class RecurrencesAndNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LocalDate START = LocalDate.of(2026, 12, 5);

    private static String roundTrip(String rrule) {
        Map<String, Object> patterned = Recurrences.patterned(rrule, START);
        return patterned == null ? null : Recurrences.rrule(JSON.valueToTree(patterned));
    }

    @Test
    public void rulesGraphCanHoldComeBackAsTheyWere() {
        for (String rule : new String[]{"FREQ=DAILY", "FREQ=DAILY;INTERVAL=3;COUNT=5", "FREQ=WEEKLY;BYDAY=MO,WE,FR",
                "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU;UNTIL=20270101", "FREQ=MONTHLY;BYMONTHDAY=15",
                "FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1",
                "FREQ=YEARLY;BYMONTH=11;BYDAY=TH;BYSETPOS=4"}) {
            assertEquals(rule, roundTrip(rule));
        }
    }

    @Test
    public void implicitPartsTakeTheStartDate() {
        assertEquals("FREQ=WEEKLY;BYDAY=SA", roundTrip("FREQ=WEEKLY"));
        assertEquals("FREQ=MONTHLY;BYMONTHDAY=5", roundTrip("FREQ=MONTHLY"));
        assertEquals("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=5", roundTrip("FREQ=YEARLY"));
        assertEquals("FREQ=DAILY;UNTIL=20261231", roundTrip("FREQ=DAILY;UNTIL=20261231T235959Z"));
    }

    @Test
    public void rulesGraphCannotHoldAreRefused() {
        for (String rule : new String[]{"FREQ=HOURLY", "FREQ=MONTHLY;BYDAY=2MO", "FREQ=MONTHLY;BYMONTHDAY=1,15",
                "FREQ=WEEKLY;BYHOUR=9", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=5", "garbage"}) {
            assertNull(rule, roundTrip(rule));
        }
    }

    @Test
    public void namesAreMadeAcceptableToOneDriveAndTagsAreDeterministic() {
        assertEquals("a_b_c_d", DriveNames.clean("a:b*c?d", "x"));
        assertEquals("trail", DriveNames.clean(" trail. ", "x"));
        assertEquals("_CON.jpg", DriveNames.clean("CON.jpg", "x"));
        assertEquals("album", DriveNames.clean("...", "album"));
        UUID job = UUID.randomUUID();
        assertEquals(DriveNames.taggedFileName("IMG.JPG", job, "k1"), DriveNames.taggedFileName("IMG.JPG", job, "k1"));
        assertNotEquals(DriveNames.taggedFileName("IMG.JPG", job, "k1"), DriveNames.taggedFileName("IMG.JPG", job, "k2"));
        assertNotEquals(DriveNames.taggedFileName("IMG.JPG", job, "k1"), DriveNames.taggedFileName("IMG.JPG", UUID.randomUUID(), "k1"));
        String tagged = DriveNames.taggedFileName("holiday photo.jpeg", job, "k1");
        assertEquals(tagged, "holiday photo [" + DriveNames.tag(org.dtp.spi.Fingerprint.of(job, "k1")) + "].jpeg");
        assertEquals("no extension", "README [" + DriveNames.tag(org.dtp.spi.Fingerprint.of(job, "k1")) + "]", DriveNames.taggedFileName("README", job, "k1"));
    }
}
