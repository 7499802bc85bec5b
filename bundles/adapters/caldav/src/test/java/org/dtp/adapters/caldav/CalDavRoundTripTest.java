package org.dtp.adapters.caldav;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.testing.IcalCorpus;
import org.dtp.formats.testing.Samples;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Radicale → Radicale: a weekly event with EXDATE, RDATE, alarms, attendees and a changed occurrence in
 * Europe/Berlin (written for these tests), Outlook 2010's meeting in its own "Eastern Standard Time" VTIMEZONE
 * (biweekly's sample), and a recurring task are exported, imported into second collections and exported again:
 * field by field equal, ids aside.
 */
public class CalDavRoundTripTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    @Test
    public void recurrenceExceptionsAndTimeZonesSurviveRadicaleToRadicale() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 1);
        String source = f.newCalendar("Round-trip", "VEVENT");
        f.put(source, "weekly.ics", Samples.icalendar("weekly-with-exceptions.ics"));
        f.put(source, "outlook.ics", Samples.icalendar("outlook-2010.ics"));
        CalDavFixture.Exported<CalendarEvent> first = f.exportAll(f.events.pages, source);
        assertEquals(first.rejected().toString(), 3, first.items().size());

        CalendarEvent master = first.items().stream().filter(e -> "Stand-up".equals(e.summary())).findFirst().orElseThrow();
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-04T09:30"), "Europe/Berlin"), master.start());
        assertEquals(List.of("FREQ=WEEKLY;UNTIL=20240624T073000Z;BYDAY=MO"), master.recurrenceRules());
        assertEquals(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-04-01T09:30"), "Europe/Berlin"),
                CalendarTime.ofZoned(LocalDateTime.parse("2024-05-20T09:30"), "Europe/Berlin")), master.exceptionDates());
        assertEquals(List.of(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-07T09:30"), "Europe/Berlin")), master.recurrenceDates());
        assertEquals(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT10M", false, null, "Stand-up in 10 minutes"),
                new Alarm(AlarmAction.AUDIO, null, "PT0S", true, null, null)), master.alarms());
        assertEquals(2, master.attendees().size());
        assertTrue(master.extended().contains(new ExtendedProperty("X-EXAMPLE-COLOUR", Map.of(), "teal")));
        CalendarEvent moved = first.items().stream().filter(e -> e.recurrenceId() != null).findFirst().orElseThrow();
        assertEquals(master.uid(), moved.uid());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-04-08T09:30"), "Europe/Berlin"), moved.recurrenceId());
        CalendarEvent outlook = first.items().stream().filter(e -> "Team Meeting".equals(e.summary())).findFirst().orElseThrow();
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2013-06-10T12:00"), "Eastern Standard Time"), outlook.start());
        assertTrue("Outlook's own VTIMEZONE travels with the event", outlook.extended().stream()
                .anyMatch(x -> x.name().equals(ICalendarFormat.VTIMEZONE_PROPERTY) && x.value().contains("TZID:Eastern Standard Time")));

        TestImportContext ctx = f.destination();
        String target = f.eventImporter.importContainer(ctx, "c:" + source, new Calendar(source, "Copy", null, null, null), null);
        for (CalendarEvent e : first.items()) {
            f.eventImporter.importItem(ctx, "i:" + e.id(), e, target);
        }
        assertEquals(List.of(), ctx.notKept());
        List<CalendarEvent> again = f.exportAll(f.events.pages, target).items();
        Comparator<CalendarEvent> order = Comparator.comparing((CalendarEvent e) -> e.uid()).thenComparing(e -> e.recurrenceId() == null ? "" : ICalendarFormat.timeText(e.recurrenceId()));
        List<CalendarEvent> before = first.items().stream().sorted(order).toList();
        List<CalendarEvent> after = again.stream().sorted(order).toList();
        assertEquals(before.size(), after.size());
        for (int i = 0; i < before.size(); i++) {
            assertSameFields(before.get(i), after.get(i));
        }
        String stored = f.client.get(f.account(), RADICALE.url().resolve(after.stream()
                .filter(e -> "Team Meeting".equals(e.summary())).findFirst().orElseThrow().id())).orElseThrow().data();
        assertEquals("the source's VTIMEZONE, verbatim", ICalendarFormat.vtimezones(Samples.icalendar("outlook-2010.ics"))
                .get("Eastern Standard Time").replace("\r\n", "\n"), ICalendarFormat.vtimezones(stored).get("Eastern Standard Time").replace("\r\n", "\n"));
    }

    /**
     * What org.dtp.models.calendar 1.4 keeps, through Radicale and back into Radicale, from the corpus: RFC 5545's
     * RECURRENCE-ID;RANGE=THISANDFUTURE (its sample without the RDATE;VALUE=PERIOD Radicale refuses), the TZID Lotus
     * Notes writes on dates, and the ORGANIZER's SENT-BY and DIR of Exchange's meeting sent by a delegate.
     */
    @Test
    public void aThisAndFutureRangeADatesTzidAndAnOrganizersParametersSurviveRadicaleToRadicale() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        String source = f.newCalendar("Calendar 1.4", "VEVENT");
        f.put(source, "range.ics", IcalCorpus.read("rfc5545-rdate-range.ics").replaceAll("RDATE;VALUE=PERIOD:[^\r\n]*\r?\n", ""));
        f.put(source, "lotus.ics", ICalendarObjects.split(IcalCorpus.read("lotus-notes-9.ics")).get(1));
        f.put(source, "delegate.ics", IcalCorpus.read("exchange-delegated-meeting.ics"));
        List<CalendarEvent> first = f.exportAll(f.events.pages, source).items();
        CalendarEvent later = first.stream().filter(e -> e.recurrenceId() != null).findFirst().orElseThrow();
        assertTrue(later.thisAndFuture());
        CalendarEvent holiday = first.stream().filter(e -> e.start().date() != null && e.recurrenceRules().isEmpty()
                && e.recurrenceDates().isEmpty()).findFirst().orElseThrow();
        assertEquals(CalendarTime.ofDate(java.time.LocalDate.parse("2023-10-10"), "Eastern"), holiday.start());
        CalendarEvent delegated = first.stream().filter(e -> e.organizer() != null).findFirst().orElseThrow();
        assertEquals(List.of("mailto:office.hahn@example.com"), delegated.organizer().parameters().get("SENT-BY"));

        TestImportContext ctx = f.destination();
        String target = f.eventImporter.importContainer(ctx, "c:" + source, new Calendar(source, "Copy 1.4", null, null, null), null);
        for (CalendarEvent e : first) {
            f.eventImporter.importItem(ctx, "i:" + e.id(), e, target);
        }
        assertEquals(List.of(), ctx.notKept());
        Comparator<CalendarEvent> order = Comparator.comparing((CalendarEvent e) -> e.uid()).thenComparing(e -> e.recurrenceId() == null ? "" : ICalendarFormat.timeText(e.recurrenceId()));
        List<CalendarEvent> before = first.stream().sorted(order).toList();
        List<CalendarEvent> after = f.exportAll(f.events.pages, target).items().stream().sorted(order).toList();
        assertEquals(before.size(), after.size());
        for (int i = 0; i < before.size(); i++) {
            assertSameFields(before.get(i), after.get(i));
        }
    }

    /**
     * Radicale 3.1.8's vobject cuts the URI value of Apple's X-APPLE-STRUCTURED-LOCATION at its comma (corpus
     * apple-calendar-alarms.ics, in the event and in its location alarm): the importer reads back what it stored, sends
     * such values again TEXT-escaped, which Radicale keeps, and the event comes back whole. What it still changes (a
     * TEXT value's unescaped comma, also cut) is reported; a plain event reports nothing.
     */
    @Test
    public void aUriValueTheServerCutsAtACommaIsSentAgainEscapedAndWhatItStillChangesIsReported() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        CalendarEvent apple = ICalendarFormat.readEvents("apple", org.dtp.formats.testing.IcalCorpus.read("apple-calendar-alarms.ics")).get(0);
        assertTrue("the sample has a geo: URI with a comma", apple.extended().stream().anyMatch(x -> x.value().matches("geo:[^,]+,.*")));
        CalendarEvent plain = ICalendarFormat.readEvents("plain", Samples.event(1)).get(0);
        CalendarEvent note = plain.toBuilder().id("note").uid("note@example.org").extended(List.of(
                new org.dtp.models.ExtendedProperty("X-NOTE", java.util.Map.of(), "first,second"))).build();
        TestImportContext ctx = f.destination();
        String calendar = f.eventImporter.importContainer(ctx, "c:apple", new Calendar("apple", "Apple", null, null, null), null);
        f.eventImporter.importItem(ctx, "i:plain", plain, calendar);
        f.eventImporter.importItem(ctx, "i:apple", apple, calendar);
        assertEquals(List.of(), ctx.notKept());

        CalendarEvent back = f.exportAll(f.events.pages, calendar).items().stream()
                .filter(e -> e.uid().equals(apple.uid())).findFirst().orElseThrow();
        assertEquals(apple.extended(), back.extended().stream().filter(x -> !x.name().equals(ICalendarFormat.VTIMEZONE_PROPERTY)).toList());
        assertEquals(apple.alarms().size(), back.alarms().size());
        for (int i = 0; i < apple.alarms().size(); i++) { // Radicale orders an alarm's properties its own way
            assertEquals(new java.util.HashSet<>(apple.alarms().get(i).extended()), new java.util.HashSet<>(back.alarms().get(i).extended()));
            assertEquals(apple.alarms().get(i).description(), back.alarms().get(i).description());
        }

        f.eventImporter.importItem(ctx, "i:note", note, calendar);
        assertTrue(ctx.notKept().toString(), ctx.notKept().stream().anyMatch(n -> n.sourceId().equals("note")
                && n.field().equals("extended[0].value") && n.reason().equals("X-NOTE: first,second stored by the server as first")));
    }

    /**
     * Radicale answers 400 to an RDATE of periods (RFC 5545 §3.8.5.2's example; its vobject cannot write one): the event
     * is stored again with the periods' starts as its recurrence dates, and the ends are reported.
     */
    @Test
    public void anEventWithRecurrencePeriodsTheServerRefusesIsStoredWithTheirStartsAndTheEndsReported() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        String ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//Periods//EN\r\nBEGIN:VEVENT\r\n"
                + "UID:periods@example.org\r\nDTSTAMP:19960401T000000Z\r\nDTSTART:19960401T020000Z\r\n"
                + "DTEND:19960401T030000Z\r\nSUMMARY:Office hours\r\nRDATE:19960402T020000Z\r\n"
                + "RDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z,19960404T010000Z/PT3H\r\n"
                + "END:VEVENT\r\nEND:VCALENDAR\r\n";
        CalendarEvent event = ICalendarFormat.readEvents("periods", ics).get(0);
        assertTrue(event.extended().toString(), event.extended().stream().anyMatch(x -> x.name().equals("RDATE")));
        TestImportContext ctx = f.destination();
        String calendar = f.eventImporter.importContainer(ctx, "c:periods", new Calendar("periods", "Periods", null, null, null), null);
        f.eventImporter.importItem(ctx, "i:periods", event, calendar);

        CalendarEvent back = f.exportAll(f.events.pages, calendar).items().get(0);
        assertEquals(List.of(CalendarTime.ofUtc(Instant.parse("1996-04-02T02:00:00Z")), CalendarTime.ofUtc(Instant.parse("1996-04-03T02:00:00Z")),
                CalendarTime.ofUtc(Instant.parse("1996-04-04T01:00:00Z"))), back.recurrenceDates());
        assertEquals(ctx.notKept().toString(), 1, ctx.notKept().size());
        TestImportContext.NotKept ends = ctx.notKept().get(0);
        assertEquals("recurrenceDates", ends.field());
        assertTrue(ends.reason(), ends.reason().startsWith("RDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z,19960404T010000Z/PT3H"
                + " kept as the periods' starts: the server refused periods (400"));
    }

    @Test
    public void tasksSurviveRadicaleToRadicale() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        String source = f.newCalendar("Tasks", "VTODO");
        f.put(source, "tasks.ics", Samples.icalendar("tasks.ics"));
        List<Task> exported = f.exportAll(f.tasks.pages, source).items();
        assertEquals(1, exported.size());
        Task task = exported.get(0);
        assertEquals(TaskStatus.IN_PROCESS, task.status());
        assertEquals(Integer.valueOf(2), task.priority());
        assertEquals(Integer.valueOf(40), task.percentComplete());
        assertEquals(CalendarTime.ofZoned(LocalDateTime.parse("2024-03-29T17:00"), "America/New_York"), task.due());
        assertEquals("FREQ=MONTHLY;BYMONTHDAY=15", task.recurrenceRule());
        assertEquals(List.of(new Alarm(AlarmAction.DISPLAY, null, null, false, Instant.parse("2024-03-28T17:00:00Z"),
                "Report due tomorrow")), task.alarms());

        TestImportContext ctx = f.destination();
        String target = f.taskImporter.importContainer(ctx, "c:" + source, new TaskList(source, "Tasks copy"), null);
        f.taskImporter.importItem(ctx, "i:" + task.id(), task, target);
        f.taskImporter.importItem(ctx, "i:" + task.id(), task, target);
        assertEquals(List.of(), ctx.notKept());
        List<Task> again = f.exportAll(f.tasks.pages, target).items();
        assertEquals(1, again.size());
        for (RecordComponent field : Task.class.getRecordComponents()) {
            if (!field.getName().equals("id")) {
                assertEquals(field.getName(), field.getAccessor().invoke(task), field.getAccessor().invoke(again.get(0)));
            }
        }
    }

    /** Tasks are read back too: a cut URI value is sent again escaped, a TEXT value's cut comma reported. */
    @Test
    public void whatTheServerChangesOfATaskIsMendedOrReported() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        Task task = Task.builder().id("t1").uid("t1@example.org").title("Visit the site")
                .extended(List.of(new org.dtp.models.ExtendedProperty("X-APPLE-STRUCTURED-LOCATION",
                                java.util.Map.of("VALUE", List.of("URI"), "X-TITLE", List.of("Site")), "geo:48.855600,2.357900"),
                        new org.dtp.models.ExtendedProperty("X-NOTE", java.util.Map.of(), "first,second")))
                .build();
        TestImportContext ctx = f.destination();
        String list = f.taskImporter.importContainer(ctx, "c:tasks", new TaskList("tasks", "Site tasks"), null);
        f.taskImporter.importItem(ctx, "i:t1", task, list);

        assertEquals(ctx.notKept().toString(), 1, ctx.notKept().size());
        assertTrue(ctx.notKept().toString(), ctx.notKept().get(0).reason().equals("X-NOTE: first,second stored by the server as first"));
        Task back = f.exportAll(f.tasks.pages, list).items().get(0);
        assertTrue(back.extended().toString(), back.extended().contains(task.extended().get(0)));
    }

    private static void assertSameFields(CalendarEvent expected, CalendarEvent actual) throws Exception {
        for (RecordComponent field : CalendarEvent.class.getRecordComponents()) {
            if (!field.getName().equals("id")) {
                assertEquals(expected.summary() + ": " + field.getName(), field.getAccessor().invoke(expected),
                        field.getAccessor().invoke(actual));
            }
        }
    }
}
