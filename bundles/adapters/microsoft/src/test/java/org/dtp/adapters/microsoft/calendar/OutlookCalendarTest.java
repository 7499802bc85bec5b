package org.dtp.adapters.microsoft.calendar;

import org.dtp.adapters.microsoft.Fixture;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.adapters.microsoft.fake.FakeOutlook;
import org.dtp.conformance.ExportWalk;
import org.dtp.formats.testing.IcalCorpus;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.Organizer;
import org.dtp.models.calendar.ParticipationStatus;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class OutlookCalendarTest {
    private final Fixture f;
    private final FakeOutlook outlook;

    public OutlookCalendarTest() throws Exception {
        f = new Fixture(2, 1);
        outlook = f.fake.outlook();
    }

    @After
    public void close() {
        f.close();
    }

    private ExportWalk<Calendar, CalendarEvent> export() throws Exception {
        return ExportWalk.of(new OutlookCalendarExporter(f.connector), f.source());
    }

    @Test
    public void exportsEventsInTheirZonesAndASeriesWithItsChangedOccurrenceAcrossPages() throws Exception {
        String work = outlook.calendar("Work");
        outlook.add(work, """
                {"subject":"Review","body":{"contentType":"html","content":"<p>Agenda</p>"},"location":{"displayName":"Room 4"},
                 "start":{"dateTime":"2024-06-03T14:00:00.0000000","timeZone":"America/New_York"},
                 "end":{"dateTime":"2024-06-03T15:30:00.0000000","timeZone":"America/New_York"},
                 "attendees":[{"emailAddress":{"address":"bob@example.org","name":"Bob"},"type":"optional"}],
                 "isReminderOn":true,"reminderMinutesBeforeStart":15,"categories":["Blue"],"sensitivity":"private","showAs":"tentative"}""");
        outlook.add(work, """
                {"subject":"Offsite","isAllDay":true,"start":{"dateTime":"2024-06-12T00:00:00.0000000","timeZone":"UTC"},
                 "end":{"dateTime":"2024-06-14T00:00:00.0000000","timeZone":"UTC"},"showAs":"free"}""");
        ObjectNode yoga = outlook.add(work, """
                {"subject":"Yoga","start":{"dateTime":"2024-05-07T18:00:00.0000000","timeZone":"Europe/Paris"},
                 "end":{"dateTime":"2024-05-07T19:00:00.0000000","timeZone":"Europe/Paris"},
                 "recurrence":{"pattern":{"type":"weekly","interval":1,"daysOfWeek":["tuesday"],"firstDayOfWeek":"monday"},
                               "range":{"type":"numbered","startDate":"2024-05-07","numberOfOccurrences":10}}}""");
        String yogaId = yoga.path("id").asText();
        // the third Tuesday moves to 19:00 (an exception made in Outlook)
        outlook.add(work, "{\"subject\":\"Lunch\",\"start\":{\"dateTime\":\"2024-05-10T12:00:00.0000000\",\"timeZone\":\"UTC\"},"
                + "\"end\":{\"dateTime\":\"2024-05-10T13:00:00.0000000\",\"timeZone\":\"UTC\"}}");
        outlook.changeOccurrence(yogaId, "2024-05-21T16:00:00Z",
                "{\"start\":{\"dateTime\":\"2024-05-21T19:00:00.0000000\",\"timeZone\":\"Europe/Paris\"},"
                        + "\"end\":{\"dateTime\":\"2024-05-21T20:00:00.0000000\",\"timeZone\":\"Europe/Paris\"}}");

        ExportWalk<Calendar, CalendarEvent> walk = export();
        List<CalendarEvent> events = walk.items().get(work);
        assertEquals(List.of("Review", "Offsite", "Yoga", "Yoga", "Lunch"), events.stream().map(CalendarEvent::summary).toList());
        CalendarEvent review = events.get(0);
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-06-03T14:00"), "America/New_York"), review.start());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-06-03T15:30"), "America/New_York"), review.end());
        assertEquals("the body as text", "Agenda", review.description());
        assertEquals("Room 4", review.location());
        assertEquals(List.of(new Attendee("mailto:bob@example.org", "Bob", AttendeeRole.OPT_PARTICIPANT, null,
                ParticipationStatus.NEEDS_ACTION, null, true)), review.attendees());
        assertEquals(new Organizer("mailto:" + FakeOutlook.USER_ADDRESS, "Megan Bowen"), review.organizer());
        assertEquals(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, "Review")), review.alarms());
        assertEquals(List.of("Blue"), review.categories());
        assertEquals(org.dtp.models.calendar.Classification.PRIVATE, review.classification());
        assertEquals(org.dtp.models.calendar.EventStatus.TENTATIVE, review.status());
        CalendarEvent offsite = events.get(1);
        assertEquals(CalendarTime.ofDate(LocalDate.parse("2024-06-12")), offsite.start());
        assertEquals(CalendarTime.ofDate(LocalDate.parse("2024-06-14")), offsite.end());
        assertEquals(org.dtp.models.calendar.Transparency.TRANSPARENT, offsite.transparency());
        assertNull("no organizer without attendees", offsite.organizer());
        CalendarEvent series = events.get(2);
        CalendarEvent moved = events.get(3);
        assertEquals(List.of("FREQ=WEEKLY;BYDAY=TU;COUNT=10"), series.recurrenceRules());
        assertEquals("a moved occurrence is no cancelled one", List.of(), series.exceptionDates());
        assertEquals(series.uid(), moved.uid());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-05-21T18:00"), "Europe/Paris"), moved.recurrenceId());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-05-21T19:00"), "Europe/Paris"), moved.start());
        assertEquals(CalendarTime.ofUtc(Instant.parse("2024-05-10T12:00:00Z")), events.get(4).start());
    }

    @Test
    public void aSeriesItsChangedAndItsCancelledOccurrenceGoInOnceAlsoAfterARestart() throws Exception {
        CalendarTime start = CalendarTime.ofZoned(LocalDateTime.parse("2024-05-07T18:00"), "Europe/Paris");
        CalendarEvent master = event("e1", null, start, CalendarTime.ofZoned(LocalDateTime.parse("2024-05-07T19:00"), "Europe/Paris"),
                List.of("FREQ=WEEKLY;BYDAY=TU;COUNT=10"), List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-05-14T18:00"), "Europe/Paris")));
        CalendarEvent moved = event("e1-x", CalendarTime.ofZoned(LocalDateTime.parse("2024-05-21T18:00"), "Europe/Paris"),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-05-21T19:30"), "Europe/Paris"),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-05-21T20:30"), "Europe/Paris"), List.of(), List.of());
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        for (int attempt = 0; attempt < 2; attempt++) {
            OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
            String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Sport", null, null, null), null);
            importer.importItem(into, "e1", master, calendar);
            importer.importItem(into, "e1-x", moved, calendar);
        }
        String calendar = outlook.foldersNamed("Sport").get(0).path("id").asText();
        assertEquals("one series", 1, outlook.items(calendar).size());
        assertEquals("one changed occurrence", 1, outlook.exceptionCount());
        assertEquals("the EXDATE's occurrence deleted", 1, outlook.cancelledCount());
        assertEquals("the EXDATE is kept (not reported)", List.of(), into.notKept().stream()
                .filter(n -> n.field().startsWith("exceptionDates")).toList());

        List<CalendarEvent> events = export().items().get(calendar);
        assertEquals(2, events.size());
        assertEquals("yoga@example.org", events.get(0).uid());
        assertEquals(master.recurrenceRules(), events.get(0).recurrenceRules());
        assertEquals(start, events.get(0).start());
        assertEquals("the cancelled occurrence: the one missing from the instances", master.exceptionDates(),
                events.get(0).exceptionDates());
        assertEquals(moved.recurrenceId(), events.get(1).recurrenceId());
        assertEquals(moved.start(), events.get(1).start());
        assertEquals(moved.end(), events.get(1).end());
        assertEquals("yoga@example.org", events.get(1).uid());
    }

    @Test
    public void aDurationAndAReminderInWeeksAreKept() throws Exception {
        CalendarTime zoned = CalendarTime.ofZoned(LocalDateTime.parse("2024-03-25T09:00"), "Europe/Paris");
        CalendarTime utc = CalendarTime.ofUtc(Instant.parse("2024-06-03T08:00:00Z"));
        CalendarEvent retreat = CalendarEvent.builder()
                .id("w1")
                .uid("retreat@example.org")
                .summary("Retreat")
                .start(zoned)
                .duration("P1W")
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-P1W", false, null, "Retreat")))
                .build();
        CalendarEvent course = CalendarEvent.builder()
                .id("w2")
                .uid("course@example.org")
                .summary("Course")
                .start(utc)
                .duration("+P2W")
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-P1W", false, null, "Course")))
                .build();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Weeks", null, null, null), null);
        importer.importItem(into, "w1", retreat, calendar);
        importer.importItem(into, "w2", course, calendar);

        for (ObjectNode item : outlook.items(calendar)) {
            assertEquals(true, item.path("isReminderOn").asBoolean());
            assertEquals("a week before", 7 * 24 * 60, item.path("reminderMinutesBeforeStart").asInt());
        }
        List<CalendarEvent> events = export().items().get(calendar);
        assertEquals("seven days on the wall clock, across the change to summer time",
                CalendarTime.ofZoned(LocalDateTime.parse("2024-04-01T09:00"), "Europe/Paris"), events.get(0).end());
        assertEquals(CalendarTime.ofUtc(Instant.parse("2024-06-17T08:00:00Z")), events.get(1).end());
    }

    /** What an Outlook 16 meeting sent by a delegate carries beyond Graph's event form (corpus exchange-delegated-meeting.ics). */
    @Test
    public void attendeeParametersAlarmPropertiesAndPropertyParametersAreReportedWithTheirValues() throws Exception {
        CalendarEvent meeting = CalendarEvent.builder()
                .id("m1")
                .uid("exchange-delegated-20240617@example.com")
                .summary("Budgetrunde Q3")
                .start(CalendarTime.ofUtc(Instant.parse("2024-06-17T08:00:00Z")))
                .end(CalendarTime.ofUtc(Instant.parse("2024-06-17T09:30:00Z")))
                .attendees(List.of(new Attendee("mailto:b2-101@example.com", "Raum B2.101", AttendeeRole.NON_PARTICIPANT, null,
                        null, null, false, java.util.Map.of("CUTYPE", List.of("ROOM")))))
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, "Budgetrunde Q3",
                        List.of(new org.dtp.models.ExtendedProperty("REPEAT", java.util.Map.of(), "2")))))
                .propertyParameters(java.util.Map.of("summary", java.util.Map.of("LANGUAGE", List.of("de-DE"))))
                .build();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        importer.importItem(into, "m1", meeting, importer.importContainer(into, "cal", new Calendar("c1", "Work", null, null, null), null));

        assertReported(into, "attendees[0].parameters", "CUTYPE=[ROOM]");
        assertReported(into, "alarms[0].extended", "REPEAT");
        assertReported(into, "propertyParameters", "LANGUAGE=[de-DE]");
    }

    /** The corpus' attendee, organizer, alarm and date details (IcalCorpus.detailedMeeting), each reported with its value. */
    @Test
    public void attendeeAndAlarmDetailsGraphCannotHoldAreReportedByValue() throws Exception {
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        importer.importItem(into, "meeting", IcalCorpus.detailedMeeting(),
                importer.importContainer(into, "cal", new Calendar("c1", "Work", null, null, null), null));

        assertReported(into, "meeting", "start", "TZID=Eastern on a date not kept: an all-day Outlook event has no time zone");
        assertReported(into, "meeting", "organizer", "SENT-BY=[mailto:office.hahn@example.com], DIR=[ldap:");
        assertReported(into, "meeting", "attendees[1].parameters", "LANGUAGE=[de]");
        assertReported(into, "meeting", "attendees[2].parameters", "CUTYPE=[ROOM]");
        assertReported(into, "meeting", "attendees[3].parameters", "CUTYPE=[RESOURCE]");
        assertReported(into, "meeting", "attendees[4].parameters", "CUTYPE=[GROUP]");
        assertReported(into, "meeting", "attendees[5].parameters", "MEMBER=[mailto:alpha@example.com], DELEGATED-TO=[mailto:dora.e@example.com]");
        assertReported(into, "meeting", "attendees[6].parameters", "DELEGATED-FROM=[mailto:carl.dunn@example.com], SENT-BY=[mailto:assistant@example.com], DIR=[ldap:");
        assertReported(into, "meeting", "alarms[0]", "ACTION:AUDIO TRIGGER:-PT15M");
        assertReported(into, "meeting", "alarms[0]", "ACKNOWLEDGED:20240412T154501Z");
        assertReported(into, "meeting", "alarms[0]", "ATTACH:Chord");
        assertReported(into, "meeting", "alarms[1]", "X-APPLE-PROXIMITY:ARRIVE X-APPLE-STRUCTURED-LOCATION");
        assertReported(into, "meeting", "alarms[2]", "TRIGGER;RELATED=END:PT5M REPEAT:2 DURATION:PT10M ATTACH");
    }

    /** A weekly all-day series whose EXDATE carries a TZID, as Lotus Notes writes its dates (lotus-notes-9.ics). */
    @Test
    public void theTzidOfASeriesExdateIsReported() throws Exception {
        CalendarEvent holiday = event("h1", null, CalendarTime.ofDate(LocalDate.parse("2023-10-10")),
                CalendarTime.ofDate(LocalDate.parse("2023-10-11")), List.of("FREQ=WEEKLY;COUNT=5"),
                List.of(CalendarTime.ofDate(LocalDate.parse("2023-10-17"), "Eastern")));
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        importer.importItem(into, "h1", holiday, importer.importContainer(into, "cal", new Calendar("c1", "Holidays", null, null, null), null));

        assertReported(into, "h1", "exceptionDates[0]", "TZID=Eastern on a date not kept");
    }

    /**
     * A birthday as Google Calendar exports it (DTSTART;VALUE=DATE, RRULE:FREQ=YEARLY, no end) with the year it was
     * skipped as an EXDATE;VALUE=DATE: the series becomes an absoluteYearly all-day series, that year's occurrence is
     * deleted, and the later ones stay.
     */
    @Test
    public void theOccurrenceAnExdateNamesInAYearlyAllDaySeriesIsDeleted() throws Exception {
        CalendarEvent birthday = event("b1", null, CalendarTime.ofDate(LocalDate.parse("1985-03-15")),
                CalendarTime.ofDate(LocalDate.parse("1985-03-16")), List.of("FREQ=YEARLY"),
                List.of(CalendarTime.ofDate(LocalDate.parse("2020-03-15"))));
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Birthdays", null, null, null), null);
        importer.importItem(into, "b1", birthday, calendar);

        ObjectNode series = outlook.items(calendar).get(0);
        assertEquals("absoluteYearly", series.path("recurrence").path("pattern").path("type").asText());
        assertEquals(3, series.path("recurrence").path("pattern").path("month").asInt());
        assertEquals(15, series.path("recurrence").path("pattern").path("dayOfMonth").asInt());
        assertEquals("the 2020 birthday deleted", List.of("2019-03-15", "2021-03-15"),
                outlook.instanceDays(series.path("id").asText(), "2019-01-01T00:00:00Z", "2022-01-01T00:00:00Z"));
        assertEquals("the EXDATE is kept (not reported)", List.of(), into.notKept().stream()
                .filter(n -> n.field().startsWith("exceptionDates")).toList());
        assertEquals(List.of("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15"), export().items().get(calendar).get(0).recurrenceRules());
    }

    /** A meeting on the fourth Thursday of November (relativeYearly), skipped one year by a zoned EXDATE. */
    @Test
    public void theOccurrenceAnExdateNamesInARelativeYearlySeriesIsDeleted() throws Exception {
        CalendarEvent meeting = event("t1", null, CalendarTime.ofZoned(LocalDateTime.parse("2021-11-25T10:00"), "America/New_York"),
                CalendarTime.ofZoned(LocalDateTime.parse("2021-11-25T11:00"), "America/New_York"),
                List.of("FREQ=YEARLY;BYMONTH=11;BYDAY=TH;BYSETPOS=4"),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2023-11-23T10:00"), "America/New_York")));
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Holidays", null, null, null), null);
        importer.importItem(into, "t1", meeting, calendar);

        ObjectNode series = outlook.items(calendar).get(0);
        assertEquals("relativeYearly", series.path("recurrence").path("pattern").path("type").asText());
        assertEquals(List.of("2021-11-25", "2022-11-24", "2024-11-28"),
                outlook.instanceDays(series.path("id").asText(), "2021-01-01T00:00:00Z", "2025-01-01T00:00:00Z"));
    }

    /**
     * A timed yearly series whose EXDATE is a date (EXDATE;VALUE=DATE, as some clients write it): the occurrence on
     * that day, in the series' zone, is deleted (at 19:00 in Berlin, not at midnight UTC).
     */
    @Test
    public void aDateExdateOfATimedSeriesDeletesThatDaysOccurrence() throws Exception {
        CalendarEvent dinner = event("d1", null, CalendarTime.ofZoned(LocalDateTime.parse("2021-03-15T19:00"), "Europe/Berlin"),
                CalendarTime.ofZoned(LocalDateTime.parse("2021-03-15T22:00"), "Europe/Berlin"), List.of("FREQ=YEARLY;COUNT=5"),
                List.of(CalendarTime.ofDate(LocalDate.parse("2023-03-15"))));
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Dinners", null, null, null), null);
        importer.importItem(into, "d1", dinner, calendar);

        assertEquals(List.of("2021-03-15", "2022-03-15", "2024-03-15", "2025-03-15"), outlook.instanceDays(
                outlook.items(calendar).get(0).path("id").asText(), "2021-01-01T00:00:00Z", "2026-01-01T00:00:00Z"));
    }

    /** An all-day weekly series whose EXDATE is a zoned midnight (a date-time where a date belongs): that day's occurrence is deleted. */
    @Test
    public void aDateTimeExdateOfAnAllDaySeriesDeletesThatDaysOccurrence() throws Exception {
        CalendarEvent rota = event("r1", null, CalendarTime.ofDate(LocalDate.parse("2024-01-05")),
                CalendarTime.ofDate(LocalDate.parse("2024-01-06")), List.of("FREQ=WEEKLY;COUNT=4"),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-01-12T00:00"), "Europe/Berlin")));
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Rota", null, null, null), null);
        importer.importItem(into, "r1", rota, calendar);

        assertEquals(List.of("2024-01-05", "2024-01-19", "2024-01-26"), outlook.instanceDays(
                outlook.items(calendar).get(0).path("id").asText(), "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z"));
        assertEquals("exported, the cancelled day is the all-day series' EXDATE", List.of(CalendarTime.ofDate(LocalDate.parse("2024-01-12"))),
                export().items().get(calendar).get(0).exceptionDates());
    }

    /**
     * A series made in Outlook in a Windows zone (its {@code originalStartTimeZone} "W. Europe Standard Time") is
     * exported in the IANA zone CLDR maps that name to, so that its 09:00 is still 09:00 after the clocks change in
     * Berlin (31 March 2024): as an instant (08:00 UTC) with its weekly rule it would move to 10:00.
     */
    @Test
    public void aSeriesInAWindowsZoneIsExportedInItsIanaZoneAndKeepsItsWallTime() throws Exception {
        String work = outlook.calendar("Work");
        outlook.add(work, """
                {"subject":"Standup","start":{"dateTime":"2024-03-19T09:00:00.0000000","timeZone":"W. Europe Standard Time"},
                 "end":{"dateTime":"2024-03-19T09:15:00.0000000","timeZone":"W. Europe Standard Time"},
                 "recurrence":{"pattern":{"type":"weekly","interval":1,"daysOfWeek":["tuesday"],"firstDayOfWeek":"monday"},
                               "range":{"type":"numbered","startDate":"2024-03-19","numberOfOccurrences":4}}}""");
        TestTransferContext source = f.source();
        CalendarEvent standup = ExportWalk.of(new OutlookCalendarExporter(f.connector), source).items().get(work).get(0);
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-19T09:00"), "Europe/Berlin"), standup.start());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-19T09:15"), "Europe/Berlin"), standup.end());
        assertEquals(1, standup.recurrenceRules().size());
        assertEquals("nothing to report", List.of(), source.notKept());
    }

    /** A zone Outlook made up ({@code tzone://Microsoft/Custom}) leaves an instant, and the export says so. */
    @Test
    public void anEventInAZoneNoOneMapsIsAnInstantAndReported() throws Exception {
        String work = outlook.calendar("Work");
        ObjectNode custom = outlook.add(work, """
                {"subject":"Call","start":{"dateTime":"2024-03-19T09:00:00.0000000","timeZone":"UTC"},
                 "end":{"dateTime":"2024-03-19T09:30:00.0000000","timeZone":"UTC"}}""");
        custom.put("originalStartTimeZone", "tzone://Microsoft/Custom").put("originalEndTimeZone", "tzone://Microsoft/Custom");
        ObjectNode weekly = outlook.add(work, """
                {"subject":"Weekly","start":{"dateTime":"2024-03-19T09:00:00.0000000","timeZone":"UTC"},
                 "end":{"dateTime":"2024-03-19T09:30:00.0000000","timeZone":"UTC"},
                 "recurrence":{"pattern":{"type":"weekly","interval":1,"daysOfWeek":["tuesday"],"firstDayOfWeek":"monday"},
                               "range":{"type":"numbered","startDate":"2024-03-19","numberOfOccurrences":4}}}""");
        weekly.put("originalStartTimeZone", "tzone://Microsoft/Custom").put("originalEndTimeZone", "tzone://Microsoft/Custom");
        TestTransferContext source = f.source();
        List<CalendarEvent> events = ExportWalk.of(new OutlookCalendarExporter(f.connector), source).items().get(work);
        CalendarEvent call = events.get(0);
        assertEquals(CalendarTime.ofUtc(Instant.parse("2024-03-19T09:00:00Z")), call.start());
        assertTrue(source.notKept().toString(), source.notKept().stream().anyMatch(n -> n.sourceId().equals(call.id())
                && n.field().equals("start.timeZoneId") && n.reason().contains("tzone://Microsoft/Custom")));
        // a series there: its cancelled occurrences cannot be told from its rule, which is said
        assertEquals(List.of(), events.get(1).exceptionDates());
        assertTrue(source.notKept().toString(), source.notKept().stream().anyMatch(n -> n.sourceId().equals(events.get(1).id())
                && n.field().equals("exceptionDates") && n.reason().contains("cancelled are not read")));
    }

    /**
     * A weekly meeting as Outlook exports it, in a Windows zone Java does not know (DTSTART and EXDATE with
     * TZID=W. Europe Standard Time): the EXDATE's occurrence is found by its wall time in that zone and deleted.
     */
    @Test
    public void anExdateInAWindowsZoneDeletesItsOccurrence() throws Exception {
        String zone = "W. Europe Standard Time";
        CalendarEvent standup = event("s1", null, CalendarTime.ofZoned(LocalDateTime.parse("2024-03-05T09:00"), zone),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-03-05T09:15"), zone), List.of("FREQ=WEEKLY;BYDAY=TU;COUNT=4"),
                List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-12T09:00"), zone)));
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Team", null, null, null), null);
        importer.importItem(into, "s1", standup, calendar);

        assertEquals(List.of("2024-03-05", "2024-03-19", "2024-03-26"), outlook.instanceDays(
                outlook.items(calendar).get(0).path("id").asText(), "2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"));
        // exported in the zone CLDR gives the Windows name, the cancelled occurrence as its EXDATE
        CalendarEvent exported = export().items().get(calendar).get(0);
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-05T09:00"), "Europe/Berlin"), exported.start());
        assertEquals(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-12T09:00"), "Europe/Berlin")), exported.exceptionDates());
    }

    @Test
    public void aThisAndFutureChangeIsReported() throws Exception {
        CalendarEvent master = event("m1", null, CalendarTime.ofUtc(Instant.parse("1997-01-13T18:00:00Z")),
                CalendarTime.ofUtc(Instant.parse("1997-01-13T19:00:00Z")), List.of("FREQ=WEEKLY;COUNT=10"), List.of());
        CalendarEvent later = event("m1", CalendarTime.ofUtc(Instant.parse("1997-01-20T18:00:00Z")),
                CalendarTime.ofUtc(Instant.parse("1997-01-20T19:00:00Z")), CalendarTime.ofUtc(Instant.parse("1997-01-20T20:00:00Z")),
                List.of(), List.of()).toBuilder().thisAndFuture(true).build();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookCalendarImporter importer = new OutlookCalendarImporter(f.connector);
        String calendar = importer.importContainer(into, "cal", new Calendar("c1", "Work", null, null, null), null);
        importer.importItem(into, "m1", master, calendar);
        importer.importItem(into, "m1#1", later, calendar);

        assertReported(into, "m1", "thisAndFuture", "RANGE=THISANDFUTURE not kept");
    }

    private static void assertReported(TestImportContext into, String field, String value) {
        assertReported(into, "m1", field, value);
    }

    private static void assertReported(TestImportContext into, String item, String field, String value) {
        org.junit.Assert.assertTrue(field + " " + value + " in " + into.notKept(), into.notKept().stream()
                .anyMatch(n -> n.sourceId().equals(item) && n.field().startsWith(field) && n.reason().contains(value)));
    }

    private static CalendarEvent event(String id, CalendarTime recurrenceId, CalendarTime start, CalendarTime end, List<String> rules,
                                       List<CalendarTime> exceptionDates) {
        return CalendarEvent.builder()
                .id(id)
                .uid("yoga@example.org")
                .recurrenceId(recurrenceId)
                .summary("Yoga")
                .location("Studio 3")
                .start(start)
                .end(end)
                .recurrenceRules(rules)
                .exceptionDates(exceptionDates)
                .build();
    }
}
