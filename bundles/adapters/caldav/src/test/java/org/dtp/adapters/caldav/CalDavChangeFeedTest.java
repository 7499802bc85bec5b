package org.dtp.adapters.caldav;

import org.dtp.formats.testing.Samples;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.dtp.webdav.DavResource;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

/** Re-runs list only the events and tasks that changed, from the calendar's sync token (RFC 6578), on a real Radicale. */
public class CalDavChangeFeedTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    private static String task(String summary) {
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dtp tests//EN\r\nBEGIN:VTODO\r\nUID:t-" + UUID.randomUUID()
                + "\r\nDTSTAMP:20240101T000000Z\r\nSUMMARY:" + summary + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n";
    }

    /** A calendar of four events. */
    private static String calendarOfFour(CalDavFixture f) throws Exception {
        String calendar = f.newCalendar("Feed", "VEVENT");
        for (int i = 0; i < 4; i++) {
            f.put(calendar, "e" + i + ".ics", Samples.event(i));
        }
        return calendar;
    }

    private static List<String> summaries(CalDavFixture.Exported<CalendarEvent> exported) {
        return exported.items().stream().map(CalendarEvent::summary).sorted().toList();
    }

    @Test
    public void eventsAreListedAllThenNoneThenExactlyThoseAddedOrChanged() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 3);
        String calendar = calendarOfFour(f);
        TestTransferContext first = f.sourceAfter(Map.of());
        assertEquals(4, f.exportAll(f.events.pages, calendar, first).items().size());
        assertNotNull("the calendar's sync token, under its path: " + first.recordedChangeTokens(),
                first.recordedChangeTokens().get(calendar));

        TestTransferContext second = f.sourceAfter(first.recordedChangeTokens());
        assertEquals(List.of(), f.exportAll(f.events.pages, calendar, second).items());

        f.put(calendar, "e4.ics", Samples.event(4));
        DavResource e1 = f.client.get(f.account(), RADICALE.url().resolve(calendar + "e1.ics")).orElseThrow();
        f.client.put(f.account(), e1.href(), e1.data().replace("SUMMARY:Event 1", "SUMMARY:Changed 1"),
                DavService.CALDAV.contentType(), e1.etag());
        TestTransferContext third = f.sourceAfter(second.recordedChangeTokens());
        assertEquals(List.of("Changed 1", "Event 4"), summaries(f.exportAll(f.events.pages, calendar, third)));
    }

    @Test
    public void aTokenTheServerRefusesFallsBackToEveryEventAndRecordsAFreshToken() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 3);
        String calendar = calendarOfFour(f);
        String current = f.client.collection(f.account(), RADICALE.url().resolve(calendar)).orElseThrow().syncToken();
        String refused = "garbage-" + UUID.randomUUID();
        TestTransferContext run = f.sourceAfter(Map.of(calendar, refused));

        assertEquals(4, f.exportAll(f.events.pages, calendar, run).items().size());

        assertEquals(current, run.recordedChangeTokens().get(calendar));
        assertTrue("Radicale refused it", RADICALE.log().contains("invalid sync token '" + refused + "'"));
    }

    @Test
    public void tasksAreListedOnlyWhenAddedSinceTheLastRun() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 3);
        String list = f.newCalendar("Feed tasks", "VTODO");
        f.put(list, "t0.ics", task("Task 0"));
        f.put(list, "t1.ics", task("Task 1"));
        TestTransferContext first = f.sourceAfter(Map.of());
        assertEquals(2, f.exportAll(f.tasks.pages, list, first).items().size());

        f.put(list, "t2.ics", task("Task 2"));
        TestTransferContext second = f.sourceAfter(first.recordedChangeTokens());
        assertEquals(List.of("Task 2"), f.exportAll(f.tasks.pages, list, second).items().stream().map(Task::title).toList());
    }
}
