package org.dtp.adapters.google.calendar;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleHttp;
import org.dtp.adapters.google.ItemsApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.ProviderRejectedException;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The calls of the Calendar API v3 the adapter makes (https://developers.google.com/calendar/api/v3/reference), as one user. */
final class CalendarApi extends ItemsApi {
    /** {@code pageSize}: calendars or events per page (calendarList allows up to 250, events up to 2,500). */
    CalendarApi(GoogleHttp http, URI baseUrl, int pageSize) {
        super(http, baseUrl, pageSize);
    }

    /** calendarList.list. */
    ApiPage calendars(String pageToken) throws AdapterException {
        return list("/users/me/calendarList?", pageToken);
    }

    /**
     * events.list with singleEvents=false: recurring events as their master (with {@code recurrence}) and their
     * changed or cancelled occurrences as events of their own ({@code recurringEventId}, {@code originalStartTime}).
     * With {@code syncToken} (https://developers.google.com/calendar/api/guides/sync) only the events changed since,
     * deleted ones too (status {@code cancelled}: Google refuses {@code showDeleted=false} with a sync token); the
     * last page carries {@code nextSyncToken}.
     */
    ApiPage events(String calendarId, String syncToken, String pageToken) throws AdapterException {
        return list("/calendars/" + FormEncoding.percentEncode(calendarId) + "/events?singleEvents=false&"
                + (syncToken == null ? "showDeleted=false&" : "syncToken=" + FormEncoding.percentEncode(syncToken) + "&"), pageToken);
    }

    /** Google's answer to a sync token it no longer takes: 410 Gone, "a full sync is required". */
    static boolean expired(ProviderRejectedException e) {
        return e.status() == 410;
    }

    /** events.list of the events with one iCalUID (a master and its changed occurrences). */
    List<JsonNode> eventsWithUid(String calendarId, String iCalUid) throws AdapterException {
        List<JsonNode> out = new ArrayList<>();
        ApiPage.forEach(pageToken -> items(http.get(URI.create(base + "/calendars/" + FormEncoding.percentEncode(calendarId)
                + "/events?singleEvents=false&showDeleted=true&iCalUID=" + FormEncoding.percentEncode(iCalUid)
                + ApiPage.tokenQuery(pageToken)), OnNotFound.FAIL)), out::add);
        return out;
    }

    /** calendars.insert: a secondary calendar. */
    JsonNode createCalendar(Map<String, Object> calendar) throws AdapterException {
        return http.send("POST", URI.create(base + "/calendars"), calendar, OnNotFound.FAIL);
    }

    /**
     * calendarList.patch of the calendar's colours with colorRgbFormat=true, which Google needs to take
     * {@code backgroundColor} and {@code foregroundColor} ("#0088aa") instead of a colorId.
     */
    JsonNode setColours(String calendarId, String background, String foreground) throws AdapterException {
        return http.send("PATCH", URI.create(base + "/users/me/calendarList/" + FormEncoding.percentEncode(calendarId)
                + "?colorRgbFormat=true"), Map.of("backgroundColor", background, "foregroundColor", foreground), OnNotFound.FAIL);
    }

    /** events.import: adds (or, for the same iCalUID and occurrence, updates) an event, keeping its iCalUID. */
    JsonNode importEvent(String calendarId, Map<String, Object> event) throws AdapterException {
        return http.send("POST", URI.create(base + "/calendars/" + FormEncoding.percentEncode(calendarId) + "/events/import"),
                event, OnNotFound.FAIL);
    }
}
