package org.dtp.formats.ical;

import org.dtp.formats.testing.IcalCorpus;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.junit.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The gaps of issue 19 for iCalendar, each on a real-world shaped sample of the corpus (samples/ical/corpus). */
public class ICalendarFidelityTest {
    private final IcalCorpus.Recorded losses = new IcalCorpus.Recorded();

    private List<CalendarEvent> events(String file, int object) throws Exception {
        return ICalendarFormat.readEvents("x", ICalendarObjects.split(IcalCorpus.read(file)).get(object), losses);
    }

    private boolean reported(String field, String reasonPart) {
        return losses.entries().stream().anyMatch(e -> e.field().equals(field) && e.reason().contains(reasonPart));
    }

    private static Attendee attendee(CalendarEvent e, String address) {
        return e.attendees().stream().filter(a -> a.address().equals(address)).findFirst().orElseThrow();
    }

    @Test
    public void attendeesKeepTheirParticipationLevelAndOtherParametersWrittenBack() throws Exception {
        CalendarEvent meeting = events("outlook-meeting-attendees.ics", 0).get(0);
        assertEquals(AttendeeRole.OPT_PARTICIPANT, attendee(meeting, "mailto:ben.cole@example.com").role());
        assertEquals(AttendeeRole.REQ_PARTICIPANT, attendee(meeting, "mailto:anna.berger@example.com").role());
        Attendee room = attendee(meeting, "mailto:room412@example.com");
        assertEquals(AttendeeRole.NON_PARTICIPANT, room.role());
        assertEquals(Map.of("CUTYPE", List.of("ROOM")), room.parameters());
        Attendee dora = attendee(meeting, "mailto:dora.e@example.com");
        assertEquals(List.of("mailto:assistant@example.com"), dora.parameters().get("SENT-BY"));
        assertEquals(List.of("mailto:carl.dunn@example.com"), dora.parameters().get("DELEGATED-FROM"));
        assertEquals(Set.of("MEMBER", "DELEGATED-TO"), attendee(meeting, "mailto:carl.dunn@example.com").parameters().keySet());
        assertEquals(List.of("de"), attendee(meeting, "mailto:ben.cole@example.com").parameters().get("LANGUAGE"));

        CalendarEvent again = ICalendarFormat.readEvents("x", object(meeting), losses).get(0);
        assertEquals(meeting.attendees(), again.attendees());
    }

    @Test
    public void alarmsKeepSoundRepeatDurationAcknowledgedAndApplesLocationWrittenBack() throws Exception {
        CalendarEvent bread = events("apple-calendar-alarms.ics", 0).get(0);
        Alarm sound = bread.alarms().get(0);
        assertEquals(AlarmAction.AUDIO, sound.action());
        assertTrue(sound.extended().toString(), sound.extended().stream().anyMatch(x -> x.name().equals("ATTACH") && x.value().equals("Chord")));
        assertTrue(sound.extended().stream().anyMatch(x -> x.name().equals("ACKNOWLEDGED")));
        Alarm arrive = bread.alarms().get(1);
        assertTrue(arrive.extended().contains(new ExtendedProperty("X-APPLE-PROXIMITY", Map.of(), "ARRIVE")));
        assertTrue(arrive.extended().stream().anyMatch(x -> x.name().equals("X-APPLE-STRUCTURED-LOCATION")
                && x.value().equals("geo:48.860000,2.340000") && x.params().get("X-TITLE").equals(List.of("Home"))));
        Alarm bell = bread.alarms().get(2);
        assertTrue(bell.triggerFromEnd());
        assertTrue(bell.extended().contains(new ExtendedProperty("REPEAT", Map.of(), "2")));
        assertTrue(bell.extended().contains(new ExtendedProperty("DURATION", Map.of(), "PT10M")));

        String written = ICalendarFormat.writeEventComponent(bread, bread.uid());
        assertTrue(written, written.contains("TRIGGER;RELATED=END:PT5M"));
        assertEquals(bread.alarms(), ICalendarFormat.readEvents("x", object(bread), losses).get(0).alarms());
    }

