package org.dtp.adapters.google.calendar;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Imports calendars and events into Google Calendar. A source calendar becomes a secondary calendar
 * ({@code POST /calendars}, with its description and time zone; its colour then set on the user's calendar list),
 * found again by its name among the user's owned calendars on a retry; an event is
 * {@code POST /calendars/<id>/events/import}, which keeps the event's iCalUID and, imported again with the same
 * iCalUID (and original start), updates that event instead of adding one: idempotent. A changed occurrence is
 * imported with the master's iCalUID and {@code originalStartTime} (and, when the master is there already, its
 * {@code recurringEventId}), so it stays an exception of its series.
 */
@Component(
        name = "org.dtp.adapters.google.GoogleCalendarImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Calendar",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class GoogleCalendarImporter extends GoogleComponent implements Importer<Calendar, CalendarEvent> {
    private static final Pattern RGB = Pattern.compile("#[0-9a-fA-F]{6}");

    @Activate
    public GoogleCalendarImporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, Calendar calendar, String parentId)
            throws AdapterException {
        return connector.container(context.jobId() + "|calendar|" + idempotencyKey, () -> {
            CalendarApi api = api(context);
            String name = calendar.name().strip().isEmpty() ? "Imported calendar" : calendar.name().strip();
            List<JsonNode> owned = ApiPage.firstMatches(api::calendars,
                    c -> name.equals(c.path("summary").asText()) && "owner".equals(c.path("accessRole").asText()));
            if (!owned.isEmpty()) {
                return owned.get(owned.size() - 1).path("id").asText(); // the page's last one, as ever
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("summary", name);
            if (calendar.description() != null) {
                body.put("description", calendar.description());
            }
            if (calendar.timeZoneId() != null) {
                body.put("timeZone", calendar.timeZoneId());
            }
            String id = api.createCalendar(body).path("id").asText("");
            if (id.isEmpty()) {
                throw new AdapterException("Google answered calendars.insert without the calendar's id");
            }
            if (calendar.color() != null) {
                setColour(context, api, id, calendar);
            }
            return id;
        });
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, CalendarEvent event, String containerId)
            throws AdapterException {
        if (containerId == null) {
            throw new ItemRejectedException("an event outside any calendar: Google Calendar keeps events in calendars only");
        }
        CalendarApi api = api(context);
        String uid = event.uid() != null && !event.uid().isBlank() ? event.uid() : generatedUid(context, idempotencyKey);
        Map<String, Object> body;
        try {
            body = GoogleEvents.toGoogle(event, uid, context);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the event cannot be written for Google Calendar: " + e.getMessage());
        }
        if (event.recurrenceId() != null) {
            for (JsonNode existing : api.eventsWithUid(containerId, uid)) {
                if (!existing.hasNonNull("recurringEventId") && existing.has("recurrence")) {
                    body.put("recurringEventId", existing.path("id").asText());
                }
            }
        }
        JsonNode imported = api.importEvent(containerId, body);
        String id = imported.path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Google answered events.import without the event's id");
        }
        GoogleEvents.reportResourceFlagsKept(event, imported, context);
        return id;
    }

    /** Gives a new calendar the source's colour when it is {@code #RRGGBB}, the one form Google takes. */
    private static void setColour(ImportContext context, CalendarApi api, String calendarId, Calendar calendar) throws AdapterException {
        String colour = calendar.color().strip();
        if (!RGB.matcher(colour).matches()) {
            context.reportNotKept(calendar.id(), "color", "Google Calendar takes colours as #RRGGBB only, not '" + colour + "'");
            return;
        }
        api.setColours(calendarId, colour.toLowerCase(Locale.ROOT), readableTextOn(colour));
    }

    /** Black or white, whichever reads better on {@code background} (W3C's colour brightness, 0 to 255). */
    private static String readableTextOn(String background) {
        int rgb = Integer.parseInt(background.substring(1), 16);
        int brightness = (299 * (rgb >> 16 & 0xff) + 587 * (rgb >> 8 & 0xff) + 114 * (rgb & 0xff)) / 1000;
        return brightness > 125 ? "#000000" : "#ffffff";
    }

    /** A UID for an event that had none, the same for every attempt of this job and key. */
    private static String generatedUid(ImportContext context, String idempotencyKey) {
        return context.fingerprint(idempotencyKey).hex(16) + "@dtp";
    }

    private CalendarApi api(ImportContext context) throws AdapterException {
        return new CalendarApi(connector.http(context), connector.settings().calendarBaseUrl(), connector.settings().pageSize());
    }
}
