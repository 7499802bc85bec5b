package org.dtp.adapters.google;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.dtp.models.MediaRef;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports a user's Google calendars and their events. The root's pages are the calendar list
 * ({@code GET /users/me/calendarList}); a calendar's pages are its events ({@code GET /calendars/<id>/events} with
 * {@code singleEvents=false}), both following {@code nextPageToken}. A recurring event comes as its master (RRULE,
 * RDATE, EXDATE) and each changed or cancelled occurrence as an event of its own with the master's UID and
 * {@code recurrenceId} = {@code originalStartTime}: exceptions are kept. Nothing at Google is changed.
 */
@Component(
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Calendar",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class GoogleCalendarExporter implements Exporter<Calendar, CalendarEvent> {
    private final GoogleConnector connector;

    @Activate
    public GoogleCalendarExporter(@Reference GoogleConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public void release(TransferEndpoint source) throws AdapterException {
        connector.release(source);
    }

    @Override
    public ExportPage<Calendar, CalendarEvent> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        CalendarApi api = new CalendarApi(connector.http(context), connector.settings().calendarBaseUrl(), connector.settings().pageSize());
        if (cursor.isRoot()) {
            ApiPage page = api.calendars(cursor.continuation());
            List<Calendar> calendars = new ArrayList<>();
            for (JsonNode c : page.entries()) {
                String id = c.path("id").asText("");
                if (!id.isEmpty()) {
                    String name = c.path("summaryOverride").asText(c.path("summary").asText(id));
                    calendars.add(new Calendar(id, name.isBlank() ? id : name, c.path("description").asText(null),
                            c.path("backgroundColor").asText(null), c.path("timeZone").asText(null)));
                }
            }
            return new ExportPage<>(calendars, List.of(), page.nextPageToken());
        }
        ApiPage page = api.events(cursor.containerId(), cursor.continuation());
        List<CalendarEvent> events = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode e : page.entries()) {
            String id = e.path("id").asText("");
            if (id.isEmpty()) {
                continue;
            }
            try {
                events.add(GoogleEvents.fromGoogle(e));
            } catch (IllegalArgumentException bad) {
                rejected.add(new ExportPage.Rejected(id, bad.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), events, page.nextPageToken(), rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("Google Calendar events carry no media");
    }
}
