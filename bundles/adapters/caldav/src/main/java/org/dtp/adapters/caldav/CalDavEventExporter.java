package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.models.MediaRef;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;

/**
 * Exports the calendars (collections taking VEVENT) of a CalDAV account and their events: each resource's master
 * event and its changed occurrences, ids being the resource's path (and {@code #RECURRENCE-ID}). Nothing on the
 * server is changed.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=caldav",
        AdapterProperties.PROVIDER_NAME + "=CalDAV",
        AdapterProperties.VERTICAL + "=CALENDAR"})
public final class CalDavEventExporter implements Exporter<Calendar, CalendarEvent> {
    private final CalDavConnector connector;
    final CalDavPages<Calendar, CalendarEvent> pages;

    @Activate
    public CalDavEventExporter(@Reference CalDavConnector connector) {
        this.connector = connector;
        this.pages = new CalDavPages<>(connector, "VEVENT", c -> new Calendar(c.href().getPath(), CalDavPages.nameOf(c),
                c.description(), c.color(), c.timeZone() == null ? null
                : ICalendarFormat.vtimezones(c.timeZone()).keySet().stream().findFirst().orElse(null)), ICalendarFormat::readEvents);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.account(source);
    }

    @Override
    public ExportPage<Calendar, CalendarEvent> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return pages.export(context, cursor);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("CalDAV events carry no media: " + ref.uri());
    }
}
