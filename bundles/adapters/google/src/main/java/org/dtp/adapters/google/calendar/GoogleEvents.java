package org.dtp.adapters.google.calendar;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.Attendee;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.Classification;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.Organizer;
import org.dtp.models.calendar.ParticipationStatus;
import org.dtp.models.calendar.Transparency;
import org.dtp.spi.ImportContext;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Google Calendar Event resources (https://developers.google.com/calendar/api/v3/reference/events) to the canonical
 * {@link CalendarEvent} and back. The {@code recurrence} array holds RFC 5545 property lines (RRULE, EXDATE, RDATE):
 * they are read and written by {@link ICalendarFormat} of dtp-formats, not parsed here. A changed or cancelled
 * occurrence ({@code recurringEventId} + {@code originalStartTime}) is an event of its own with the master's UID and
 * its original start as {@code recurrenceId}, so nothing of it is dropped.
 */
final class GoogleEvents {
    private static final Pattern MINUTES_BEFORE = Pattern.compile("-P(?:(\\d+)W|(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?)?");
    private static final Pattern WHOLE_DAYS = Pattern.compile("\\+?P(?:(\\d+)W|(\\d+)D)");
    /** An RFC 5545 dur-value of whole weeks, which java.time's Duration does not parse. */
    private static final Pattern WEEKS = Pattern.compile("(-?)P(\\d+)W");
    private static final Pattern RECURRENCE_LINE = Pattern.compile("(?m)^(RRULE|EXRULE|RDATE|EXDATE)[;:].*$");
    /**
     * The CUTYPE of an attendee Google marks {@code resource}. Google Workspace's rooms and other resources share one
     * address domain (resource.calendar.google.com); which of them an address is, only the Admin SDK's
     * resourceCategory says. RESOURCE is also what Google's own iCalendar export writes for both.
     */
    private static final String RESOURCE = "RESOURCE";

    private GoogleEvents() {
    }

    /**
     * The canonical event of a Google event, what of its recurrence lines the model cannot carry said to
     * {@code losses}; IllegalArgumentException says why it cannot be read.
     */
    static CalendarEvent fromGoogle(JsonNode e, ReadLosses losses) {
        String id = e.path("id").asText();
        CalendarTime recurrenceId = e.hasNonNull("recurringEventId") ? time(e.path("originalStartTime")) : null;
        CalendarTime start = time(e.path("start"));
        CalendarTime end = time(e.path("end"));
        if (recurrenceId != null && "cancelled".equals(e.path("status").asText())) {
            // A cancelled occurrence is that occurrence, cancelled: Google gives it only its original start.
            start = recurrenceId;
            end = null;
        }
        if (start == null) {
            throw new IllegalArgumentException("the event has no start");
        }
        List<String> rules = List.of();
        List<CalendarTime> rdates = List.of();
        List<CalendarTime> exdates = List.of();
        JsonNode recurrence = e.path("recurrence");
        if (recurrence.isArray() && !recurrence.isEmpty()) {
            CalendarEvent parsed = recurrenceOf(id, recurrence, losses);
            rules = parsed.recurrenceRules();
            rdates = parsed.recurrenceDates();
            exdates = parsed.exceptionDates();
        }
        JsonNode organizer = e.path("organizer");
        String organizerEmail = organizer.path("email").asText("");
        List<Attendee> attendees = new ArrayList<>();
        for (JsonNode a : e.path("attendees")) {
            if (a.hasNonNull("email")) {
                String email = a.path("email").asText();
                boolean resource = a.path("resource").asBoolean(false);
                attendees.add(new Attendee("mailto:" + email, text(a.path("displayName")),
                        a.path("optional").asBoolean(false) ? AttendeeRole.OPT_PARTICIPANT
                                : resource ? AttendeeRole.NON_PARTICIPANT : AttendeeRole.REQ_PARTICIPANT,
                        null, participation(a.path("responseStatus").asText("needsAction")), null,
                        asksForAnswer(email, organizerEmail), resource ? Map.of("CUTYPE", List.of(RESOURCE)) : Map.of()));
            }
        }
        List<Alarm> alarms = new ArrayList<>();
        for (JsonNode o : e.path("reminders").path("overrides")) {
            long minutes = o.path("minutes").asLong(0);
            AlarmAction action = "email".equals(o.path("method").asText()) ? AlarmAction.EMAIL : AlarmAction.DISPLAY;
            alarms.add(new Alarm(action, null, minutes == 0 ? "PT0S" : "-PT" + minutes + "M", false, null,
                    action == AlarmAction.DISPLAY ? text(e.path("summary")) : null));
        }
        return CalendarEvent.builder()
                .id(id)
                .uid(text(e.path("iCalUID")))
                .recurrenceId(recurrenceId)
                .summary(text(e.path("summary")))
                .description(text(e.path("description")))
                .location(text(e.path("location")))
                .start(start)
                .end(end)
                .status(status(e.path("status").asText("confirmed")))
                .transparency("transparent".equals(e.path("transparency").asText()) ? Transparency.TRANSPARENT : Transparency.OPAQUE)
                .classification(classification(e.path("visibility").asText("default")))
                .organizer(organizer.hasNonNull("email") ? new Organizer("mailto:" + organizer.path("email").asText(), text(organizer.path("displayName"))) : null)
                .attendees(attendees)
                .recurrenceRules(rules)
                .recurrenceDates(rdates)
                .exceptionDates(exdates)
                .alarms(alarms)
                .sequence(e.path("sequence").asInt(0))
                .created(instant(e.path("created")))
                .lastModified(instant(e.path("updated")))
                .url(text(e.path("htmlLink")))
                .build();
    }

    /** The Event resource events.import takes for {@code e}; what Google cannot hold is reported on {@code context}. */
    static Map<String, Object> toGoogle(CalendarEvent e, String uid, ImportContext context) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("iCalUID", uid);
        put(out, "summary", e.summary());
        put(out, "description", e.description());
        put(out, "location", e.location());
        CalendarTime start = e.start();
        if (start == null) {
            throw new IllegalArgumentException("the event has no start, which Google Calendar needs");
        }
        out.put("start", time(start, e, "start", context));
        out.put("end", time(endOf(e), e, "end", context));
        if (e.recurrenceId() != null) {
            out.put("originalStartTime", time(e.recurrenceId(), e, "recurrenceId", context));
        }
        if (e.thisAndFuture()) {
            context.reportNotKept(e.id(), "thisAndFuture", "RECURRENCE-ID;RANGE=THISANDFUTURE not kept: a Google Calendar "
                    + "occurrence changes itself only, not the later ones");
        }
        List<String> recurrence = recurrenceLines(e.toBuilder()
                .recurrenceDates(zonelessDates(e, "recurrenceDates", e.recurrenceDates(), context))
                .exceptionDates(zonelessDates(e, "exceptionDates", e.exceptionDates(), context))
                .build(), uid);
        if (!recurrence.isEmpty()) {
            out.put("recurrence", recurrence);
        }
        out.put("status", e.status() == null ? "confirmed" : e.status().name().toLowerCase(Locale.ROOT));
        if (e.transparency() == Transparency.TRANSPARENT) {
            out.put("transparency", "transparent");
        }
        if (e.classification() != null) {
            if (e.classification() == Classification.OTHER) {
                context.reportNotKept(e.id(), "classification", "Google Calendar knows no class '" + e.classificationText() + "'");
            } else {
                out.put("visibility", e.classification().name().toLowerCase(Locale.ROOT));
            }
        }
        if (e.organizer() != null) {
            Map<String, Object> organizer = new LinkedHashMap<>();
            organizer.put("email", address(e.organizer().address()));
            put(organizer, "displayName", e.organizer().name());
            out.put("organizer", organizer);
            reportParameters(e.id(), "organizer.parameters", "ORGANIZER", e.organizer().parameters(), "Google Calendar organizers", context);
        }
        List<Map<String, Object>> attendees = new ArrayList<>();
        for (int i = 0; i < e.attendees().size(); i++) {
            Attendee a = e.attendees().get(i);
            Map<String, Object> attendee = new LinkedHashMap<>();
            attendee.put("email", address(a.address()));
            put(attendee, "displayName", a.name());
            String cutype = cutype(a);
            boolean resource = isResource(cutype);
            if (resource) {
                attendee.put("resource", true);
            }
            if (a.role() == AttendeeRole.OPT_PARTICIPANT) {
                attendee.put("optional", true);
            } else if (resource && a.role() != AttendeeRole.NON_PARTICIPANT) {
                context.reportNotKept(e.id(), "attendees[" + i + "].role", "ROLE=" + roleText(a)
                        + " of a resource not kept: Google Calendar's resources are NON-PARTICIPANT unless optional");
            } else if (!resource && (a.role() == AttendeeRole.CHAIR || a.role() == AttendeeRole.NON_PARTICIPANT || a.role() == AttendeeRole.OTHER)) {
                context.reportNotKept(e.id(), "attendees[" + i + "].role", "Google Calendar attendees are required or optional only");
            }
            attendee.put("responseStatus", responseStatus(a.status(), e.id(), i, context));
            if (a.rsvp() != asksForAnswer(address(a.address()), e.organizer() == null ? "" : address(e.organizer().address()))) {
                context.reportNotKept(e.id(), "attendees[" + i + "].rsvp", "Google Calendar asks every guest but the organizer for an answer");
            }
            Map<String, List<String>> parameters = new TreeMap<>(a.parameters());
            if (resource) {
                parameters.remove("CUTYPE");
                if (!cutype.equals(RESOURCE)) {
                    context.reportNotKept(e.id(), "attendees[" + i + "].parameters", "ATTENDEE;CUTYPE=" + cutype
                            + " kept as CUTYPE=RESOURCE: Google Calendar's attendees[].resource tells no room from another resource");
                }
            }
            reportParameters(e.id(), "attendees[" + i + "].parameters", "ATTENDEE", parameters, "Google Calendar attendees", context);
            attendees.add(attendee);
        }
        if (!attendees.isEmpty()) {
            out.put("attendees", attendees);
        }
        out.put("reminders", reminders(e, context));
        out.put("sequence", e.sequence());
        if (!e.categories().isEmpty()) {
            context.reportNotKept(e.id(), "categories", "Google Calendar events have no categories");
        }
        if (e.geo() != null) {
            context.reportNotKept(e.id(), "geo", "Google Calendar events have no geographic position");
        }
        if (e.url() != null) {
            context.reportNotKept(e.id(), "url", "Google Calendar sets an event's link (htmlLink) itself");
        }
        if (!e.extended().isEmpty()) {
            context.reportNotKept(e.id(), "extended", "Google Calendar keeps no iCalendar X- properties");
        }
        new TreeMap<>(e.propertyParameters()).forEach((field, params) -> params.forEach((name, values) ->
                context.reportNotKept(e.id(), field, field + " parameter " + name + "=" + String.join(",", values)
                        + " not kept: Google Calendar keeps no iCalendar parameters")));
        return out;
    }

    /**
     * {@code times} with the TZID of each date left out, each reported: RFC 5545 gives a date no zone (the source wrote
     * one all the same), and Google's recurrence lines are RFC 5545's.
     */
    private static List<CalendarTime> zonelessDates(CalendarEvent e, String field, List<CalendarTime> times, ImportContext context) {
        List<CalendarTime> out = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            CalendarTime t = times.get(i);
            if (t.date() != null && t.timeZoneId() != null) {
                context.reportNotKept(e.id(), field + "[" + i + "]", dateZoneNotKept(t));
                t = CalendarTime.ofDate(t.date());
            }
            out.add(t);
        }
        return out;
    }

    private static String dateZoneNotKept(CalendarTime date) {
        return "TZID=" + date.timeZoneId() + " on the date " + date.date() + " not kept: a Google Calendar all-day date has no time zone";
    }

    /**
     * Reports each attendee of {@code e} whose {@code resource} flag Google's answer {@code imported} does not have as
     * written: Google takes it "only when the attendee is added to the event for the first time", so an event imported
     * again keeps the flags of its first import.
     */
    static void reportResourceFlagsKept(CalendarEvent e, JsonNode imported, ImportContext context) {
        for (int i = 0; i < e.attendees().size(); i++) {
            Attendee a = e.attendees().get(i);
            boolean written = isResource(cutype(a));
            for (JsonNode answered : imported.path("attendees")) {
                if (answered.path("email").asText().equalsIgnoreCase(address(a.address()))
                        && answered.path("resource").asBoolean(false) != written) {
                    context.reportNotKept(e.id(), "attendees[" + i + "].parameters", (written ? "ATTENDEE;CUTYPE=" + cutype(a)
                            + " not kept: the attendee is no resource" : "the attendee stays a resource (CUTYPE=RESOURCE)")
                            + " as first added to the event; Google Calendar ignores a later change of attendees[].resource");
                }
            }
        }
    }

    /** Whether an attendee of that CUTYPE ({@link #cutype}) is a Google Calendar resource. */
    private static boolean isResource(String cutype) {
        return cutype != null && (cutype.equals("ROOM") || cutype.equals(RESOURCE));
    }

    /** The attendee's one CUTYPE, upper-case; null when it has none or several. */
    private static String cutype(Attendee a) {
        List<String> values = a.parameters().getOrDefault("CUTYPE", List.of());
        return values.size() == 1 ? values.get(0).toUpperCase(Locale.ROOT) : null;
    }

    /** The attendee's ROLE as iCalendar writes it; without one, RFC 5545's default. */
    private static String roleText(Attendee a) {
        return a.role() == null ? "REQ-PARTICIPANT (the default)"
                : a.role() == AttendeeRole.OTHER ? a.roleText() : a.role().name().replace('_', '-');
    }

    /** Reports each of the iCalendar {@code property}'s {@code parameters}, which {@code holders} have no place for. */
    private static void reportParameters(String id, String field, String property, Map<String, List<String>> parameters,
                                         String holders, ImportContext context) {
        for (Map.Entry<String, List<String>> p : new TreeMap<>(parameters).entrySet()) {
            context.reportNotKept(id, field, property + ";" + p.getKey() + "=" + String.join(",", p.getValue())
                    + " not kept: " + holders + " have no " + p.getKey());
        }
    }

    /** The RRULE/RDATE/EXDATE lines of {@code e} as dtp-formats writes them (unfolded). */
    private static List<String> recurrenceLines(CalendarEvent e, String uid) {
        if (e.recurrenceRules().isEmpty() && e.recurrenceDates().isEmpty() && e.exceptionDates().isEmpty()) {
            return List.of();
        }
        String component = ICalendarFormat.writeEventComponent(e, uid).replaceAll("\r?\n[ \t]", "");
        List<String> lines = new ArrayList<>();
        Matcher m = RECURRENCE_LINE.matcher(component.replace("\r", ""));
        while (m.find()) {
            lines.add(m.group());
        }
        return lines;
    }

    /** The recurrence of a Google event, read by dtp-formats from its lines in a VEVENT of their own. */
    private static CalendarEvent recurrenceOf(String id, JsonNode recurrence, ReadLosses losses) {
        StringBuilder ics = new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dtp//google//EN\r\nBEGIN:VEVENT\r\nUID:x\r\n");
        for (JsonNode line : recurrence) {
            String text = line.asText();
            if (text.contains("\n") || text.contains("\r")) {
                throw new IllegalArgumentException("a recurrence line spans several lines");
            }
            ics.append(text).append("\r\n");
        }
        ics.append("END:VEVENT\r\nEND:VCALENDAR\r\n");
        try {
            // Only the rules and dates are taken from this VEVENT: what the format keeps in extended is not kept.
            CalendarEvent parsed = ICalendarFormat.readEvents(id, ics.toString(), (item, field, reason) -> {
                if (!field.startsWith("extended")) {
                    losses.notKept(item, field, reason);
                }
            }).get(0);
            for (ExtendedProperty x : parsed.extended()) {
                losses.notKept(id, "recurrenceRules", "recurrence line " + x.name() + x.params() + ":" + x.value()
                        + " not kept: an event keeps RRULEs, RDATEs and EXDATEs only");
            }
            return parsed;
        } catch (MalformedICalendarException | RuntimeException e) {
            throw new IllegalArgumentException("its recurrence cannot be read: " + e.getMessage());
        }
    }

    private static Map<String, Object> reminders(CalendarEvent e, ImportContext context) {
        List<Map<String, Object>> overrides = new ArrayList<>();
        for (int i = 0; i < e.alarms().size(); i++) {
            Alarm a = e.alarms().get(i);
            Long minutes = a.triggerOffset() == null || a.triggerFromEnd() ? null : minutesBefore(a.triggerOffset());
            if (minutes == null || a.action() == AlarmAction.OTHER || overrides.size() == 5) {
                context.reportNotKept(e.id(), "alarms[" + i + "]", ICalendarFormat.alarmText(a)
                        + " not kept: Google Calendar keeps up to 5 reminders, each minutes before the start");
                continue;
            }
            overrides.add(Map.of("method", a.action() == AlarmAction.EMAIL ? "email" : "popup", "minutes", minutes));
            if (a.action() == AlarmAction.AUDIO) {
                context.reportNotKept(e.id(), "alarms[" + i + "].action",
                        "ACTION:AUDIO kept as a popup: a Google reminder is a popup or an e-mail, it plays no sound of its own");
            }
            for (int j = 0; j < a.extended().size(); j++) {
                ExtendedProperty x = a.extended().get(j);
                context.reportNotKept(e.id(), "alarms[" + i + "].extended[" + j + "]", x.name() + ":" + x.value()
                        + " not kept: a Google reminder is a method and minutes only");
            }
            String shown = a.action() == AlarmAction.DISPLAY ? e.summary() : null;
            if (!blankOrEqual(a.description(), shown)) {
                context.reportNotKept(e.id(), "alarms[" + i + "].description",
                        "a Google reminder has no text of its own: a popup shows the event's title, an e-mail Google's own text");
            }
        }
        return Map.of("useDefault", false, "overrides", overrides);
    }

    /** Minutes before the start of a trigger such as {@code -PT15M}, {@code -P1D}, {@code PT0S}; null for others. */
    static Long minutesBefore(String offset) {
        if (offset.matches("[+-]?PT?0[SMHD]?") || offset.equals("PT0S")) {
            return 0L;
        }
        Matcher m = MINUTES_BEFORE.matcher(offset);
        if (!m.matches() || offset.equals("-P") || offset.equals("-PT")) {
            return null;
        }
        long minutes = 0;
        minutes += group(m, 1) * 7 * 24 * 60;
        minutes += group(m, 2) * 24 * 60;
        minutes += group(m, 3) * 60;
        minutes += group(m, 4);
        return minutes <= 40320 ? minutes : null; // Google's largest reminder: four weeks
    }

    private static long group(Matcher m, int group) {
        return m.group(group) == null ? 0 : Long.parseLong(m.group(group));
    }

    private static CalendarTime endOf(CalendarEvent e) {
        if (e.end() != null) {
            return e.end();
        }
        CalendarTime start = e.start();
        String duration = e.duration();
        if (start.date() != null) {
            Matcher days = WHOLE_DAYS.matcher(duration == null ? "" : duration);
            long count = !days.matches() ? 1 : days.group(1) != null ? 7 * Long.parseLong(days.group(1)) : Long.parseLong(days.group(2));
            return CalendarTime.ofDate(start.date().plusDays(Math.max(1, count)));
        }
        Duration length = duration == null ? Duration.ZERO : durationOf(duration);
        if (start.utc() != null) {
            return CalendarTime.ofUtc(start.utc().plus(length));
        }
        return new CalendarTime(null, start.dateTime().plus(length), start.timeZoneId(), null);
    }

    /** An RFC 5545 dur-value as a java.time Duration (weeks and days as 24 hours). */
    private static Duration durationOf(String value) {
        String v = value.startsWith("+") ? value.substring(1) : value;
        Matcher weeks = WEEKS.matcher(v);
        if (weeks.matches()) {
            return Duration.ofDays(7 * Long.parseLong(weeks.group(2)));
        }
        return Duration.parse(v);
    }

    private static Map<String, Object> time(CalendarTime t, CalendarEvent e, String field, ImportContext context) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (t.date() != null) {
            out.put("date", t.date().toString());
            if (t.timeZoneId() != null) {
                context.reportNotKept(e.id(), field, dateZoneNotKept(t));
            }
        } else if (t.utc() != null) {
            out.put("dateTime", t.utc().toString());
            out.put("timeZone", "UTC");
        } else if (t.timeZoneId() != null) {
            out.put("dateTime", t.dateTime().toString());
            out.put("timeZone", t.timeZoneId());
        } else {
            context.reportNotKept(e.id(), field, "Google Calendar has no floating times; kept as the same wall clock in UTC");
            out.put("dateTime", t.dateTime() + "Z");
            out.put("timeZone", "UTC");
        }
        return out;
    }

    /** A Google EventDateTime: {@code date}, or {@code dateTime} (RFC 3339) with an optional IANA {@code timeZone}. */
    private static CalendarTime time(JsonNode t) {
        if (t.hasNonNull("date")) {
            try {
                return CalendarTime.ofDate(LocalDate.parse(t.path("date").asText()));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("not a date: " + t.path("date").asText());
            }
        }
        if (!t.hasNonNull("dateTime")) {
            return null;
        }
        OffsetDateTime at;
        try {
            at = OffsetDateTime.parse(t.path("dateTime").asText());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an RFC 3339 time: " + t.path("dateTime").asText());
        }
        String zone = t.path("timeZone").asText("");
        if (!zone.isEmpty() && !zone.equals("UTC") && !zone.equals("Etc/UTC")) {
            try {
                LocalDateTime local = at.atZoneSameInstant(ZoneId.of(zone)).toLocalDateTime();
                return CalendarTime.ofZoned(local, zone);
            } catch (DateTimeException e) {
                // not a zone java knows: the instant is still exact
            }
        }
        return CalendarTime.ofUtc(at.toInstant());
    }

    private static String responseStatus(ParticipationStatus status, String id, int i, ImportContext context) {
        if (status == null) {
            return "needsAction";
        }
        return switch (status) {
            case ACCEPTED -> "accepted";
            case DECLINED -> "declined";
            case TENTATIVE -> "tentative";
            case NEEDS_ACTION -> "needsAction";
            default -> {
                context.reportNotKept(id, "attendees[" + i + "].status", "Google Calendar knows no participation status " + status);
                yield "needsAction";
            }
        };
    }

    private static ParticipationStatus participation(String responseStatus) {
        return switch (responseStatus) {
            case "accepted" -> ParticipationStatus.ACCEPTED;
            case "declined" -> ParticipationStatus.DECLINED;
            case "tentative" -> ParticipationStatus.TENTATIVE;
            default -> ParticipationStatus.NEEDS_ACTION;
        };
    }

    private static EventStatus status(String status) {
        return switch (status) {
            case "tentative" -> EventStatus.TENTATIVE;
            case "cancelled" -> EventStatus.CANCELLED;
            default -> EventStatus.CONFIRMED;
        };
    }

    private static Classification classification(String visibility) {
        return switch (visibility) {
            case "public" -> Classification.PUBLIC;
            case "private" -> Classification.PRIVATE;
            case "confidential" -> Classification.CONFIDENTIAL;
            default -> null; // "default": the calendar's own sharing decides
        };
    }

    /** Google invites every guest to answer (RFC 5545's RSVP) but the organizer. */
    private static boolean asksForAnswer(String email, String organizerEmail) {
        return !email.equalsIgnoreCase(organizerEmail);
    }

    private static boolean blankOrEqual(String a, String b) {
        return a == null || a.isEmpty() ? b == null || b.isEmpty() : a.equals(b);
    }

    private static String address(String uri) {
        return uri.regionMatches(true, 0, "mailto:", 0, 7) ? uri.substring(7) : uri;
    }

    private static void put(Map<String, Object> map, String key, String value) {
        if (value != null && !value.isEmpty()) {
            map.put(key, value);
        }
    }

    private static String text(JsonNode value) {
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }

    private static Instant instant(JsonNode value) {
        try {
            return value.isTextual() ? Instant.parse(value.asText()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
