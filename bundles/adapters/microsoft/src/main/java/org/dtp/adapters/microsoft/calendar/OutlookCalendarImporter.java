package org.dtp.adapters.microsoft.calendar;

import org.dtp.adapters.microsoft.Fidelity;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.ImportTags;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import org.dtp.adapters.microsoft.Recurrences;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.Transparency;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Imports events into Outlook calendars: a calendar is found by its name ({@code GET /me/calendars}), else created; an
 * event is created with {@code POST /me/calendars/{id}/events} carrying the extended properties of
 * {@link ImportTags} (its tag and its UID), a series with its {@code recurrence} ({@link Recurrences}). A changed
 * occurrence (an event with a RECURRENCE-ID) is written onto the occurrence of its series, found by UID and original
 * start among the series' {@code instances}, with {@code PATCH}; the occurrences a series' EXDATEs name are deleted.
 * <b>Idempotent</b>: an event is looked for by its
 * tag before it is created; patching an occurrence twice leaves one. What cannot be held is reported
 * ({@link Fidelity}). Outlook sends invitations to the attendees of an event it creates.
 */
@Component(
        name = "org.dtp.adapters.microsoft.OutlookCalendarImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft Outlook calendar",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class OutlookCalendarImporter extends GraphComponent implements Importer<Calendar, CalendarEvent> {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** An RFC 5545 duration in weeks ({@code dur-week}), which {@link Duration#parse} does not take. */
    private static final Pattern WEEKS = Pattern.compile("[+-]?P\\d+W", Pattern.CASE_INSENSITIVE);
    /** A zone name fit for a header value (Windows names are letters, digits, spaces, dots, signs and parentheses). */
    private static final Pattern ZONE_NAME = Pattern.compile("[A-Za-z0-9 ._+\\-/()]+");
    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("start", "Outlook has no floating times; a floating time is kept as UTC"),
            Map.entry("end", "Outlook has no floating times; a floating time is kept as UTC"),
            Map.entry("duration", "Outlook keeps the end (start + duration), not a duration"),
            Map.entry("status", "Outlook creates no cancelled event, and an event without a status is confirmed"),
            Map.entry("transparency", "an Outlook event without a transparency is busy (opaque)"),
            Map.entry("classification", "an Outlook event without a class is normal (public)"),
            Map.entry("organizer", "Outlook makes the calendar's owner the organizer"),
            Map.entry("attendees", "Outlook sets each attendee's response itself, asks all or none to respond, and has no chair"),
            Map.entry("alarms", "Outlook keeps one display reminder, in whole minutes before the start, showing the subject"),
            Map.entry("recurrenceRules", "Outlook keeps one rule of the patterns its recurrence can say"),
            Map.entry("recurrenceDates", "Outlook has no extra occurrences (RDATE)"),
            Map.entry("exceptionDates", "Outlook cancels occurrences of a series only"),
            Map.entry("sequence", "Outlook keeps no sequence number"),
            Map.entry("created", "Outlook sets its own creation time"),
            Map.entry("lastModified", "Outlook sets its own modification time"),
            Map.entry("propertyParameters", "Outlook events keep no iCalendar parameters (LANGUAGE, ALTREP, ...)"),
            Map.entry("thisAndFuture", "Outlook changes one occurrence at a time: RECURRENCE-ID;RANGE=THISANDFUTURE not kept"));

    @Activate
    public OutlookCalendarImporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, Calendar calendar, String parentId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String name = calendar.name().isBlank() ? "Imported calendar" : calendar.name().strip();
        Fidelity.report(context, calendar.id(), calendar, new Calendar(calendar.id(), calendar.name(), null, null, null),
                field -> "Outlook calendars created through Graph have a name only");
        return api.findOrCreate("/me/calendars", "name", name);
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, CalendarEvent event, String containerId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String events = (containerId == null ? "/me/calendar" : "/me/calendars/" + GraphApi.id(containerId)) + "/events";
        String tag = ImportTags.of(context.jobId(), idempotencyKey);
        Map<String, Object> body = body(event, tag);
        boolean series = body.containsKey("recurrence");
        Fidelity.report(context, event.id(), event, OutlookCalendarExporter.event(JSON.valueToTree(body), null, event.recurrenceId()),
                // a series' EXDATEs are written apart (its occurrences deleted): not compared
                field -> series && field.equals("exceptionDates") ? null : reason(event, field));
        if (series) {
            reportDateZones(context, event);
        }
        if (event.recurrenceId() != null) {
            body.remove("recurrence");
            body.remove("singleValueExtendedProperties");
            Instant original = instant(event.recurrenceId());
            String occurrence = occurrence(api, master(api, events, event).path("id").asText(), original, original::equals)
                    .orElseThrow(() -> new ItemRejectedException("no occurrence of the series " + event.uid() + " starts at "
                            + instant(event.recurrenceId())));
            return api.patch("/me/events/" + GraphApi.id(occurrence), body).path("id").asText();
        }
        String id = ImportTags.createOnce(api, events, tag, body);
        if (series) {
            cancel(api, id, event);
        }
        return id;
    }

    /** The TZIDs on the dates of a series' EXDATEs, which are written apart (their occurrences deleted) and not compared. */
    private static void reportDateZones(ImportContext context, CalendarEvent series) {
        for (int i = 0; i < series.exceptionDates().size(); i++) {
            CalendarTime date = series.exceptionDates().get(i);
            if (date.date() != null && date.timeZoneId() != null) {
                context.reportNotKept(series.id(), "exceptionDates[" + i + "]", "TZID=" + date.timeZoneId()
                        + " on a date not kept: Outlook deletes that day's occurrence, the date has no time zone");
            }
        }
    }

    /** Why {@code field} of {@code e} is not kept as it is. */
    private static String reason(CalendarEvent e, String field) {
        CalendarTime time = field.equals("start") ? e.start() : field.equals("end") ? e.end() : null;
        if (time != null && time.date() != null) {
            // a date comes back as it was but for the TZID a source wrote on it
            return "TZID=" + time.timeZoneId() + " on a date not kept: an all-day Outlook event has no time zone";
        }
        if (field.equals("organizer") && e.organizer() != null && !e.organizer().parameters().isEmpty()) {
            return "ORGANIZER " + e.organizer().parameters() + " not kept: " + REASONS.get("organizer");
        }
        return REASONS.getOrDefault(field, "Outlook events have no " + field);
    }

    /**
     * Deletes the occurrences the series' EXDATEs name (https://learn.microsoft.com/en-us/graph/api/event-delete), also
     * when the series was made by an earlier attempt. An EXDATE that names no occurrence (or one deleted before) changes
     * nothing, as in RFC 5545. An EXDATE that is a date, or one of an all-day series, names the occurrence on that day
     * (its wall date) in the series' zone, as clients that mix the two mean it. In a zone Java does not know (a
     * Windows name, as Outlook writes TZIDs) the occurrence is found by its wall time in that zone.
     */
    private static void cancel(GraphApi api, String seriesId, CalendarEvent series) throws AdapterException {
        ZoneId zone = zoneOf(series.start());
        for (CalendarTime date : series.exceptionDates()) {
            boolean byDay = date.date() != null || series.start().date() != null;
            LocalDate day = GraphTimes.dateOf(date);
            Instant at = instant(date);
            CalendarTime matchedIn = byDay ? series.start() : date;
            Optional<String> occurrence = isZoneOnlyGraphKnows(matchedIn)
                    ? occurrenceOnWallClock(api, seriesId, matchedIn.timeZoneId(), byDay ? day.atStartOfDay() : date.dateTime(), byDay)
                    : byDay ? occurrence(api, seriesId, day.atStartOfDay(zone).toInstant(), original -> original.atZone(zone).toLocalDate().equals(day))
                    : occurrence(api, seriesId, at, at::equals);
            if (occurrence.isPresent()) {
                api.delete("/me/events/" + GraphApi.id(occurrence.get()));
            }
        }
    }

    /** The series (master) of a changed occurrence, by the UID property. */
    private static JsonNode master(GraphApi api, String events, CalendarEvent event) throws AdapterException {
        return api.withProperty(events, ImportTags.UID, event.uid() == null ? "" : event.uid()).stream()
                .filter(e -> "seriesMaster".equals(e.path("type").asText())).findFirst()
                .orElseThrow(() -> new ItemRejectedException("the series " + event.uid() + " of this changed occurrence is not in the calendar"));
    }

    /**
     * The id of the first occurrence of series {@code seriesId} near {@code around} (a day either side) whose original
     * start {@code isOriginal} accepts.
     */
    private static Optional<String> occurrence(GraphApi api, String seriesId, Instant around, Predicate<Instant> isOriginal)
            throws AdapterException {
        return api.first("/me/events/" + GraphApi.id(seriesId) + "/instances?" + window(around),
                        instance -> isOriginal.test(Instant.parse(instance.path("originalStart").asText())))
                .map(instance -> instance.path("id").asText());
    }

    /**
     * The id of the unchanged occurrence of series {@code seriesId} that starts at {@code wall} (or, {@code byDay}, on
     * its day) in {@code zone}, a zone Graph knows and Java does not: the instances are asked in that zone
     * ({@code Prefer: outlook.timezone}, https://learn.microsoft.com/en-us/graph/api/event-list-instances#request-headers).
     */
    private static Optional<String> occurrenceOnWallClock(GraphApi api, String seriesId, String zone, LocalDateTime wall, boolean byDay)
            throws AdapterException {
        return api.all("/me/events/" + GraphApi.id(seriesId) + "/instances?" + window(wall.toInstant(ZoneOffset.UTC)),
                        Map.of("Prefer", "outlook.timezone=\"" + zone + "\"")).stream()
                .filter(instance -> "occurrence".equals(instance.path("type").asText()))
                .filter(instance -> {
                    LocalDateTime start = LocalDateTime.parse(instance.path("start").path("dateTime").asText());
                    return byDay ? start.toLocalDate().equals(wall.toLocalDate()) : start.equals(wall);
                })
                .findFirst().map(instance -> instance.path("id").asText());
    }

    /** Whether {@code time} is a wall time in a zone Java does not know, named as a Prefer header can carry it. */
    private static boolean isZoneOnlyGraphKnows(CalendarTime time) {
        return time.dateTime() != null && time.timeZoneId() != null && OutlookCalendarExporter.zone(time.timeZoneId()) == null
                && ZONE_NAME.matcher(time.timeZoneId()).matches();
    }

    /** {@code startDateTime} and {@code endDateTime} of an instances request around {@code original}. */
    private static String window(Instant original) {
        LocalDate day = original.atOffset(ZoneOffset.UTC).toLocalDate();
        return "startDateTime=" + day.minusDays(1) + "T00:00:00Z&endDateTime=" + day.plusDays(2) + "T00:00:00Z";
    }

    /** The instant of a time: a zoned wall time in its zone (UTC when Java does not know it), a date at midnight UTC. */
    private static Instant instant(CalendarTime time) {
        if (time.utc() != null) {
            return time.utc();
        }
        if (time.date() != null) {
            return time.date().atStartOfDay().toInstant(ZoneOffset.UTC);
        }
        return time.dateTime().atZone(zoneOf(time)).toInstant();
    }

    /** The zone a time is written in: its own when Java knows it, else UTC (as Outlook is given dates and floating times). */
    private static ZoneId zoneOf(CalendarTime time) {
        ZoneId zone = time.timeZoneId() == null || time.date() != null ? null : OutlookCalendarExporter.zone(time.timeZoneId());
        return zone == null ? ZoneOffset.UTC : zone;
    }

    /** The Graph event of {@code e} (https://learn.microsoft.com/en-us/graph/api/user-post-events). */
    private static Map<String, Object> body(CalendarEvent e, String tag) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("subject", e.summary() == null ? "" : e.summary());
        if (e.description() != null) {
            body.put("body", Map.of("contentType", "text", "content", e.description()));
        }
        if (e.location() != null || e.geo() != null) {
            Map<String, Object> location = new LinkedHashMap<>();
            location.put("displayName", e.location() == null ? "" : e.location());
            if (e.geo() != null) {
                location.put("coordinates", GraphApi.object("latitude", e.geo().latitude(), "longitude", e.geo().longitude(),
                        "altitude", e.geo().altitude()));
            }
            body.put("location", location);
        }
        if (e.start() != null) {
            boolean allDay = e.start().date() != null;
            body.put("isAllDay", allDay);
            body.put("start", GraphTimes.of(e.start()));
            CalendarTime end = e.end() != null ? e.end() : end(e.start(), e.duration());
            body.put("end", GraphTimes.of(end));
        }
        body.put("showAs", e.transparency() == Transparency.TRANSPARENT ? "free" : e.status() == EventStatus.TENTATIVE ? "tentative" : "busy");
        if (e.classification() != null) {
            body.put("sensitivity", switch (e.classification()) {
                case PRIVATE -> "private";
                case CONFIDENTIAL -> "confidential";
                case OTHER -> "PERSONAL".equalsIgnoreCase(e.classificationText()) ? "personal" : "normal";
                default -> "normal";
            });
        }
        if (!e.categories().isEmpty()) {
            body.put("categories", e.categories());
        }
        if (!e.attendees().isEmpty()) {
            body.put("attendees", e.attendees().stream().map(a -> Map.of(
                    "emailAddress", GraphApi.object("address", a.address().replaceFirst("(?i)^mailto:", ""), "name", a.name()),
                    "type", a.role() == AttendeeRole.OPT_PARTICIPANT ? "optional" : a.role() == AttendeeRole.NON_PARTICIPANT ? "resource" : "required"))
                    .toList());
            body.put("responseRequested", e.attendees().stream().anyMatch(Attendee::rsvp));
        }
        Integer minutes = e.alarms().isEmpty() ? null : minutesBefore(e.alarms().get(0));
        body.put("isReminderOn", minutes != null);
        if (minutes != null) {
            body.put("reminderMinutesBeforeStart", minutes);
        }
        if (e.recurrenceRules().size() == 1 && e.start() != null) {
            Map<String, Object> recurrence = Recurrences.patterned(e.recurrenceRules().get(0), GraphTimes.dateOf(e.start()));
            if (recurrence != null) {
                body.put("recurrence", recurrence);
            }
        }
        body.put("singleValueExtendedProperties", ImportTags.properties(tag, e.uid()));
        return body;
    }

    /** The end of an event of {@code duration} from {@code start} (no duration: the start, or the next day). */
    private static CalendarTime end(CalendarTime start, String duration) {
        try {
            if (start.date() != null) {
                return CalendarTime.ofDate(start.date().plus(duration == null ? Period.ofDays(1) : Period.parse(duration)));
            }
            Duration length = duration == null ? Duration.ZERO : duration(duration);
            return start.utc() != null ? CalendarTime.ofUtc(start.utc().plus(length))
                    : new CalendarTime(null, start.dateTime().plus(length), start.timeZoneId(), null);
        } catch (DateTimeException e) {
            return start; // a duration in hours of an all-day event, say: the importer reports the duration as not kept
        }
    }

    /** An RFC 5545 duration (3.3.6): weeks of 7 days, or days and a time. */
    private static Duration duration(String text) {
        return WEEKS.matcher(text).matches() ? Duration.ofDays(Period.parse(text).getDays()) : Duration.parse(text);
    }

    /** Minutes before the start of a display alarm relative to the start, or null when Outlook cannot hold it. */
    private static Integer minutesBefore(Alarm alarm) {
        if (alarm.action() != AlarmAction.DISPLAY || alarm.triggerOffset() == null || alarm.triggerFromEnd()) {
            return null;
        }
        try {
            Duration before = duration(alarm.triggerOffset()).negated();
            return before.isNegative() || before.toSecondsPart() != 0 ? null : (int) before.toMinutes();
        } catch (DateTimeException e) {
            return null;
        }
    }
}
