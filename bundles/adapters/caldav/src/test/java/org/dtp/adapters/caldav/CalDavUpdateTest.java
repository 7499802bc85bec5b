package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.testing.Samples;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.webdav.DavMember;
import org.dtp.webdav.DavResource;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Events and tasks changed at the source since an earlier transfer copied them, replaced in place on a real Radicale. */
public class CalDavUpdateTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    /** A weekly series (master and one changed occurrence) copied by an earlier transfer: its calendar and ids. */
    private record Copied(String calendar, List<CalendarEvent> events, List<String> ids) {
    }

    private static Copied copySeries(CalDavFixture f) throws Exception {
        String source = f.newCalendar("Update source", "VEVENT");
        f.put(source, "weekly.ics", Samples.icalendar("weekly-with-exceptions.ics"));
        List<CalendarEvent> events = f.exportAll(f.events.pages, source).items();
        TestImportContext ctx = f.destination();
        String target = f.eventImporter.importContainer(ctx, "c:" + source, new Calendar(source, "Copy", null, null, null), null);
        List<String> ids = new ArrayList<>();
        for (CalendarEvent e : events) {
            ids.add(f.eventImporter.importItem(ctx, "i:" + e.id(), e, target));
        }
        return new Copied(target, events, ids);
    }

    private static List<DavMember> members(CalDavFixture f, String calendar) throws Exception {
        return f.client.propfindMembers(f.account(), RADICALE.url().resolve(calendar));
    }

    @Test
    public void aChangedEventIsReplacedInItsResourceAndItsOverrideKept() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        Copied copied = copySeries(f);
        CalendarEvent master = copied.events().stream().filter(e -> e.recurrenceId() == null).findFirst().orElseThrow();
        String masterId = copied.ids().get(copied.events().indexOf(master));
        String before = f.client.get(f.account(), RADICALE.url().resolve(masterId)).orElseThrow().data();
        // A later transfer (another job) with the changed master and a uid of its own: the resource's UID stays.
        TestImportContext rerun = new CalDavFixture(RADICALE, 50).destination();

        String id = f.eventImporter.updateItem(rerun, "i:" + master.id(),
                master.toBuilder().summary("Stand-up (renamed)").uid(null).build(), copied.calendar(), masterId);

        assertEquals(masterId, id);
        assertEquals("one object in the calendar", 1, members(f, copied.calendar()).size());
        String after = f.client.get(f.account(), RADICALE.url().resolve(masterId)).orElseThrow().data();
        List<CalendarEvent> stored = ICalendarFormat.readEvents(masterId, after);
        assertEquals(2, stored.size());
        assertEquals(Set.of("Stand-up (renamed)"), Set.of(stored.stream().filter(e -> e.recurrenceId() == null).findFirst().orElseThrow().summary()));
        CalendarEvent moved = copied.events().stream().filter(e -> e.recurrenceId() != null).findFirst().orElseThrow();
        assertEquals(moved.summary(), stored.stream().filter(e -> e.recurrenceId() != null).findFirst().orElseThrow().summary());
        assertEquals(ICalendarFormat.readEvents(masterId, before).get(0).uid(), stored.get(0).uid());
        assertEquals(rerun.notKept().toString(), 0, rerun.notKept().stream().filter(n -> n.field().equals("*")).count());
    }

    /** Radicale refuses RDATE periods (400): the update is stored with their starts, as an import is, and the ends reported. */
    @Test
    public void aChangedEventWithRecurrencePeriodsTheServerRefusesIsReplacedWithTheirStarts() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        Copied copied = copySeries(f);
        CalendarEvent master = copied.events().stream().filter(e -> e.recurrenceId() == null).findFirst().orElseThrow();
        String masterId = copied.ids().get(copied.events().indexOf(master));
        java.util.List<org.dtp.models.ExtendedProperty> extended = new ArrayList<>(master.extended());
        extended.add(new org.dtp.models.ExtendedProperty("RDATE", java.util.Map.of("VALUE", List.of("PERIOD")),
                "20240308T120000Z/PT1H"));
        TestImportContext rerun = new CalDavFixture(RADICALE, 50).destination();

        assertEquals(masterId, f.eventImporter.updateItem(rerun, "i:" + master.id(),
                master.toBuilder().summary("Stand-up (extra)").extended(extended).build(), copied.calendar(), masterId));

        CalendarEvent stored = ICalendarFormat.readEvents(masterId, f.client.get(f.account(), RADICALE.url().resolve(masterId))
                .orElseThrow().data()).stream().filter(e -> e.recurrenceId() == null).findFirst().orElseThrow();
        assertEquals("Stand-up (extra)", stored.summary());
        assertTrue(stored.recurrenceDates().toString(), stored.recurrenceDates().contains(
                org.dtp.models.calendar.CalendarTime.ofUtc(java.time.Instant.parse("2024-03-08T12:00:00Z"))));
        assertTrue(rerun.notKept().toString(), rerun.notKept().stream().anyMatch(n -> n.field().equals("recurrenceDates")
                && n.reason().startsWith("RDATE;VALUE=PERIOD:20240308T120000Z/PT1H kept as the periods' starts")));
    }

    @Test
    public void aChangedOccurrenceIsReplacedAndTheMasterKept() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        Copied copied = copySeries(f);
        CalendarEvent moved = copied.events().stream().filter(e -> e.recurrenceId() != null).findFirst().orElseThrow();
        String movedId = copied.ids().get(copied.events().indexOf(moved));
        assertTrue(movedId, movedId.contains("#"));

        assertEquals(movedId, f.eventImporter.updateItem(f.destination(), "i:" + moved.id(),
                moved.toBuilder().summary("Moved again").build(), copied.calendar(), movedId));

        String path = movedId.substring(0, movedId.indexOf('#'));
        List<CalendarEvent> stored = ICalendarFormat.readEvents(path, f.client.get(f.account(), RADICALE.url().resolve(path)).orElseThrow().data());
        assertEquals(List.of("Stand-up", "Moved again"), stored.stream().map(CalendarEvent::summary).toList());
    }

    @Test
    public void anEventDeletedAtTheDestinationIsNotUpdatable() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        Copied copied = copySeries(f);
        String id = copied.ids().get(0);
        Files.delete(RADICALE.storage(Radicale.USER).resolve(id.split("#")[0].substring("/alice/".length())));

        assertThrows(ItemNotUpdatableException.class, () -> f.eventImporter.updateItem(f.destination(), "i:x",
                copied.events().get(0), copied.calendar(), id));
    }

    @Test
    public void anObjectChangedOnTheServerBetweenReadAndWriteIsTriedAgain() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        Copied copied = copySeries(f);
        CalendarEvent master = copied.events().get(0);
        String path = copied.ids().get(0);
        TestImportContext ctx = f.destination();

        // Someone else changes the resource after the connector read its ETag and before it writes.
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> f.connector.replaceComponent(ctx,
                master.id(), path, "", "VEVENT", uid -> {
                    DavResource current = f.client.get(f.account(), RADICALE.url().resolve(path)).orElseThrow();
                    f.client.put(f.account(), RADICALE.url().resolve(path), current.data().replaceFirst("SUMMARY:",
                            "SUMMARY:Changed elsewhere, "), DavService.CALDAV.contentType(), current.etag());
                    return ICalendarFormat.writeEventComponent(master.toBuilder().summary("Ours").build(), uid);
                }, Set.of(), List.of()));

        assertTrue(e.getMessage(), e.getMessage().endsWith("changed on the server meanwhile"));
        String stored = f.client.get(f.account(), RADICALE.url().resolve(path)).orElseThrow().data();
        assertTrue(stored, stored.contains("SUMMARY:Changed elsewhere") && !stored.contains("SUMMARY:Ours"));
    }

    @Test
    public void aChangedTaskIsReplacedInPlaceAndADeletedOneIsNotUpdatable() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        String source = f.newCalendar("Task source", "VTODO");
        f.put(source, "t.ics", Samples.icalendar("tasks.ics"));
        Task task = f.exportAll(f.tasks.pages, source).items().get(0);
        TestImportContext ctx = f.destination();
        String list = f.taskImporter.importContainer(ctx, "c:" + source, new TaskList(source, "Copy"), null);
        String id = f.taskImporter.importItem(ctx, "i:" + task.id(), task, list);

        assertEquals(id, f.taskImporter.updateItem(ctx, "i:" + task.id(), task.toBuilder().title("Renamed").build(), list, id));

        assertEquals(1, members(f, list).size());
        Task stored = ICalendarFormat.readTasks(id, f.client.get(f.account(), RADICALE.url().resolve(id)).orElseThrow().data()).get(0);
        assertEquals("Renamed", stored.title());
        assertEquals(task.uid(), stored.uid());

        Files.delete(RADICALE.storage(Radicale.USER).resolve(id.substring("/alice/".length())));
        assertThrows(ItemNotUpdatableException.class, () -> f.taskImporter.updateItem(ctx, "i:" + task.id(), task, list, id));
    }
}
