package org.dtp.adapters.google.calendar;

import org.dtp.adapters.google.Fixture;
import org.dtp.adapters.google.GoogleConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.core.testing.TestEngine;
import org.dtp.formats.testing.IcalCorpus;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.Classification;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.Organizer;
import org.dtp.models.calendar.ParticipationStatus;
import org.dtp.models.calendar.Transparency;
import org.dtp.models.media.GeoLocation;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class GoogleCalendarTest {
    private static final String BERLIN = "Europe/Berlin";
    private Fixture f;
    private String work;
    private String masterId;

    @Before
    public void setUp() throws Exception {
        f = new Fixture(2);
        work = f.fake.addCalendar("Work", BERLIN);
        f.fake.addCalendar("Holidays", "UTC");
        masterId = f.fake.addEvent(work, """
                {"iCalUID": "weekly@example.org", "summary": "Standup", "status": "confirmed", "sequence": 2,
                 "start": {"dateTime": "2024-01-01T10:00:00+01:00", "timeZone": "Europe/Berlin"},
                 "end": {"dateTime": "2024-01-01T10:15:00+01:00", "timeZone": "Europe/Berlin"},
                 "recurrence": ["RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10", "EXDATE;TZID=Europe/Berlin:20240115T100000"],
                 "organizer": {"email": "ann@example.org", "displayName": "Ann"},
                 "attendees": [{"email": "bob@example.org", "responseStatus": "accepted"},
                               {"email": "cy@example.org", "optional": true, "responseStatus": "tentative"}],
                 "reminders": {"useDefault": false, "overrides": [{"method": "popup", "minutes": 10},
                                                                  {"method": "email", "minutes": 1440}]},
                 "created": "2023-12-01T08:00:00.000Z", "updated": "2023-12-02T08:00:00.000Z"}""");
        f.fake.addEvent(work, """
                {"iCalUID": "weekly@example.org", "recurringEventId": "%s", "summary": "Standup (moved)", "status": "confirmed",
                 "originalStartTime": {"dateTime": "2024-01-08T10:00:00+01:00", "timeZone": "Europe/Berlin"},
                 "start": {"dateTime": "2024-01-08T14:00:00+01:00", "timeZone": "Europe/Berlin"},
                 "end": {"dateTime": "2024-01-08T14:15:00+01:00", "timeZone": "Europe/Berlin"}}""".formatted(masterId));
        // A cancelled occurrence: Google gives it no start, only its original start.
        f.fake.addEvent(work, """
                {"iCalUID": "weekly@example.org", "recurringEventId": "%s", "status": "cancelled",
                 "originalStartTime": {"dateTime": "2024-01-22T10:00:00+01:00", "timeZone": "Europe/Berlin"}}""".formatted(masterId));
        f.fake.addEvent(work, """
                {"iCalUID": "holiday@example.org", "summary": "Good Friday", "status": "confirmed",
                 "start": {"date": "2024-03-29"}, "end": {"date": "2024-03-30"},
                 "transparency": "transparent", "visibility": "private"}""");
        f.fake.addEvent(work, """
                {"iCalUID": "call@example.org", "summary": "Call", "description": "Dial in\\nsecond line", "location": "Room 1",
                 "status": "tentative", "start": {"dateTime": "2024-02-01T09:00:00Z"}, "end": {"dateTime": "2024-02-01T09:30:00Z"}}""");
    }

    @After
    public void tearDown() {
        f.close();
    }

    private static Map<String, List<CalendarEvent>> walk(GoogleCalendarExporter exporter, TestTransferContext context,
                                                         List<Calendar> calendars) throws AdapterException {
        Map<String, List<CalendarEvent>> events = new java.util.LinkedHashMap<>();
        List<ExportCursor> todo = new ArrayList<>(List.of(ExportCursor.root()));
        while (!todo.isEmpty()) {
            ExportCursor cursor = todo.remove(0);
            ExportPage<Calendar, CalendarEvent> page = exporter.export(context, cursor);
            assertTrue(page.rejected().toString(), page.rejected().isEmpty());
            calendars.addAll(page.containers());
            page.containers().forEach(c -> todo.add(new ExportCursor(c.id(), null)));
            if (cursor.containerId() != null) {
                events.computeIfAbsent(cursor.containerId(), k -> new ArrayList<>()).addAll(page.items());
            }
            if (!page.isLast()) {
                todo.add(0, new ExportCursor(cursor.containerId(), page.continuation()));
            }
        }
        return events;
    }

    @Test
    public void recurringEventsComeAsTheirMasterWithTheChangedAndCancelledOccurrencesKept() throws Exception {
        List<Calendar> calendars = new ArrayList<>();
        Map<String, List<CalendarEvent>> events = walk(new GoogleCalendarExporter(f.connector()), f.source(), calendars);

        assertEquals(List.of("Work", "Holidays"), calendars.stream().map(Calendar::name).toList());
        assertEquals(BERLIN, calendars.get(0).timeZoneId());
        Map<String, CalendarEvent> bySummary = events.get(work).stream()
                .collect(Collectors.toMap(e -> String.valueOf(e.summary()), Function.identity()));
        assertEquals("five events over three pages", 5, events.get(work).size());

        CalendarEvent master = bySummary.get("Standup");
        assertEquals("weekly@example.org", master.uid());
        assertNull(master.recurrenceId());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-01-01T10:00"), BERLIN), master.start());
        // dtp-formats (biweekly) writes the rule's parts in its own order: the same rule.
        assertEquals(List.of("FREQ=WEEKLY;COUNT=10;BYDAY=MO"), master.recurrenceRules());
        assertEquals(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-01-15T10:00"), BERLIN)), master.exceptionDates());
        assertEquals(2, master.sequence());
        assertEquals("mailto:ann@example.org", master.organizer().address());
        assertEquals(ParticipationStatus.ACCEPTED, master.attendees().get(0).status());
        assertEquals(AttendeeRole.OPT_PARTICIPANT, master.attendees().get(1).role());
        assertEquals(List.of("-PT10M", "-PT1440M"), master.alarms().stream().map(Alarm::triggerOffset).toList());
        assertEquals(AlarmAction.EMAIL, master.alarms().get(1).action());
        assertEquals(Instant.parse("2023-12-01T08:00:00Z"), master.created());

        CalendarEvent moved = bySummary.get("Standup (moved)");
        assertEquals("weekly@example.org", moved.uid());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-01-08T10:00"), BERLIN), moved.recurrenceId());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-01-08T14:00"), BERLIN), moved.start());

        CalendarEvent cancelled = bySummary.get("null");
        assertEquals(EventStatus.CANCELLED, cancelled.status());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-01-22T10:00"), BERLIN), cancelled.recurrenceId());

        CalendarEvent holiday = bySummary.get("Good Friday");
        assertEquals(CalendarTime.ofDate(LocalDate.parse("2024-03-29")), holiday.start());
        assertEquals(Transparency.TRANSPARENT, holiday.transparency());
        assertEquals(Classification.PRIVATE, holiday.classification());
        CalendarEvent call = bySummary.get("Call");
        assertEquals(CalendarTime.ofUtc(Instant.parse("2024-02-01T09:00:00Z")), call.start());
        assertEquals("Dial in\nsecond line", call.description());
        assertEquals(EventStatus.TENTATIVE, call.status());
    }

    @Test
    public void aCalendarTransfersThroughTheEngineWithItsSeriesAndExceptionsLinked() throws Exception {
        try (Fixture to = new Fixture(2); TestEngine engine = new TestEngine()) {
            engine.exporter(GoogleConnector.PROVIDER, Vertical.CALENDAR, new GoogleCalendarExporter(f.connector()))
                    .importer(GoogleConnector.PROVIDER, Vertical.CALENDAR, new GoogleCalendarImporter(to.connector()));
            f.fake.atRequest(3, f.fake::expireAccessTokens);
            to.fake.atRequest(4, () -> to.fake.rateLimit403Next(1));

            TransferJob job = engine.run(Vertical.CALENDAR, f.endpoint(), to.endpoint());

            assertEquals(engine.details(job.id()).errors().toString(), JobState.COMPLETED, job.state());
            List<Calendar> sourceCalendars = new ArrayList<>();
            Map<String, List<CalendarEvent>> source = walk(new GoogleCalendarExporter(f.connector()), f.source(), sourceCalendars);
            List<Calendar> copiedCalendars = new ArrayList<>();
            Map<String, List<CalendarEvent>> copied = walk(new GoogleCalendarExporter(to.connector()), to.source(), copiedCalendars);
            assertEquals(List.of("Work", "Holidays"), copiedCalendars.stream().map(Calendar::name).toList());
            String copiedWork = copiedCalendars.get(0).id();
            assertEquals(comparable(source.get(work)), comparable(copied.get(copiedWork)));
            // The changed and cancelled occurrences are exceptions of the copied series, not events of their own.
            String copiedMaster = to.fake.eventsOf(copiedWork).stream().filter(e -> e.has("recurrence"))
                    .map(e -> e.path("id").asText()).findFirst().orElseThrow();
            List<JsonNode> occurrences = to.fake.eventsOf(copiedWork).stream().filter(e -> e.has("originalStartTime")).toList();
            assertEquals(2, occurrences.size());
            occurrences.forEach(o -> assertEquals(copiedMaster, o.path("recurringEventId").asText()));
            assertTrue(f.fake.refreshes() >= 1);
            assertEquals(1, to.fake.throttled());
        }
    }

    /** What must survive a copy: everything but the ids, links and Google's own timestamps. */
    private static List<String> comparable(List<CalendarEvent> events) {
        return events.stream().map(e -> e.toBuilder().id("-").created(null).lastModified(null).url(null).build()
                        .toString())
                .sorted().toList();
    }

    @Test
    public void importingTheSameEventTwiceKeepsOneAndWhatGoogleCannotHoldIsReported() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        String calendar = importer.importContainer(context, "c:home", new Calendar("home", "Home", null, "#ff0000", BERLIN), null);
        CalendarEvent floating = CalendarEvent.builder()
                .id("e1")
                .summary("Yoga")
                .start(CalendarTime.ofFloating(LocalDateTime.parse("2024-04-01T18:00")))
                .duration("PT1H")
                .status(EventStatus.CONFIRMED)
                .categories(List.of("sport"))
                .geo(new GeoLocation(52.5, 13.4, null))
                .build();

        String first = importer.importItem(context, "i:e1", floating, calendar);
        String again = new GoogleCalendarImporter(f.connector()).importItem(context, "i:e1", floating, calendar);

        assertEquals(first, again);
        List<JsonNode> stored = f.fake.eventsOf(calendar);
        assertEquals(1, stored.size());
        assertEquals("2024-04-01T19:00:00Z", stored.get(0).path("end").path("dateTime").asText());
        assertEquals(calendar, new GoogleCalendarImporter(f.connector())
                .importContainer(context, "c:home", new Calendar("home", "Home", null, null, BERLIN), null));
        assertTrue(context.notKept().stream().anyMatch(n -> n.field().equals("categories")));
        assertTrue(context.notKept().stream().anyMatch(n -> n.field().equals("geo")));
        assertTrue(context.notKept().stream().anyMatch(n -> n.field().equals("start") && n.reason().contains("floating")));
    }

    @Test
    public void aCalendarKeepsItsColourAndTimeZoneAndAColourGoogleCannotTakeIsReported() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });

        importer.importContainer(context, "c:home", new Calendar("home", "Home", "At home", "#FF0000", BERLIN), null);
        importer.importContainer(context, "c:club", new Calendar("club", "Club", null, "red", null), null);

        List<Calendar> calendars = new ArrayList<>();
        walk(new GoogleCalendarExporter(f.connector()), f.source(), calendars);
        assertEquals(new Calendar("-", "Home", "At home", "#ff0000", BERLIN), named(calendars, "Home"));
        assertEquals(List.of("club color"), context.notKept().stream().map(n -> n.sourceId() + " " + n.field()).toList());
    }

    @Test
    public void aReminderTextAndAnRsvpUnlikeGooglesAreReported() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        CalendarEvent meeting = CalendarEvent.builder()
                .id("e1")
                .uid("e1@example.org")
                .summary("Meeting")
                .start(CalendarTime.ofUtc(Instant.parse("2024-04-01T09:00:00Z")))
                .end(CalendarTime.ofUtc(Instant.parse("2024-04-01T10:00:00Z")))
                .status(EventStatus.CONFIRMED)
                .organizer(new Organizer("mailto:ann@example.org", "Ann"))
                .attendees(List.of(new Attendee("mailto:ann@example.org", "Ann", null, null, ParticipationStatus.ACCEPTED, null, false),
                        new Attendee("mailto:bob@example.org", "Bob", null, null, null, null, false)))
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT5M", false, null, "Meeting"),
                        new Alarm(AlarmAction.DISPLAY, null, "-PT1M", false, null, "Run!")))
                .build();

        importer.importItem(context, "i:e1", meeting, importer.importContainer(context, "c:work", new Calendar("work", "Work", null, null, null), null));

        assertEquals(List.of("attendees[1].rsvp", "alarms[1].description"), context.notKept().stream().map(TestImportContext.NotKept::field).toList());
    }

    /** What an Outlook meeting sent by a delegate carries beyond Google's event form (corpus exchange-delegated-meeting.ics). */
    @Test
    public void attendeeParametersAlarmPropertiesAndPropertyParametersAreReportedByValue() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        CalendarEvent meeting = CalendarEvent.builder()
                .id("e1")
                .uid("exchange-delegated-20240617@example.com")
                .summary("Budgetrunde Q3")
                .start(CalendarTime.ofUtc(Instant.parse("2024-06-17T08:00:00Z")))
                .end(CalendarTime.ofUtc(Instant.parse("2024-06-17T09:30:00Z")))
                .status(EventStatus.CONFIRMED)
                .organizer(new Organizer("mailto:greta.hahn@example.com", "Greta Hahn",
                        Map.of("SENT-BY", List.of("mailto:office.hahn@example.com"))))
                .attendees(List.of(new Attendee("mailto:b2-101@example.com", "Raum B2.101", null, null, null, null, true,
                        Map.of("CUTYPE", List.of("ROOM")))))
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, "Budgetrunde Q3",
                        List.of(new org.dtp.models.ExtendedProperty("REPEAT", Map.of(), "2")))))
                .propertyParameters(Map.of("summary", Map.of("LANGUAGE", List.of("de-DE"))))
                .build();

        importer.importItem(context, "i:e1", meeting, importer.importContainer(context, "c:work", new Calendar("work", "Work", null, null, null), null));

        assertEquals(List.of("organizer.parameters ORGANIZER;SENT-BY=mailto:office.hahn@example.com not kept: Google Calendar organizers have no SENT-BY",
                        "attendees[0].role ROLE=REQ-PARTICIPANT (the default) of a resource not kept: Google Calendar's resources are NON-PARTICIPANT unless optional",
                        "attendees[0].parameters ATTENDEE;CUTYPE=ROOM kept as CUTYPE=RESOURCE: Google Calendar's attendees[].resource tells no room from another resource",
                        "alarms[0].extended[0] REPEAT:2 not kept: a Google reminder is a method and minutes only",
                        "summary summary parameter LANGUAGE=de-DE not kept: Google Calendar keeps no iCalendar parameters"),
                context.notKept().stream().map(n -> n.field() + " " + n.reason()).toList());
    }

    /** A Google Workspace room booked for a meeting: Google marks it {@code resource}, its address in resource.calendar.google.com. */
    @Test
    public void aResourceAttendeeIsExportedAsCutypeResource() throws Exception {
        String rooms = f.fake.addCalendar("Rooms", "UTC");
        f.fake.addEvent(rooms, """
                {"iCalUID": "review@example.org", "summary": "Review", "status": "confirmed",
                 "start": {"dateTime": "2024-02-05T09:00:00Z"}, "end": {"dateTime": "2024-02-05T10:00:00Z"},
                 "organizer": {"email": "ann@example.org"},
                 "attendees": [{"email": "c_1887f3b2a4d@resource.calendar.google.com", "displayName": "Berlin-4-Spree (8)",
                                "resource": true, "responseStatus": "accepted"},
                               {"email": "bob@example.org", "responseStatus": "needsAction"}]}""");

        CalendarEvent review = walk(new GoogleCalendarExporter(f.connector()), f.source(), new ArrayList<>()).get(rooms).get(0);

        Attendee room = review.attendees().get(0);
        assertEquals(Map.of("CUTYPE", List.of("RESOURCE")), room.parameters());
        assertEquals(AttendeeRole.NON_PARTICIPANT, room.role());
        assertEquals(Map.of(), review.attendees().get(1).parameters());
        assertEquals(AttendeeRole.REQ_PARTICIPANT, review.attendees().get(1).role());
    }

    /**
     * The room, projector and team of an Outlook meeting (corpus outlook-meeting-attendees.ics) and a room as Google's
     * own iCalendar export writes it (CUTYPE=RESOURCE;ROLE=REQ-PARTICIPANT): the room and the resources are written
     * as {@code resource}, and what of them comes back otherwise is reported.
     */
    @Test
    public void roomAndResourceAttendeesAreWrittenAsResourcesAndComeBack() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        CalendarEvent meeting = CalendarEvent.builder()
                .id("m1")
                .uid("040000008200E00074C5B7101A82E00800000000D0C3@example.com")
                .summary("Quarterly planning")
                .start(CalendarTime.ofUtc(Instant.parse("2024-04-15T08:00:00Z")))
                .end(CalendarTime.ofUtc(Instant.parse("2024-04-15T09:00:00Z")))
                .status(EventStatus.CONFIRMED)
                .organizer(new Organizer("mailto:ann@example.org", "Ann"))
                .attendees(List.of(
                        new Attendee("mailto:room412@example.com", "Room 4.12 (12 seats)", AttendeeRole.NON_PARTICIPANT, null, null, null,
                                true, Map.of("CUTYPE", List.of("ROOM"))),
                        new Attendee("mailto:beamer@example.com", "Beamer", AttendeeRole.NON_PARTICIPANT, null, null, null,
                                true, Map.of("CUTYPE", List.of("RESOURCE"))),
                        new Attendee("mailto:alpha@example.com", "Team Alpha", AttendeeRole.OPT_PARTICIPANT, null, null, null,
                                true, Map.of("CUTYPE", List.of("GROUP"))),
                        new Attendee("mailto:c_1887f3b2a4d@resource.calendar.google.com", "Berlin-4-Spree (8)",
                                AttendeeRole.REQ_PARTICIPANT, null, ParticipationStatus.ACCEPTED, null, true, Map.of("CUTYPE", List.of("resource")))))
                .build();
        String calendar = importer.importContainer(context, "c:rooms", new Calendar("rooms", "Rooms", null, null, null), null);
        importer.importItem(context, "i:m1", meeting, calendar);

        JsonNode stored = f.fake.eventsOf(calendar).get(0).path("attendees");
        assertEquals(List.of(true, true, false, true), java.util.stream.StreamSupport.stream(stored.spliterator(), false)
                .map(a -> a.path("resource").asBoolean(false)).toList());
        assertEquals(List.of("attendees[0].parameters ATTENDEE;CUTYPE=ROOM kept as CUTYPE=RESOURCE: Google Calendar's attendees[].resource tells no room from another resource",
                        "attendees[2].parameters ATTENDEE;CUTYPE=GROUP not kept: Google Calendar attendees have no CUTYPE",
                        "attendees[3].role ROLE=REQ-PARTICIPANT of a resource not kept: Google Calendar's resources are NON-PARTICIPANT unless optional"),
                context.notKept().stream().map(n -> n.field() + " " + n.reason()).toList());

        List<Attendee> back = walk(new GoogleCalendarExporter(f.connector()), f.source(), new ArrayList<>()).get(calendar).get(0).attendees();
        assertEquals(List.of(Map.of("CUTYPE", List.of("RESOURCE")), Map.of("CUTYPE", List.of("RESOURCE")), Map.of(),
                Map.of("CUTYPE", List.of("RESOURCE"))), back.stream().map(Attendee::parameters).toList());
        assertEquals(List.of(AttendeeRole.NON_PARTICIPANT, AttendeeRole.NON_PARTICIPANT, AttendeeRole.OPT_PARTICIPANT,
                AttendeeRole.NON_PARTICIPANT), back.stream().map(Attendee::role).toList());
    }

    /** A meeting imported again after its room was booked: Google keeps the attendee as first added (no resource), and that is reported. */
    @Test
    public void aResourceFlagGoogleIgnoresOnAnUpdateIsReported() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        Attendee room = new Attendee("mailto:room412@example.com", "Room 4.12", AttendeeRole.NON_PARTICIPANT, null, null, null, true);
        CalendarEvent meeting = CalendarEvent.builder()
                .id("m1")
                .uid("planning@example.org")
                .summary("Planning")
                .start(CalendarTime.ofUtc(Instant.parse("2024-04-15T08:00:00Z")))
                .end(CalendarTime.ofUtc(Instant.parse("2024-04-15T09:00:00Z")))
                .status(EventStatus.CONFIRMED)
                .attendees(List.of(room))
                .build();
        String calendar = importer.importContainer(context, "c:rooms", new Calendar("rooms", "Rooms", null, null, null), null);
        importer.importItem(context, "i:m1", meeting, calendar);
        CalendarEvent booked = meeting.toBuilder().attendees(List.of(new Attendee(room.address(), room.name(), room.role(), null, null,
                null, true, Map.of("CUTYPE", List.of("ROOM"))))).build();
        importer.importItem(context, "i:m1-again", booked, calendar);

        assertEquals(false, f.fake.eventsOf(calendar).get(0).path("attendees").get(0).path("resource").asBoolean(false));
        assertTrue(context.notKept().toString(), context.notKept().stream().anyMatch(n -> n.field().equals("attendees[0].parameters")
                && n.reason().startsWith("ATTENDEE;CUTYPE=ROOM not kept: the attendee is no resource as first added to the event")));
    }

    /** The corpus' attendee, organizer, alarm and date details (IcalCorpus.detailedMeeting), each reported with its value. */
    @Test
    public void attendeeAndAlarmDetailsGoogleCannotHoldAreReportedByValue() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        importer.importItem(context, "i:meeting", IcalCorpus.detailedMeeting(),
                importer.importContainer(context, "c:work", new Calendar("work", "Work", null, null, null), null));

        List<String> reported = context.notKept().stream().map(n -> n.sourceId() + " " + n.field() + " " + n.reason()).toList();
        for (String expected : List.of(
                "meeting start TZID=Eastern on the date 2023-10-10 not kept",
                "meeting organizer.parameters ORGANIZER;SENT-BY=mailto:office.hahn@example.com not kept: Google Calendar organizers have no SENT-BY",
                "meeting organizer.parameters ORGANIZER;DIR=ldap://example.com:6666/o=ABC%20Industries",
                "meeting attendees[1].parameters ATTENDEE;LANGUAGE=de not kept",
                "meeting attendees[2].parameters ATTENDEE;CUTYPE=ROOM kept as CUTYPE=RESOURCE",
                "meeting attendees[4].parameters ATTENDEE;CUTYPE=GROUP not kept",
                "meeting attendees[5].parameters ATTENDEE;DELEGATED-TO=mailto:dora.e@example.com not kept",
                "meeting attendees[5].parameters ATTENDEE;MEMBER=mailto:alpha@example.com not kept",
                "meeting attendees[6].parameters ATTENDEE;DELEGATED-FROM=mailto:carl.dunn@example.com not kept",
                "meeting attendees[6].parameters ATTENDEE;SENT-BY=mailto:assistant@example.com not kept",
                "meeting attendees[6].parameters ATTENDEE;DIR=ldap:",
                "meeting alarms[0].action ACTION:AUDIO kept as a popup",
                "meeting alarms[0].extended[1] ACKNOWLEDGED:20240412T154501Z not kept",
                "meeting alarms[0].extended[3] ATTACH:Chord not kept",
                "meeting alarms[1] ACTION:DISPLAY TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
                "meeting alarms[2] ACTION:AUDIO TRIGGER;RELATED=END:PT5M REPEAT:2 DURATION:PT10M ATTACH;FMTTYPE=audio/basic:")) {
            assertTrue(expected + " in " + reported, reported.stream().anyMatch(r -> r.startsWith(expected)));
        }
        assertTrue(reported.toString(), reported.stream().anyMatch(r -> r.startsWith("meeting alarms[1] ") && r.contains("X-APPLE-PROXIMITY:ARRIVE")
                && r.contains("X-APPLE-STRUCTURED-LOCATION")));
    }

    /** A Lotus Notes holiday (DTSTART;TZID=Eastern;VALUE=DATE, corpus lotus-notes-9.ics) and a this-and-future change (RFC 5545 §3.8.4.4). */
    @Test
    public void aDatesTzidAndAThisAndFutureRangeAreReported() throws Exception {
        GoogleCalendarImporter importer = new GoogleCalendarImporter(f.connector());
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        String calendar = importer.importContainer(context, "c:work", new Calendar("work", "Work", null, null, null), null);
        CalendarEvent holiday = CalendarEvent.builder()
                .id("h1")
                .uid("holiday@example.org")
                .summary("Columbus Day")
                .start(CalendarTime.ofDate(LocalDate.parse("2023-10-10"), "Eastern"))
                .end(CalendarTime.ofDate(LocalDate.parse("2023-10-11"), "Eastern"))
                .recurrenceRules(List.of("FREQ=YEARLY"))
                .exceptionDates(List.of(CalendarTime.ofDate(LocalDate.parse("2024-10-10"), "Eastern")))
                .build();
        CalendarEvent weekly = CalendarEvent.builder()
                .id("w1")
                .uid("weekly@example.org")
                .summary("Planning")
                .start(CalendarTime.ofUtc(Instant.parse("1997-01-13T18:00:00Z")))
                .duration("PT1H")
                .recurrenceRules(List.of("FREQ=WEEKLY;COUNT=10"))
                .build();
        CalendarEvent later = weekly.toBuilder()
                .id("w1#19970120T180000Z")
                .recurrenceRules(List.of())
                .recurrenceId(CalendarTime.ofUtc(Instant.parse("1997-01-20T18:00:00Z")))
                .thisAndFuture(true)
                .start(CalendarTime.ofUtc(Instant.parse("1997-01-20T19:00:00Z")))
                .build();

        importer.importItem(context, "i:h1", holiday, calendar);
        importer.importItem(context, "i:w1", weekly, calendar);
        importer.importItem(context, "i:w1#1", later, calendar);

        JsonNode stored = f.fake.eventsOf(calendar).stream().filter(e -> e.path("summary").asText().equals("Columbus Day"))
                .findFirst().orElseThrow();
        assertEquals("2023-10-10", stored.path("start").path("date").asText());
        assertEquals("[\"RRULE:FREQ=YEARLY\",\"EXDATE;VALUE=DATE:20241010\"]", stored.path("recurrence").toString());
        assertEquals(List.of("h1 start TZID=Eastern on the date 2023-10-10 not kept: a Google Calendar all-day date has no time zone",
                        "h1 end TZID=Eastern on the date 2023-10-11 not kept: a Google Calendar all-day date has no time zone",
                        "h1 exceptionDates[0] TZID=Eastern on the date 2024-10-10 not kept: a Google Calendar all-day date has no time zone",
                        "w1#19970120T180000Z thisAndFuture RECURRENCE-ID;RANGE=THISANDFUTURE not kept: a Google Calendar occurrence changes itself only, not the later ones"),
                context.notKept().stream().map(n -> n.sourceId() + " " + n.field() + " " + n.reason()).toList());
    }

    private static Calendar named(List<Calendar> calendars, String name) {
        Calendar c = calendars.stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow();
        return new Calendar("-", c.name(), c.description(), c.color(), c.timeZoneId());
    }
}