    @Test
    public void anAlarmIsNamedByItsLinesForAReason() throws Exception {
        List<Alarm> alarms = events("apple-calendar-alarms.ics", 0).get(0).alarms();
        String sound = ICalendarFormat.alarmText(alarms.get(0));
        assertTrue(sound, sound.startsWith("ACTION:AUDIO TRIGGER") && sound.contains(" ATTACH") && sound.contains(":Chord")
                && sound.contains(" ACKNOWLEDGED:"));
        String bell = ICalendarFormat.alarmText(alarms.get(2));
        assertTrue(bell, bell.contains("TRIGGER;RELATED=END:PT5M") && bell.contains(" REPEAT:2") && bell.contains(" DURATION:PT10M"));
        String arrive = ICalendarFormat.alarmText(alarms.get(1));
        assertTrue(arrive, arrive.contains("X-APPLE-PROXIMITY:ARRIVE") && arrive.contains("X-APPLE-STRUCTURED-LOCATION"));
    }

    @Test
    public void periodAndDateRdatesAndDateExdatesAreWrittenBackValid() throws Exception {
        CalendarEvent planning = events("rfc5545-rdate-range.ics", 0).get(0);
        assertEquals(CalendarTime.ofDate(LocalDate.of(1997, 1, 20)), planning.recurrenceDates().get(1));
        assertEquals(CalendarTime.ofDate(LocalDate.of(1997, 7, 4)), planning.exceptionDates().get(1));
        String written = ICalendarFormat.writeEventComponent(planning, planning.uid()).replace("\r\n ", "");
        assertTrue(written, written.contains("RDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z,19960404T010000Z/PT3H\r\n"));
        assertTrue(written, written.contains("RDATE;VALUE=DATE:19970101,19970120,19970217,19970421\r\n"));
        assertTrue(written, written.contains("EXDATE;VALUE=DATE:19970526,19970704\r\n"));
        assertEquals(planning, ICalendarFormat.readEvents("x", object(planning), losses).get(0));
        assertTrue("the period RDATE is named where it is kept", reported("extended[0]", "RDATE;VALUE=PERIOD:19960403T020000Z/"));
    }

    @Test
    public void aThisAndFutureRangeIsKeptOnItsOccurrenceAndWrittenBack() throws Exception {
        List<CalendarEvent> series = events("rfc5545-rdate-range.ics", 0);
        CalendarEvent moved = series.get(1);
        assertEquals("x#19970120T180000Z", moved.id());
        assertTrue(moved.thisAndFuture());
        assertFalse(series.get(0).thisAndFuture());
        assertEquals(Map.of(), moved.propertyParameters());
        String written = ICalendarFormat.writeEventComponent(moved, moved.uid());
        assertTrue(written, written.contains("\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:19970120T180000Z\r\n"));
        CalendarEvent back = ICalendarFormat.readEvents("x", object(series.get(0), moved), new IcalCorpus.Recorded()).get(1);
        assertEquals(moved, back);
        assertFalse("a kept range is no loss: " + losses.entries(), reported("recurrenceId", "RANGE"));
    }

    @Test
    public void aDelegatesOrganizerAndTheLanguageAndAltrepOfTextsAreKeptAndWrittenBack() throws Exception {
        CalendarEvent meeting = events("exchange-delegated-meeting.ics", 0).get(0);
        assertEquals(Map.of("SENT-BY", List.of("mailto:office.hahn@example.com"),
                "DIR", List.of("ldap://example.com:6666/o=ABC%20Industries,c=US???(cn=Greta%20Hahn)")), meeting.organizer().parameters());
        assertEquals(null, meeting.propertyParameters().get("organizer"));
        assertEquals(Map.of("LANGUAGE", List.of("de-DE")), meeting.propertyParameters().get("summary"));
        assertEquals(Map.of("ALTREP", List.of("CID:part1.0001@example.com"), "LANGUAGE", List.of("de-DE")),
                meeting.propertyParameters().get("description"));
        assertEquals("Greta Hahn", meeting.organizer().name());
        String written = ICalendarFormat.writeEventComponent(meeting, meeting.uid());
        CalendarEvent back = ICalendarFormat.readEvents("x", object(meeting), new IcalCorpus.Recorded()).get(0);
        assertEquals(written, meeting.propertyParameters(), back.propertyParameters());
        assertEquals(meeting.organizer(), back.organizer());
        assertTrue(written, written.replace("\r\n ", "").matches("(?s).*\r\nORGANIZER;[^:]*SENT-BY=\"mailto:office.hahn@example.com\";DIR=\"ldap:[^\r]*:mailto:greta.hahn@example.com\r\n.*"));
        for (String field : List.of("organizer", "summary", "description")) {
            assertFalse("what the model keeps is no loss: " + losses.entries(), losses.entries().stream().anyMatch(e -> e.field().equals(field)));
        }
    }

