package org.dtp.adapters.google.calendar;

import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.SyncTokenPages;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.models.MediaRef;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;

/**
 * Exports a user's Google calendars and their events. The root's pages are the calendar list
 * ({@code GET /users/me/calendarList}); a calendar's pages are its events ({@code GET /calendars/<id>/events} with
 * {@code singleEvents=false}), both following {@code nextPageToken}. A recurring event comes as its master (RRULE,
 * RDATE, EXDATE) and each changed or cancelled occurrence as an event of its own with the master's UID and
 * {@code recurrenceId} = {@code originalStartTime}: exceptions are kept. A calendar's events are listed whole the
 * first time, and after a transfer that completed only those changed since its {@code nextSyncToken}
 * ({@link SyncTokenPages}; 410 Gone lists them whole again). Nothing at Google is changed.
 */
@Component(
        name = "org.dtp.adapters.google.GoogleCalendarExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Calendar",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class GoogleCalendarExporter extends GoogleComponent implements Exporter<Calendar, CalendarEvent> {
    @Activate
    public GoogleCalendarExporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<Calendar, CalendarEvent> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        CalendarApi api = new CalendarApi(connector.http(context), connector.settings().calendarBaseUrl(), connector.settings().pageSize());
        if (cursor.isRoot()) {
            return api.calendars(cursor.continuation()).asContainers((id, c) -> {
                String name = c.path("summaryOverride").asText(c.path("summary").asText(id));
                return new Calendar(id, name.isBlank() ? id : name, c.path("description").asText(null),
                        c.path("backgroundColor").asText(null), c.path("timeZone").asText(null));
            });
        }
        String calendarId = cursor.containerId();
        return SyncTokenPages.page(context, "/calendars/" + calendarId + "/events", (sync, page) -> api.events(calendarId, sync, page),
                CalendarApi::expired, cursor.continuation()).asItems(GoogleCalendarExporter::deleted,
                e -> GoogleEvents.fromGoogle(e, context::reportNotKept));
    }

    /** An event deleted since a sync token (a cancelled occurrence of a series is not: it is an exception of the series). */
    private static boolean deleted(JsonNode event) {
        return "cancelled".equals(event.path("status").asText()) && !event.hasNonNull("recurringEventId");
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("Google Calendar events carry no media");
    }
}
