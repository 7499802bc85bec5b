package org.dtp.adapters.caldav;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.testing.Radicale;
import org.junit.Rule;

/** The SPI conformance kit on the CalDAV calendar against a real Radicale, one per test, two items per page. */
public class CalDavEventConformanceTest extends AdapterConformanceTest<Calendar, CalendarEvent> {
    @Rule
    public final Radicale radicale = new Radicale();

    @Override
    protected Vertical vertical() {
        return Vertical.CALENDAR;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return new CalDavFixture(radicale, 2).endpoint();
    }

    private static CalDavConnector connector() {
        return new CalDavConnector(DavClient.builder("Radicale").build(), 2);
    }

    @Override
    protected Exporter<Calendar, CalendarEvent> newExporter() {
        return new CalDavEventExporter(connector());
    }

    @Override
    protected Importer<Calendar, CalendarEvent> newImporter() {
        return new CalDavEventImporter(connector());
    }
}
