package org.dtp.adapters.google.calendar;

import org.dtp.adapters.google.Fixture;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/** A calendar's events are listed with Google's sync tokens: a transfer after one that completed lists only what changed. */
public class GoogleCalendarChangeFeedTest {
    private Fixture f;
    private String work;
    private String holidays;
    private String call;

    @Before
    public void setUp() throws Exception {
        f = new Fixture(2);
        work = f.fake.addCalendar("Work", "UTC");
        holidays = f.fake.addCalendar("Holidays", "UTC");
        call = add(work, "Call");
        for (String summary : List.of("Review", "Lunch", "Retro")) {
            add(work, summary);
        }
        add(holidays, "Good Friday");
    }

    @After
    public void tearDown() {
        f.close();
    }

    private String add(String calendar, String summary) {
        return f.fake.addEvent(calendar, """
                {"iCalUID": "%s@example.org", "summary": "%s", "status": "confirmed",
                 "start": {"dateTime": "2024-02-01T09:00:00Z"}, "end": {"dateTime": "2024-02-01T09:30:00Z"}}"""
                .formatted(summary.toLowerCase(), summary));
    }

    private TestTransferContext run(Map<String, String> previous) {
        return f.source().rememberingChangeTokens(previous);
    }

    private List<String> summaries(TestTransferContext context) throws Exception {
        ExportWalk<Calendar, CalendarEvent> walk = ExportWalk.of(new GoogleCalendarExporter(f.connector()), context);
        return walk.allItems().stream().map(CalendarEvent::summary).sorted().toList();
    }

    @Test
    public void theFirstRunListsAllAndRecordsASyncTokenPerCalendarTheNextListsNothing() throws Exception {
        TestTransferContext first = run(Map.of());
        assertEquals(List.of("Call", "Good Friday", "Lunch", "Retro", "Review"), summaries(first));
        assertEquals("a sync token for each calendar", 2, first.recordedChangeTokens().size());

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of(), summaries(second));
        assertEquals(2, second.recordedChangeTokens().size());
    }

    @Test
    public void onlyTheEventsAddedOrChangedSinceAreListedAndDeletedOnesAreNot() throws Exception {
        TestTransferContext first = run(Map.of());
        summaries(first);
        f.fake.changeEvent(work, call, "{\"summary\": \"Call (moved)\"}");
        add(holidays, "Easter Monday");
        String lunch = f.fake.eventsOf(work).stream().filter(e -> e.path("summary").asText().equals("Lunch")).findFirst()
                .orElseThrow().path("id").asText();
        f.fake.changeEvent(work, lunch, "{\"status\": \"cancelled\"}");

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of("Call (moved)", "Easter Monday"), summaries(second));
        assertEquals(List.of(), summaries(run(second.recordedChangeTokens())));
    }

    @Test
    public void anExpiredSyncTokenListsTheCalendarAgainInFull() throws Exception {
        TestTransferContext first = run(Map.of());
        summaries(first);
        f.fake.expireEventSyncTokens();

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(5, summaries(second).size());
        assertEquals(List.of(), summaries(run(second.recordedChangeTokens())));
    }
}
