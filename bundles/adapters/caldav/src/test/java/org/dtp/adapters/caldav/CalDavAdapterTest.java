package org.dtp.adapters.caldav;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.testing.Samples;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.ExportCursor;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.util.HashSet;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Listing, paging, idempotent import and per-item errors against a real Radicale. */
public class CalDavAdapterTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    @Test
    public void calendarsAndTaskListsAreListedByTheComponentTheyTake() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 3);
        String events = f.newCalendar("Events", "VEVENT");
        String todos = f.newCalendar("Todos", "VTODO");
        List<Calendar> calendars = f.events.export(f.source(), ExportCursor.root()).containers();
        List<TaskList> lists = f.tasks.export(f.source(), ExportCursor.root()).containers();
        assertTrue(calendars.stream().anyMatch(c -> c.id().equals(events) && c.name().equals("Events")));
        assertTrue(calendars.stream().noneMatch(c -> c.id().equals(todos)));
        assertTrue(lists.stream().anyMatch(l -> l.id().equals(todos) && l.name().equals("Todos")));
        assertTrue(lists.stream().noneMatch(l -> l.id().equals(events)));
    }

    @Test
    public void exportsEveryEventPageByPageToTheEnd() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 3);
        String calendar = f.newCalendar("Paged", "VEVENT");
        for (int i = 0; i < 8; i++) {
            f.put(calendar, "e" + i + ".ics", Samples.event(i));
        }
        CalDavFixture.Exported<CalendarEvent> exported = f.exportAll(f.events.pages, calendar);
        assertEquals(8, exported.items().size());
        assertEquals("8 events in batches of 3", 3, exported.pages());
        assertEquals(8, new HashSet<>(exported.items().stream().map(CalendarEvent::summary).toList()).size());
    }

    @Test
    public void importingTheSameKeysTwiceMakesEachThingOnce() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        String source = f.newCalendar("Idempotent source", "VEVENT");
        f.put(source, "weekly.ics", Samples.icalendar("weekly-with-exceptions.ics"));
        List<CalendarEvent> exported = f.exportAll(f.events.pages, source).items();
        assertEquals("the master and its changed occurrence", 2, exported.size());

        TestImportContext ctx = f.destination();
        Calendar calendar = new Calendar(source, "Copy", null, null, null);
        String target = f.eventImporter.importContainer(ctx, "c:" + source, calendar, null);
        assertEquals(target, f.eventImporter.importContainer(ctx, "c:" + source, calendar, null));
        for (int round = 0; round < 2; round++) {
            for (CalendarEvent e : exported) {
                String id = f.eventImporter.importItem(ctx, "i:" + e.id(), e, target);
                assertTrue(id.startsWith(target));
            }
        }
        // One resource holds the master and its override (RFC 4791 §4.1), each once.
        assertEquals(1, f.client.propfindMembers(f.account(), RADICALE.url().resolve(target)).size());
        String stored = f.client.get(f.account(), f.client.propfindMembers(f.account(), RADICALE.url().resolve(target)).get(0).href())
                .orElseThrow().data();
        assertEquals(2, stored.split("BEGIN:VEVENT", -1).length - 1);
        assertEquals(1, stored.split("BEGIN:VTIMEZONE", -1).length - 1);
    }

    @Test
    public void aMalformedCalendarOnTheServerIsRejectedAndTheRestExported() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 2);
        String calendar = f.newCalendar("Broken", "VEVENT");
        f.put(calendar, "a.ics", Samples.event(1));
        // Radicale takes this (vobject does not check VERSION); no iCalendar reader can know what it means.
        f.put(calendar, "b.ics", Samples.event(2).replace("VERSION:2.0", "VERSION:9.0"));
        f.put(calendar, "c.ics", Samples.event(3));
        CalDavFixture.Exported<CalendarEvent> exported = f.exportAll(f.events.pages, calendar);
        assertEquals(List.of("Event 1", "Event 3"), exported.items().stream().map(CalendarEvent::summary).toList());
        assertEquals(1, exported.rejected().size());
        assertTrue(exported.rejected().get(0).sourceId().endsWith("/b.ics"));
        String reason = exported.rejected().get(0).reason();
        assertTrue(reason, reason.matches(java.util.regex.Pattern.quote(calendar + "b.ics (UID e2-") + "[-0-9a-f]+"
                + java.util.regex.Pattern.quote(", \"Event 2\"): malformed iCalendar: VERSION 9.0 is not 2.0 (RFC 5545)")));
    }

    @Test
    public void anEventThatMakesTheServersXmlInvalidIsRejectedByNameAndTheRestExported() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 5);
        String calendar = f.newCalendar("Form feed", "VEVENT");
        for (int i = 1; i <= 4; i++) {
            f.put(calendar, "e" + i + ".ics", Samples.event(i));
        }
        // As a client that wrote raw bytes would: a form feed (forbidden in XML 1.0) in a text value, the file put
        // straight into Radicale's storage. Radicale copies it into its multiget answer, which no XML parser reads.
        java.nio.file.Path folder = RADICALE.storage(Radicale.USER).resolve(calendar.substring("/alice/".length()));
        java.nio.file.Files.writeString(folder.resolve("e2-ff.ics"), Samples.event(9)
                .replace("SUMMARY:Event 9", "SUMMARY:Event 9\r\nLOCATION:Room\f12"));
        CalDavFixture.Exported<CalendarEvent> exported = f.exportAll(f.events.pages, calendar);
        List<String> summaries = exported.items().stream().map(CalendarEvent::summary).sorted().toList();
        assertTrue("every readable event exported: " + summaries + ", rejected " + exported.rejected(),
                summaries.containsAll(List.of("Event 1", "Event 2", "Event 3", "Event 4")));
        assertEquals(5, summaries.size() + exported.rejected().size());
        assertTrue("the event with the form feed exported, or rejected by its name",
                summaries.contains("Event 9") || exported.rejected().get(0).reason().contains("\"Event 9\")"));
    }

    @Test
    public void aReaderFailingUnexpectedlyCostsOnlyThatResource() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 5);
        String calendar = f.newCalendar("Reader bug", "VEVENT");
        for (int i = 1; i <= 3; i++) {
            f.put(calendar, "e" + i + ".ics", Samples.event(i));
        }
        CalDavPages<Calendar, CalendarEvent> pages = new CalDavPages<>(f.connector, "VEVENT",
                c -> new Calendar(c.href().getPath(), CalDavPages.nameOf(c), null, null, null), (path, text, losses) -> {
                    if (path.endsWith("/e2.ics")) {
                        throw new IllegalStateException("a bug of the reader");
                    }
                    return org.dtp.formats.ical.ICalendarFormat.readEvents(path, text, losses);
                });

        CalDavFixture.Exported<CalendarEvent> exported = f.exportAll(pages, calendar);

        assertEquals(List.of("Event 1", "Event 3"), exported.items().stream().map(CalendarEvent::summary).sorted().toList());
        assertEquals(1, exported.rejected().size());
        assertTrue(exported.rejected().get(0).reason(), exported.rejected().get(0).reason().matches(
                java.util.regex.Pattern.quote(calendar + "e2.ics (UID e2-") + ".*\"Event 2\"\\): could not be read "
                        + "\\(java.lang.IllegalStateException: a bug of the reader\\)"));
    }
}
