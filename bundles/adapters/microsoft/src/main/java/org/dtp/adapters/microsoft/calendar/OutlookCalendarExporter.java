package org.dtp.adapters.microsoft.calendar;

import org.dtp.adapters.microsoft.ExportPages;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.ImportTags;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import org.dtp.adapters.microsoft.Recurrences;
import org.dtp.adapters.microsoft.WindowsZones;
import org.dtp.adapters.microsoft.contacts.OutlookContactExporter;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.MediaRef;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.Classification;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.Organizer;
import org.dtp.models.calendar.ParticipationStatus;
import org.dtp.models.calendar.Transparency;
import org.dtp.models.media.GeoLocation;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Exports Outlook calendars: the root's pages are the user's calendars ({@code GET /me/calendars}), a calendar's pages
 * its events ({@code GET /me/calendars/{id}/events}: single events and series masters), each series master followed
 * by its changed occurrences ({@code type} {@code exception} among {@code GET /me/events/{id}/instances} of the
 * series' range, at most {@value #EXCEPTION_YEARS} years) as events with the master's UID and their original start
 * as RECURRENCE-ID; the occurrences missing from those instances are the cancelled ones, the master's EXDATEs. Times
 * are asked for in UTC ({@code Prefer: outlook.timezone="UTC"}) and given back in the event's
 * {@code originalStartTimeZone} when Java or CLDR's Windows names know it; bodies as text
 * ({@code outlook.body-content-type}).
 */
@Component(
        name = "org.dtp.adapters.microsoft.OutlookCalendarExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft Outlook calendar",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class OutlookCalendarExporter extends GraphComponent implements Exporter<Calendar, CalendarEvent> {
    /** How far the changed and cancelled occurrences of a series without an end date are looked for: our choice. */
    static final int EXCEPTION_YEARS = 5;
    /** The most occurrences of a series compared with its instances: a daily series over {@value #EXCEPTION_YEARS} years. */
    private static final int MAX_OCCURRENCES = 2000;
    /** https://learn.microsoft.com/en-us/graph/api/user-list-events (request headers). */
    static final Map<String, String> PREFER = Map.of("Prefer", "outlook.timezone=\"UTC\", outlook.body-content-type=\"text\"");

    @Activate
    public OutlookCalendarExporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<Calendar, CalendarEvent> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        GraphApi api = connector.api(context);
        if (cursor.isRoot()) {
            return ExportPages.containers(api.page("/me/calendars", cursor.continuation()), c -> {
                String color = OutlookContactExporter.text(c, "hexColor");
                return new Calendar(c.path("id").asText(), c.path("name").asText(c.path("id").asText()), null,
                        color.isEmpty() ? null : color, null);
            });
        }
        GraphApi.Page page = api.page("/me/calendars/" + GraphApi.id(cursor.containerId()) + "/events?" + ImportTags.expand(),
                cursor.continuation(), PREFER);
        return ExportPages.items(List.of(), page.values(), page.nextLink(), "event", (e, events) -> {
            CalendarEvent event = event(e, null, null);
            String unmappedZone = unmappedZone(e, event);
            if (unmappedZone != null) {
                context.reportNotKept(event.id(), "start.timeZoneId", "Outlook's time zone '" + unmappedZone + "' is "
                        + "neither an IANA zone nor a Windows name CLDR maps: the times are kept as instants (UTC), so a "
                        + "series' wall time moves where that zone changes its offset");
            }
            Window window = "seriesMaster".equals(e.path("type").asText()) ? Window.of(e) : null;
            if (window == null) {
                events.add(event);
                return;
            }
            List<JsonNode> instances = api.all("/me/events/" + GraphApi.id(e.path("id").asText()) + "/instances?"
                    + window.query(), PREFER);
            events.add(withCancelledOccurrences(context, event, unmappedZone, instances, window));
            for (JsonNode exception : instances) {
                if ("exception".equals(exception.path("type").asText())) {
                    events.add(event(exception, event.uid(), sameForm(originalStart(exception), event.start())));
                }
            }
        });
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("Outlook events have no media");
    }

    /**
     * The event's original zone when it is one neither Java nor CLDR's Windows names know
     * ({@code tzone://Microsoft/Custom}), so that its times are instants, else null: reported, as a series' wall time
     * then moves where that zone changes its offset, and its cancelled occurrences cannot be told.
     */
    private static String unmappedZone(JsonNode e, CalendarEvent event) {
        String zone = e.path("originalStartTimeZone").asText("").strip();
        return event.start() != null && event.start().utc() != null && !zone.isEmpty() && !zone.equalsIgnoreCase("UTC")
                ? zone : null;
    }

    /** The days {@code instances} of a series are asked for: its range, at most {@value #EXCEPTION_YEARS} years. */
    private record Window(LocalDate from, LocalDate to) {
        static Window of(JsonNode master) {
            JsonNode range = master.path("recurrence").path("range");
            LocalDate start;
            try {
                start = LocalDate.parse(range.path("startDate").asText());
            } catch (DateTimeParseException e) {
                return null;
            }
            LocalDate end = start.plusYears(EXCEPTION_YEARS);
            if ("endDate".equals(range.path("type").asText())) {
                try {
                    end = LocalDate.parse(range.path("endDate").asText()).plusDays(1);
                } catch (DateTimeParseException e) {
                    // keep the default window
                }
            }
            return new Window(start.minusDays(1), end.plusDays(1));
        }

        String query() {
            return "startDateTime=" + from + "T00:00:00Z&endDateTime=" + to + "T00:00:00Z";
        }

        Instant end() {
            return to.atStartOfDay().toInstant(ZoneOffset.UTC);
        }
    }

    /**
     * The series with the occurrences Outlook cancelled as EXDATEs. Graph lists a series' occurrences and changed
     * occurrences ({@code instances}) but none that was cancelled, so a cancelled one is a start the series' rule gives
     * ({@link ICalendarFormat#occurrenceStarts}, in the series' zone) that no instance has as its {@code originalStart}.
     * Where that cannot be told (a zone no one maps; the rule and the instances disagree on most occurrences, as when
     * Graph's pattern says more than the rule it became) nothing is added and the series is reported.
     */
    private static CalendarEvent withCancelledOccurrences(TransferContext context, CalendarEvent series, String unmappedZone,
                                                          List<JsonNode> instances, Window window) {
        CalendarTime start = series.start();
        if (series.recurrenceRules().isEmpty() || start == null) {
            return series;
        }
        if (unmappedZone != null) {
            context.reportNotKept(series.id(), "exceptionDates", "the occurrences Outlook cancelled are not read: the "
                    + "series' time zone '" + unmappedZone + "' is not known, so the occurrences its rule gives cannot be told");
            return series;
        }
        List<Instant> expected;
        try {
            expected = ICalendarFormat.occurrenceStarts(series, window.end(), MAX_OCCURRENCES);
        } catch (MalformedICalendarException e) {
            context.reportNotKept(series.id(), "exceptionDates", "the occurrences Outlook cancelled are not read: " + e.getMessage());
            return series;
        }
        Set<Instant> listed = instances.stream().map(OutlookCalendarExporter::originalStart).collect(Collectors.toSet());
        List<CalendarTime> cancelled = new ArrayList<>(series.exceptionDates());
        int missing = 0;
        for (Instant occurrence : expected) {
            if (!listed.contains(occurrence)) {
                missing++;
                cancelled.add(sameForm(occurrence, start));
            }
        }
        if (missing == 0) {
            return series;
        }
        if (missing * 2 > expected.size()) {
            context.reportNotKept(series.id(), "exceptionDates", "the occurrences Outlook cancelled are not read: "
                    + missing + " of the " + expected.size() + " occurrences its rule gives are not among the series' instances");
            return series;
        }
        return series.toBuilder().exceptionDates(cancelled).build();
    }

    private static Instant originalStart(JsonNode instance) {
        return Instant.parse(instance.path("originalStart").asText());
    }

    /** An original start (an instant) in the form of the master's start: a date, a wall time in its zone, or UTC. */
    private static CalendarTime sameForm(Instant original, CalendarTime masterStart) {
        if (masterStart == null || masterStart.utc() != null) {
            return CalendarTime.ofUtc(original);
        }
        ZoneId zone = masterStart.timeZoneId() == null ? ZoneOffset.UTC : zone(masterStart.timeZoneId());
        LocalDateTime local = LocalDateTime.ofInstant(original, zone == null ? ZoneOffset.UTC : zone);
        return masterStart.date() != null ? CalendarTime.ofDate(local.toLocalDate()) : CalendarTime.ofZoned(local, masterStart.timeZoneId());
    }

    /**
     * A Graph event (https://learn.microsoft.com/en-us/graph/api/resources/event) as the canonical model; {@code uid}
     * and {@code recurrenceId} are given for a changed occurrence (its series' UID), else null.
     */
    static CalendarEvent event(JsonNode e, String uid, CalendarTime recurrenceId) {
        boolean allDay = e.path("isAllDay").asBoolean(false);
        List<Attendee> attendees = new ArrayList<>();
        boolean responseRequested = e.path("responseRequested").asBoolean(true);
        for (JsonNode a : e.path("attendees")) {
            String address = a.path("emailAddress").path("address").asText("");
            if (address.isBlank()) {
                continue;
            }
            String response = a.path("status").path("response").asText("none");
            ParticipationStatus status = switch (response) {
                case "accepted", "organizer" -> ParticipationStatus.ACCEPTED;
                case "declined" -> ParticipationStatus.DECLINED;
                case "tentativelyAccepted" -> ParticipationStatus.TENTATIVE;
                default -> ParticipationStatus.NEEDS_ACTION;
            };
            AttendeeRole role = response.equals("organizer") ? AttendeeRole.CHAIR : switch (a.path("type").asText("required")) {
                case "optional" -> AttendeeRole.OPT_PARTICIPANT;
                case "resource" -> AttendeeRole.NON_PARTICIPANT;
                default -> AttendeeRole.REQ_PARTICIPANT;
            };
            attendees.add(new Attendee("mailto:" + address, blankToNull(a.path("emailAddress").path("name").asText("")), role, null,
                    status, null, responseRequested && status == ParticipationStatus.NEEDS_ACTION));
        }
        JsonNode organizer = e.path("organizer").path("emailAddress");
        String showAs = e.path("showAs").asText("busy");
        String sensitivity = e.path("sensitivity").asText("normal");
        List<String> categories = new ArrayList<>();
        e.path("categories").forEach(c -> categories.add(c.asText()));
        String rule = e.path("recurrence").isObject() ? Recurrences.rrule(e.path("recurrence")) : null;
        String subject = OutlookContactExporter.text(e, "subject");
        List<Alarm> alarms = e.path("isReminderOn").asBoolean(false) && e.path("reminderMinutesBeforeStart").canConvertToInt()
                ? List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT" + e.path("reminderMinutesBeforeStart").asInt() + "M", false, null,
                blankToNull(subject)))
                : List.of();
        JsonNode location = e.path("location");
        JsonNode coordinates = location.path("coordinates");
        String ownUid = ImportTags.value(e, ImportTags.UID);
        return CalendarEvent.builder()
                .id(e.path("id").asText())
                .uid(uid != null ? uid : ownUid != null ? ownUid : blankToNull(e.path("iCalUId").asText("")))
                .recurrenceId(recurrenceId)
                .summary(blankToNull(subject))
                .description(blankToNull(e.path("body").path("content").asText("")))
                .location(blankToNull(location.path("displayName").asText("")))
                .start(time(e.path("start"), e.path("originalStartTimeZone").asText(""), allDay))
                .end(time(e.path("end"), e.path("originalEndTimeZone").asText(""), allDay))
                .status(e.path("isCancelled").asBoolean(false) ? EventStatus.CANCELLED
                        : showAs.equals("tentative") ? EventStatus.TENTATIVE : EventStatus.CONFIRMED)
                .transparency(showAs.equals("free") ? Transparency.TRANSPARENT : Transparency.OPAQUE)
                .classification(switch (sensitivity) {
                    case "private" -> Classification.PRIVATE;
                    case "confidential" -> Classification.CONFIDENTIAL;
                    case "personal" -> Classification.OTHER;
                    default -> Classification.PUBLIC;
                })
                .classificationText(sensitivity.equals("personal") ? "PERSONAL" : null)
                .organizer(attendees.isEmpty() || organizer.path("address").asText("").isBlank() ? null
                        : new Organizer("mailto:" + organizer.path("address").asText(), blankToNull(organizer.path("name").asText(""))))
                .attendees(attendees)
                .categories(categories)
                .recurrenceRules(rule == null ? List.of() : List.of(rule))
                .alarms(alarms)
                .created(GraphTimes.instant(e.path("createdDateTime").asText("")))
                .lastModified(GraphTimes.instant(e.path("lastModifiedDateTime").asText("")))
                .geo(coordinates.path("latitude").isNumber() && coordinates.path("longitude").isNumber()
                        ? new GeoLocation(coordinates.path("latitude").asDouble(), coordinates.path("longitude").asDouble(),
                        coordinates.path("altitude").isNumber() ? coordinates.path("altitude").asDouble() : null)
                        : null)
                .build();
    }

    /**
     * A start or end: a wall time in a zone when Graph gives one, else the UTC time shown in the event's original
     * zone: an IANA zone Java knows as it is, a Windows name ({@code W. Europe Standard Time}, as Outlook mostly
     * writes) as the IANA zone CLDR maps it to ({@link WindowsZones}), so that a series keeps its wall time across
     * daylight saving changes; in any other zone an instant. An all-day event's date.
     */
    private static CalendarTime time(JsonNode node, String originalZone, boolean allDay) {
        CalendarTime time = GraphTimes.calendarTime(node);
        if (time == null) {
            return null;
        }
        ZoneId zone = originalZone.isBlank() ? null : zone(originalZone);
        String tzid = originalZone;
        if (zone == null && !originalZone.isBlank()) {
            zone = WindowsZones.of(originalZone).orElse(null);
            tzid = zone == null ? originalZone : zone.getId();
        }
        if (time.utc() != null && zone != null && !zone.equals(ZoneOffset.UTC)) {
            LocalDateTime local = LocalDateTime.ofInstant(time.utc(), zone);
            return allDay ? CalendarTime.ofDate(local.toLocalDate()) : CalendarTime.ofZoned(local, tzid);
        }
        if (allDay) {
            return CalendarTime.ofDate(time.utc() != null ? time.utc().atOffset(ZoneOffset.UTC).toLocalDate() : time.dateTime().toLocalDate());
        }
        return time;
    }

    static ZoneId zone(String id) {
        try {
            return id.toUpperCase(Locale.ROOT).equals("UTC") ? ZoneOffset.UTC : ZoneId.of(id);
        } catch (DateTimeException e) {
            return null; // a Windows zone name, or Outlook's tzone://Microsoft/Custom
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
