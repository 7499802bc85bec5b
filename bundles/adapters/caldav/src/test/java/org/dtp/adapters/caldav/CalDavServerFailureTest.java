package org.dtp.adapters.caldav;

import org.dtp.formats.testing.Samples;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * A file Radicale cannot load itself, and an event Radicale refuses, against a real Radicale (a server of their own:
 * the broken file fails every listing of alice's home that asks for the calendars' sync tokens).
 */
public class CalDavServerFailureTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    @Test
    public void aCalendarWithAFileTheServerCannotLoadIsOneErrorAndTheOtherCalendarsAreExported() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 2);
        String fine = f.newCalendar("Fine", "VEVENT");
        String broken = f.newCalendar("Broken", "VEVENT");
        for (int i = 0; i < 3; i++) {
            f.put(fine, "f" + i + ".ics", Samples.event(i));
            f.put(broken, "b" + i + ".ics", Samples.event(10 + i));
        }
        // Written straight into Radicale's storage, as another program could: an event never closed. Radicale then
        // answers 500 to every request that loads the calendar's members (its listing, its sync token, a multiget).
        Files.writeString(RADICALE.storage(Radicale.USER).resolve(broken.substring("/alice/".length())).resolve("unclosed.ics"),
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nBEGIN:VEVENT\r\nUID:unclosed\r\n"
                        + "DTSTART:20260101T100000Z\r\nSUMMARY:Never closed\r\n", StandardCharsets.UTF_8);

        List<String> calendars = f.events.export(f.source(), ExportCursor.root()).containers().stream().map(Calendar::id).toList();
        assertTrue("both calendars listed: " + calendars, calendars.containsAll(List.of(fine, broken)));

        CalDavFixture.Exported<CalendarEvent> brokenExport = f.exportAll(f.events.pages, broken);
        assertEquals(List.of(), brokenExport.items());
        assertEquals(1, brokenExport.rejected().size());
        ExportPage.Rejected rejected = brokenExport.rejected().get(0);
        assertEquals("the calendar named, as Radicale names no file", broken, rejected.sourceId());
        assertTrue(rejected.reason(), rejected.reason().startsWith("the collection could not be listed: Radicale answered 500"
                + " Internal Server Error to PROPFIND " + RADICALE.url().resolve(broken)));
        assertTrue("Radicale's log names the file: " + RADICALE.log(), RADICALE.log().contains("unclosed.ics"));

        CalDavFixture.Exported<CalendarEvent> fineExport = f.exportAll(f.events.pages, fine);
        assertEquals(3, fineExport.items().size());
        assertEquals(List.of(), fineExport.rejected());
    }

    @Test
    public void anEventRadicaleRefusesSaysRadicalesReasonWithoutTheCredentials() throws Exception {
        CalDavFixture f = new CalDavFixture(RADICALE, 50);
        String source = f.newCalendar("Refused source", "VEVENT");
        String ics = Samples.event(1);
        f.put(source, "e.ics", ics);
        CalendarEvent event = f.exportAll(f.events.pages, source).items().get(0);
        TestImportContext ctx = f.destination();
        String target = f.eventImporter.importContainer(ctx, "c:" + source, new Calendar(source, "Refusing", null, null, null), null);
        // Another resource of the calendar already has the event's UID: RFC 4791 §5.3.2.1 no-uid-conflict.
        f.put(target, "already.ics", ics);

        ItemRejectedException e = assertThrows(ItemRejectedException.class,
                () -> f.eventImporter.importItem(ctx, "i:" + event.id(), event, target));

        assertTrue(e.getMessage(), e.getMessage().startsWith("Radicale answered 409 Conflict to PUT " + RADICALE.url().resolve(target)));
        assertTrue("Radicale's reason: " + e.getMessage(), e.getMessage().endsWith(": no-uid-conflict"));
        assertFalse(e.getMessage(), e.getMessage().contains(Radicale.PASSWORD) || e.getMessage().contains("Basic"));
    }
}