    @Test
    public void aRuleWithSpacesInItsDayListIsReadWholeAndTheChangeReported() throws Exception {
        CalendarEvent standup = events("lotus-notes-9.ics", 0).get(0);
        assertTrue(standup.recurrenceRules().get(0), standup.recurrenceRules().get(0).contains("BYDAY=MO,TU,WE,TH,FR"));
        assertTrue(reported("recurrenceRules", "BYDAY=MO, TU, WE, TH, FR"));
    }

    @Test
    public void aQuotedTzidKeepsTheSourcesVtimezoneAndWritesAnObjectDtpReads() throws Exception {
        CalendarEvent standup = events("lotus-notes-9.ics", 0).get(0);
        assertEquals("Eastern", standup.start().timeZoneId());
        String own = ICalendarFormat.vtimezoneFor("Eastern", standup.extended()).orElseThrow();
        assertTrue(own, own.contains("TZOFFSETTO:-0500"));
        assertEquals(standup.start(), ICalendarFormat.readEvents("x", object(standup), losses).get(0).start());
    }

    @Test
    public void aDateWithATzidIsKeptWithItsVtimezoneAndFloatingCreatedAndLastModifiedAreWrittenBackWithoutZ() throws Exception {
        CalendarEvent standup = events("lotus-notes-9.ics", 0).get(0);
        assertEquals("a floating time is no instant", null, standup.created());
        String written = ICalendarFormat.writeEventComponent(standup, standup.uid());
        assertTrue(written, written.contains("\r\nCREATED:20230901T114210\r\n") && written.contains("\r\nLAST-MODIFIED:20230901T114210\r\n"));
        assertTrue(losses.entries().toString(), reported("extended[0]", "CREATED:20230901T114210 kept in extended[0]"));
        CalendarEvent holiday = events("lotus-notes-9.ics", 1).get(0);
        assertEquals(CalendarTime.ofDate(LocalDate.of(2023, 10, 10), "Eastern"), holiday.start());
        assertEquals(Map.of(), holiday.propertyParameters());
        String object = object(holiday);
        assertTrue(object, object.contains("TZID:Eastern") && object.contains("\r\nDTSTART;TZID=Eastern;VALUE=DATE:20231010\r\n"));
        assertEquals(holiday.start(), ICalendarFormat.readEvents("x", object, new IcalCorpus.Recorded()).get(0).start());
        assertFalse("a date keeps its TZID: no loss " + losses.entries(), reported("start", "TZID"));
    }

    /** The Lotus Notes event as Radicale 3.1.8 serves it back: vobject marks the floating CREATED it stored. */
    @Test
    public void vobjectsMarkOnAFloatingCreatedIsNotKeptAsIfItWereTheSources() throws Exception {
        String served = IcalCorpus.read("lotus-notes-9.ics").replace("\nCREATED:", "\nCREATED;X-VOBJ-FLOATINGTIME-ALLOWED=TRUE:");
        CalendarEvent standup = ICalendarFormat.readEvents("x", ICalendarObjects.split(served).get(0), losses).get(0);
        String written = ICalendarFormat.writeEventComponent(standup, standup.uid());
        assertTrue(written, written.contains("\r\nCREATED:20230901T114210\r\n"));
    }

    @Test
    public void caretEncodedParametersAreReadAndWrittenBackEncoded() throws Exception {
        CalendarEvent opener = events("google-calendar-caret-attach.ics", 0).get(0);
        assertEquals("George Herman \"Babe\" Ruth", attendee(opener, "mailto:babe@example.org").name());
        assertEquals(List.of("Pittsburgh\nPA 15213"), attendee(opener, "mailto:pirates@example.org").parameters().get("X-ADDRESS"));
        String written = ICalendarFormat.writeEventComponent(opener, opener.uid()).replace("\r\n ", "");
        assertTrue(written, written.contains("^'Babe^'") && written.contains("Pittsburgh^nPA 15213"));
        assertEquals(opener.attendees(), ICalendarFormat.readEvents("x", object(opener), losses).get(0).attendees());
    }

    @Test
    public void controlCharactersAreRemovedAndEachReportedByItsField() throws Exception {
        CalendarEvent page = events("synology-control-characters.ics", 0).get(0);
        assertEquals("Page break in the title", page.summary());
        assertEquals("https://example.net/ab", page.url());
        assertTrue(reported("summary", "SUMMARY: control character U+000C removed"));
        assertTrue(reported("description", "U+000B"));
        assertTrue(reported("url", "U+0007"));
        assertFalse(ICalendarFormat.writeEventComponent(page, page.uid()).chars().anyMatch(c -> c < 0x20 && c != '\r' && c != '\n'));
    }

    @Test
    public void aBinaryAttachmentIsKeptAndWrittenBackValid() throws Exception {
        CalendarEvent opener = events("google-calendar-caret-attach.ics", 0).get(0);
        String written = ICalendarFormat.writeEventComponent(opener, opener.uid()).replace("\r\n ", "");
        assertTrue(written, written.matches("(?s).*ATTACH;[^:]*ENCODING=BASE64[^:]*:TGluZXVwOiBSdXRoLCBHZWhyaWcK\r\n.*"));
        assertTrue(written, written.matches("(?s).*ATTACH;[^:]*VALUE=BINARY[^:]*:TGluZXVwOiBSdXRoLCBHZWhyaWcK\r\n.*"));
        assertEquals(opener.extended(), ICalendarFormat.readEvents("x", object(opener), losses).get(0).extended());
    }

    @Test
    public void percentCompleteOfATaskIsKept() throws Exception {
        Task renew = ICalendarFormat.readTasks("t", IcalCorpus.read("synology-task.ics"), losses).get(0);
        assertEquals(Integer.valueOf(40), renew.percentComplete());
        assertTrue(ICalendarFormat.writeTaskComponent(renew, renew.uid()).contains("PERCENT-COMPLETE:40\r\n"));
    }

    @Test
    public void everyPropertyKeptInExtendedIsReportedByItsLineAndPlace() throws Exception {
        CalendarEvent meeting = events("outlook-meeting-attendees.ics", 0).get(0);
        for (int i = 0; i < meeting.extended().size(); i++) {
            ExtendedProperty x = meeting.extended().get(i);
            if (!x.name().equals(ICalendarFormat.VTIMEZONE_PROPERTY)) {
                assertTrue(x.name(), reported("extended[" + i + "]", x.name()) && reported("extended[" + i + "]", "kept in extended[" + i + "]"));
            }
        }
        assertTrue(reported("extended[" + indexOf(meeting, "X-MICROSOFT-CDO-BUSYSTATUS") + "]", "X-MICROSOFT-CDO-BUSYSTATUS:BUSY kept in extended["));
        assertEquals("the model keeps a text's LANGUAGE", Map.of("LANGUAGE", List.of("en-us")), meeting.propertyParameters().get("summary"));
        assertFalse(reported("summary", "LANGUAGE"));
    }

    private static int indexOf(CalendarEvent e, String name) {
        for (int i = 0; i < e.extended().size(); i++) {
            if (e.extended().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no " + name);
    }

    /** The iCalendar object of {@code events} (one UID) as an exporter's destination would store it, with the zones they need. */
    private static String object(CalendarEvent... events) {
        Set<String> tzids = new java.util.LinkedHashSet<>();
        List<ExtendedProperty> extended = new java.util.ArrayList<>();
        List<String> components = new java.util.ArrayList<>();
        for (CalendarEvent e : events) {
            tzids.addAll(ICalendarFormat.timeZoneIds(e));
            extended.addAll(e.extended());
            components.add(ICalendarFormat.writeEventComponent(e, e.uid()));
        }
        return ICalendarObjects.object("-//dtp tests//EN", ICalendarObjects.vtimezonesFor(tzids, extended, Set.of(), tzid -> {
            throw new AssertionError("no VTIMEZONE for " + tzid);
        }), components);
    }
}
