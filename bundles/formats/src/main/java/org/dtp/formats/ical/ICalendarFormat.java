package org.dtp.formats.ical;

import biweekly.ICalDataType;
import biweekly.ICalVersion;
import biweekly.ICalendar;
import biweekly.component.ICalComponent;
import biweekly.component.VAlarm;
import biweekly.component.VEvent;
import biweekly.component.VTodo;
import biweekly.io.ParseWarning;
import biweekly.io.TimezoneAssignment;
import biweekly.io.TimezoneInfo;
import biweekly.io.WriteContext;
import biweekly.io.scribe.ScribeIndex;
import biweekly.io.scribe.property.ICalPropertyScribe;
import biweekly.io.text.ICalReader;
import biweekly.io.text.ICalWriter;
import biweekly.parameter.ICalParameters;
import biweekly.parameter.Related;
import biweekly.property.Action;
import biweekly.property.Attendee;
import biweekly.property.Categories;
import biweekly.property.Classification;
import biweekly.property.DateOrDateTimeProperty;
import biweekly.property.DurationProperty;
import biweekly.property.ExceptionDates;
import biweekly.property.Geo;
import biweekly.property.ICalProperty;
import biweekly.property.Organizer;
import biweekly.property.PercentComplete;
import biweekly.property.Priority;
import biweekly.property.RawProperty;
import biweekly.property.RecurrenceDates;
import biweekly.property.RecurrenceId;
import biweekly.property.RecurrenceRule;
import biweekly.property.Sequence;
import biweekly.property.Status;
import biweekly.property.Transparency;
import biweekly.property.Trigger;
import biweekly.util.DateTimeComponents;
import biweekly.util.ICalDate;
import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.AttendeeRole;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.ParticipationStatus;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskStatus;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * iCalendar (RFC 5545) text to {@link CalendarEvent}s and {@link Task}s and back. The text read is one iCalendar
 * object, as a CalDAV resource holds it (RFC 4791 §4.1: one UID, its master component and its changed occurrences,
 * {@code RECURRENCE-ID}); each component becomes one model item. Times keep their form (all-day, floating, zoned with
 * the TZID as written, UTC) as the text wrote the wall clock, and are written as text, never converted. A VTIMEZONE
 * whose TZID is not an IANA zone travels with each event that uses it, verbatim, as the extended property
 * {@value #VTIMEZONE_PROPERTY}; IANA zones are written anew from the JDK's rules ({@link #vtimezoneFor}).
 * Properties without a model field go to {@code extended} as iCalendar text.
 *
 * <p>Items are written as components ({@code BEGIN:VEVENT ... END:VEVENT}); the caller puts them, with the
 * VTIMEZONEs of the TZIDs they use, into the iCalendar object it stores.
 */
public final class ICalendarFormat {
    /**
     * The extended property that carries the VTIMEZONE (its whole text as value, its TZID as parameter {@code TZID})
     * of a zone that is not an IANA zone, with each item that uses it.
     */
    public static final String VTIMEZONE_PROPERTY = "X-DTP-VTIMEZONE";

    private static final ScribeIndex SCRIBES = new ScribeIndex();
    /**
     * biweekly's warning (parse.37) for a TZID without VTIMEZONE that names an IANA zone, read in that zone: files on
     * disk and CalDAV servers that take time zones by reference (RFC 7809) leave the VTIMEZONE out. A TZID that is no
     * IANA zone either (parse.38) stays refused.
     */
    private static final Integer IANA_ZONE_WITHOUT_VTIMEZONE = 37;
    private static final Pattern VTIMEZONE_BLOCK = Pattern.compile("(?s)BEGIN:VTIMEZONE\\r?\\n.*?END:VTIMEZONE\\r?\\n");
    private static final Pattern VERSION_LINE = Pattern.compile("(?im)^VERSION:([^\r\n]*)");
    private static final Pattern TZID_LINE = Pattern.compile("(?m)^TZID[;:](?:.*:)?([^\\r\\n]+)");
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyyMMdd");
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");
    /** The zone ids a TZID of "/" and one of them names (biweekly's global ids: java.util.TimeZone's). */
    private static final Set<String> GLOBAL_IDS = Set.of(java.util.TimeZone.getAvailableIDs());
    /** A field path's first step: field (1), its index (2), the rest of the path (3). */
    private static final Pattern FIELD_STEP = Pattern.compile("(\\w+)(?:\\[(\\d+)])?(?:\\.(.+))?");
    /** The property of each of an alarm's fields. */
    private static final Map<String, String> ALARM_PROPERTIES = Map.of("action", "ACTION", "actionText", "ACTION",
            "triggerOffset", "TRIGGER", "triggerFromEnd", "TRIGGER", "triggerAt", "TRIGGER", "description", "DESCRIPTION");
    /** A period's start (group 1, group 2 'Z' for UTC) and its end or duration. */
    private static final Pattern PERIOD_START = Pattern.compile("(\\d{8}T\\d{6})(Z)?/(?:\\d{8}T\\d{6}Z?|[+-]?P[0-9WDTHMS]+)");
    private static final ReadLosses NOTHING_TO_REPORT = (item, field, reason) -> {
    };
    /** The model field of each property an event carries in a field of its own, for the reasons given. */
    private static final Map<String, String> EVENT_FIELDS = Map.ofEntries(Map.entry("SUMMARY", "summary"),
            Map.entry("DESCRIPTION", "description"), Map.entry("LOCATION", "location"), Map.entry("URL", "url"),
            Map.entry("ATTENDEE", "attendees"), Map.entry("ORGANIZER", "organizer"), Map.entry("CATEGORIES", "categories"),
            Map.entry("UID", "uid"), Map.entry("DTSTART", "start"), Map.entry("DTEND", "end"),
            Map.entry("RECURRENCE-ID", "recurrenceId"), Map.entry("RDATE", "recurrenceDates"),
            Map.entry("EXDATE", "exceptionDates"), Map.entry("RRULE", "recurrenceRules"), Map.entry("CREATED", "created"),
            Map.entry("LAST-MODIFIED", "lastModified"), Map.entry("STATUS", "status"), Map.entry("CLASS", "classification"),
            Map.entry("TRANSP", "transparency"), Map.entry("DURATION", "duration"), Map.entry("GEO", "geo"),
            Map.entry("SEQUENCE", "sequence"));
    /** The model field of each property a task carries in a field of its own. */
    private static final Map<String, String> TASK_FIELDS = Map.ofEntries(Map.entry("SUMMARY", "title"),
            Map.entry("DESCRIPTION", "notes"), Map.entry("CATEGORIES", "categories"), Map.entry("UID", "uid"),
            Map.entry("DTSTART", "start"), Map.entry("DUE", "due"), Map.entry("RRULE", "recurrenceRule"),
            Map.entry("STATUS", "status"), Map.entry("PRIORITY", "priority"), Map.entry("PERCENT-COMPLETE", "percentComplete"),
            Map.entry("COMPLETED", "completedAt"));
    /**
     * The parameter vobject (the library of Radicale and other Python servers) adds to a floating time where RFC 5545
     * wants UTC (CREATED, LAST-MODIFIED) when it stores it: its own mark, no data of the source, so not kept.
     */
    private static final String VOBJECT_FLOATING_MARK = "X-VOBJ-FLOATINGTIME-ALLOWED";
    /** The event fields read from a property that occurs at most once, whose other parameters they keep. */
    private static final Set<String> SINGLE_EVENT_FIELDS = Set.of("summary", "description", "location", "url", "uid",
            "start", "end", "recurrenceId", "created", "lastModified", "status", "classification", "transparency",
            "duration", "geo", "sequence");
    /** Parameters a property with a model field may have without losing anything: the form of its value. */
    private static final Set<String> VALUE_FORM_PARAMETERS = Set.of("VALUE", "TZID");
    /** ATTENDEE parameters the attendee's fields carry; the others are kept in {@code parameters}. */
    private static final Set<String> ATTENDEE_FIELD_PARAMETERS = Set.of("CN", "ROLE", "PARTSTAT", "RSVP");
    /** ORGANIZER parameters the organizer's fields carry; the others are kept in {@code parameters}. */
    private static final Set<String> ORGANIZER_FIELD_PARAMETERS = Set.of("CN");
    /**
     * The parameters RFC 5545 gives the text properties read into these event fields (§3.2.1 ALTREP, §3.2.10
     * LANGUAGE), which the model keeps in {@code propertyParameters} and every iCalendar writer writes back.
     */
    private static final Set<String> TEXT_FIELDS = Set.of("summary", "description", "location");
    private static final Set<String> TEXT_PARAMETERS = Set.of("LANGUAGE", "ALTREP");
    private static final String THIS_AND_FUTURE = "THISANDFUTURE";

    private ICalendarFormat() {
    }

    /** The single VCALENDAR of a resource's text. */
    private static ICalendar parse(String text) throws MalformedICalendarException {
        List<ICalendar> calendars = new ArrayList<>();
        try (ICalReader reader = new ICalReader(text)) {
            ICalendar ical;
            while ((ical = reader.readNext()) != null) {
                for (ParseWarning w : reader.getWarnings()) {
                    if (w.getPropertyName() == null && !Objects.equals(w.getCode(), IANA_ZONE_WITHOUT_VTIMEZONE)) {
                        throw new MalformedICalendarException("malformed iCalendar" + (w.getLineNumber() == null ? ""
                                : " at line " + w.getLineNumber()) + ": " + w.getMessage());
                    }
                }
                calendars.add(ical);
            }
        } catch (IOException e) {
            throw new MalformedICalendarException("unreadable iCalendar: " + e.getMessage());
        }
        if (calendars.size() != 1) {
            throw new MalformedICalendarException(calendars.isEmpty() ? "no iCalendar object (BEGIN:VCALENDAR) in the resource"
                    : calendars.size() + " iCalendar objects in one resource (CalDAV allows one, RFC 4791 §4.1)");
        }
        if (!text.strip().toUpperCase(Locale.ROOT).endsWith("END:VCALENDAR")) {
            throw new MalformedICalendarException("the iCalendar object does not end (no END:VCALENDAR): it was cut short");
        }
        // biweekly reads an unknown VERSION as 2.0: the text says what the object claims to be.
        Matcher version = VERSION_LINE.matcher(text);
        if (version.find() && !version.group(1).trim().equals("2.0")) {
            throw new MalformedICalendarException("malformed iCalendar: VERSION " + version.group(1).trim() + " is not 2.0 (RFC 5545)");
        }
        return calendars.get(0);
    }

    /** The VTIMEZONE components of the iCalendar {@code text} by TZID, each as written. */
    public static Map<String, String> vtimezones(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = VTIMEZONE_BLOCK.matcher(text);
        while (m.find()) {
            Matcher id = TZID_LINE.matcher(m.group());
            if (id.find()) {
                out.put(id.group(1).trim(), m.group());
            }
        }
        return out;
    }

    /**
     * The events of the iCalendar object {@code text}: the master first, then its changed occurrences, as the text
     * lists them. The master's id is {@code id}, a changed occurrence's {@link #eventId eventId(id, its RECURRENCE-ID)}.
     *
     * @throws MalformedICalendarException when {@code text} is not one iCalendar object that can be read whole
     */
    public static List<CalendarEvent> readEvents(String id, String text, ReadLosses losses) throws MalformedICalendarException {
        TolerantText tolerant = TolerantText.of(text);
        ICalendar ical = parse(tolerant.text());
        Map<String, String> zones = vtimezones(tolerant.text());
        List<CalendarEvent> out = new ArrayList<>();
        List<VEvent> ordered = new ArrayList<>(ical.getEvents());
        ordered.sort((a, b) -> Boolean.compare(a.getRecurrenceId() != null, b.getRecurrenceId() != null));
        for (VEvent e : ordered) {
            out.add(event(id, ical.getTimezoneInfo(), zones, e, losses));
        }
        reportRemoved(id, tolerant, EVENT_FIELDS, losses);
        return out;
    }

    /**
     * The events of iCalendar text dtp wrote itself (an importer reading back what it stored), whose every property
     * the model carries: {@link #readEvents(String, String, ReadLosses)} with nothing to report.
     */
    public static List<CalendarEvent> readEvents(String id, String text) throws MalformedICalendarException {
        return readEvents(id, text, NOTHING_TO_REPORT);
    }

    /**
     * The tasks of the iCalendar object {@code text}, with the id {@code id}. A changed occurrence of a recurring task
     * cannot be held by the model: refused.
     *
     * @throws MalformedICalendarException when {@code text} is not one iCalendar object that can be read whole
     */
    public static List<Task> readTasks(String id, String text, ReadLosses losses) throws MalformedICalendarException {
        TolerantText tolerant = TolerantText.of(text);
        ICalendar ical = parse(tolerant.text());
        Map<String, String> zones = vtimezones(tolerant.text());
        List<Task> out = new ArrayList<>();
        for (VTodo t : ical.getTodos()) {
            if (t.getRecurrenceId() != null) {
                throw new MalformedICalendarException("a changed occurrence (RECURRENCE-ID) of a recurring task: the task model has no place for it");
            }
            out.add(task(id, ical.getTimezoneInfo(), zones, t, losses));
        }
        reportRemoved(id, tolerant, TASK_FIELDS, losses);
        return out;
    }

    /**
     * The tasks of iCalendar text dtp wrote itself (an importer reading back what it stored), whose every property
     * the model carries: {@link #readTasks(String, String, ReadLosses)} with nothing to report.
     */
    public static List<Task> readTasks(String id, String text) throws MalformedICalendarException {
        return readTasks(id, text, NOTHING_TO_REPORT);
    }

    /** What was changed in the text to read it, each reported on the object's first item, by the field that held it. */
    private static void reportRemoved(String id, TolerantText tolerant, Map<String, String> fields, ReadLosses losses) {
        for (TolerantText.Change c : tolerant.changes()) {
            losses.notKept(id, fields.getOrDefault(c.property(), "extended"), c.reason());
        }
    }

    /**
     * The occurrences that the {@code componentName} components ({@code VEVENT} or {@code VTODO}) of the iCalendar
     * object {@code text} stand for: {@code ""} for a master, the RECURRENCE-ID's {@link #timeText} for a changed
     * occurrence.
     *
     * @throws MalformedICalendarException when {@code text} is not one iCalendar object that can be read whole
     */
    public static Set<String> occurrences(String text, String componentName) throws MalformedICalendarException {
        Set<String> out = new LinkedHashSet<>();
        ICalendar ical = parse(text);
        List<? extends ICalComponent> components = componentName.equals("VTODO") ? ical.getTodos() : ical.getEvents();
        for (ICalComponent c : components) {
            RecurrenceId rid = c.getProperty(RecurrenceId.class);
            out.add(rid == null || rid.getValue() == null ? "" : timeText(time(ical.getTimezoneInfo(), rid, rid.getValue(), new LinkedHashSet<>())));
        }
        return out;
    }

    /**
     * The starts of the occurrences of {@code series} (its DTSTART, RRULEs and RDATEs less its EXDATEs, RFC 5545
     * §3.8.5) up to {@code until}, at most {@code max}, in order, as instants: a start in a zone gives its wall times in
     * that zone across daylight saving changes, a date its midnight in UTC, a floating time its wall time in UTC. For a
     * source that lists the occurrences a series still has (Outlook lists no cancelled one), to tell which it lost.
     * Since 1.4.
     *
     * @throws MalformedICalendarException when the series cannot be written and read as iCalendar (a start in a zone
     *                                     Java does not know)
     */
    public static List<Instant> occurrenceStarts(CalendarEvent series, Instant until, int max) throws MalformedICalendarException {
        CalendarTime start = series.start();
        if (start == null) {
            return List.of();
        }
        java.util.TimeZone zone;
        try {
            zone = start.timeZoneId() != null && start.date() == null
                    ? java.util.TimeZone.getTimeZone(java.time.ZoneId.of(start.timeZoneId())) : java.util.TimeZone.getTimeZone("UTC");
        } catch (java.time.DateTimeException e) {
            throw new MalformedICalendarException("the series starts in the zone '" + start.timeZoneId() + "', which Java does not know");
        }
        ICalendar ical = parse(ICalendarObjects.object("-//dtp//occurrences//EN", List.of(),
                List.of(writeEventComponent(series, series.uid() == null ? "series" : series.uid()))));
        List<Instant> out = new ArrayList<>();
        biweekly.util.com.google.ical.compat.javautil.DateIterator dates = ical.getEvents().get(0).getDateIterator(zone);
        while (dates.hasNext() && out.size() < max) {
            Instant next = dates.next().toInstant();
            if (next.isAfter(until)) {
                break;
            }
            out.add(next);
        }
        return out;
    }

    /** The id of an event read from the object {@code objectId}: that id for a master, {@code objectId#RECURRENCE-ID} for a changed occurrence. */
    public static String eventId(String objectId, CalendarTime recurrenceId) {
        return recurrenceId == null ? objectId : objectId + "#" + timeText(recurrenceId);
    }

    /**
     * The object id that {@link #eventId eventId(objectId, recurrenceId)} made {@code eventId} of; empty when it is no
     * such id (of another occurrence, say).
     *
     * @since 1.3
     */
    public static Optional<String> objectId(String eventId, CalendarTime recurrenceId) {
        String suffix = recurrenceId == null ? "" : "#" + timeText(recurrenceId);
        return eventId.endsWith(suffix) && eventId.length() > suffix.length()
                ? Optional.of(eventId.substring(0, eventId.length() - suffix.length())) : Optional.empty();
    }

    private static CalendarEvent event(String id, TimezoneInfo tz, Map<String, String> zones, VEvent e, ReadLosses losses)
            throws MalformedICalendarException {
        Set<ICalProperty> used = new LinkedHashSet<>();
        Set<String> tzids = new LinkedHashSet<>();
        // The order of the reads below is that of the times' TZIDs in extended (VTIMEZONEs kept): keep it.
        CalendarTime recurrenceId = time(tz, e.getRecurrenceId(), used, tzids);
        ItemLosses itemLosses = new ItemLosses(losses, eventId(id, recurrenceId));
        CalendarEvent.Builder event = CalendarEvent.builder()
                .id(eventId(id, recurrenceId))
                .recurrenceId(recurrenceId)
                .thisAndFuture(recurrenceId != null && thisAndFuture(e.getRecurrenceId()))
                .uid(text(e.getUid(), used))
                .categories(categories(e.getCategories(), used))
                .recurrenceRules(recurrenceRules(e.getProperties(RecurrenceRule.class), tz, used))
                .recurrenceDates(recurrenceDates(e.getRecurrenceDates(), tz, used, tzids))
                .exceptionDates(exceptionDates(e.getExceptionDates(), tz, used, tzids))
                .attendees(attendees(e.getAttendees(), used))
                .organizer(organizer(e.getOrganizer(), used))
                .status(eventStatus(e.getStatus(), used))
                .transparency(transparency(e.getTransparency(), used));
        classification(e.getClassification(), used, event);
        event.duration(duration(e.getDuration(), used))
                .sequence(sequence(e.getSequence(), used))
                .geo(geo(e.getGeo(), used))
                .alarms(alarms(e.getAlarms(), tz, itemLosses))
                .start(time(tz, e.getDateStart(), used, tzids))
                .end(time(tz, e.getDateEnd(), used, tzids));
        used.add(e.getDateTimeStamp());
        event.summary(text(e.getSummary(), used))
                .description(text(e.getDescription(), used))
                .location(text(e.getLocation(), used))
                .created(instant(e.getCreated(), used))
                .lastModified(instant(e.getLastModified(), used))
                .url(e.getUrl() == null ? null : text(e.getUrl(), used))
                .extended(extended(e, used, tz, tzids, zones, itemLosses));
        // After extended: writing a property's text (propertyText) may change it, and with it its place in used.
        return event.propertyParameters(propertyParameters(used, tz, EVENT_FIELDS, SINGLE_EVENT_FIELDS, itemLosses)).build();
    }

    private static List<String> categories(List<Categories> properties, Set<ICalProperty> used) {
        List<String> categories = new ArrayList<>();
        for (Categories c : properties) {
            categories.addAll(c.getValues());
            used.add(c);
        }
        return categories;
    }

    private static List<String> recurrenceRules(List<RecurrenceRule> properties, TimezoneInfo tz, Set<ICalProperty> used) {
        List<String> rules = new ArrayList<>();
        for (RecurrenceRule r : properties) {
            rules.add(writeText(r, tz));
            used.add(r);
        }
        return rules;
    }

    private static List<CalendarTime> recurrenceDates(List<RecurrenceDates> properties, TimezoneInfo tz, Set<ICalProperty> used,
                                                      Set<String> tzids) throws MalformedICalendarException {
        List<CalendarTime> rdates = new ArrayList<>();
        for (RecurrenceDates r : properties) {
            if (!r.getPeriods().isEmpty()) {
                continue; // periods have no field: they stay in extended
            }
            for (ICalDate d : r.getDates()) {
                rdates.add(time(tz, r, d, tzids));
            }
            used.add(r);
        }
        return rdates;
    }

    private static List<CalendarTime> exceptionDates(List<ExceptionDates> properties, TimezoneInfo tz, Set<ICalProperty> used,
                                                     Set<String> tzids) throws MalformedICalendarException {
        List<CalendarTime> exdates = new ArrayList<>();
        for (ExceptionDates x : properties) {
            for (ICalDate d : x.getValues()) {
                exdates.add(time(tz, x, d, tzids));
            }
            used.add(x);
        }
        return exdates;
    }

    private static List<org.dtp.models.calendar.Attendee> attendees(List<Attendee> properties, Set<ICalProperty> used) {
        List<org.dtp.models.calendar.Attendee> attendees = new ArrayList<>();
        for (Attendee a : properties) {
            attendees.add(attendee(a));
            used.add(a);
        }
        return attendees;
    }

    private static org.dtp.models.calendar.Organizer organizer(Organizer o, Set<ICalProperty> used) {
        if (o == null || address(o.getEmail(), o.getUri()) == null) {
            return null;
        }
        used.add(o);
        return new org.dtp.models.calendar.Organizer(address(o.getEmail(), o.getUri()), o.getCommonName(),
                otherParameters(o, ORGANIZER_FIELD_PARAMETERS));
    }

    private static EventStatus eventStatus(Status s, Set<ICalProperty> used) {
        if (s == null || s.getValue() == null) {
            return null;
        }
        EventStatus status = switch (s.getValue().toUpperCase(Locale.ROOT)) {
            case "TENTATIVE" -> EventStatus.TENTATIVE;
            case "CONFIRMED" -> EventStatus.CONFIRMED;
            case "CANCELLED" -> EventStatus.CANCELLED;
            default -> null; // not an event status: kept in extended
        };
        if (status != null) {
            used.add(s);
        }
        return status;
    }

    private static org.dtp.models.calendar.Transparency transparency(Transparency p, Set<ICalProperty> used) {
        if (p == null || p.getValue() == null) {
            return null;
        }
        String t = p.getValue().toUpperCase(Locale.ROOT);
        if (!t.equals("OPAQUE") && !t.equals("TRANSPARENT")) {
            return null;
        }
        used.add(p);
        return org.dtp.models.calendar.Transparency.valueOf(t);
    }

    /** Sets CLASS on {@code event}: one of the standard classes, or OTHER with the source's text. */
    private static void classification(Classification p, Set<ICalProperty> used, CalendarEvent.Builder event) {
        if (p == null || p.getValue() == null) {
            return;
        }
        String c = p.getValue();
        switch (c.toUpperCase(Locale.ROOT)) {
            case "PUBLIC", "PRIVATE", "CONFIDENTIAL" -> event.classification(org.dtp.models.calendar.Classification.valueOf(c.toUpperCase(Locale.ROOT)));
            default -> event.classification(org.dtp.models.calendar.Classification.OTHER).classificationText(c);
        }
        used.add(p);
    }

    private static String duration(DurationProperty p, Set<ICalProperty> used) {
        if (p == null || p.getValue() == null) {
            return null;
        }
        used.add(p);
        return p.getValue().toString();
    }

    /** SEQUENCE; 0 when absent, empty or negative. */
    private static int sequence(Sequence p, Set<ICalProperty> used) {
        if (p == null) {
            return 0;
        }
        used.add(p);
        Integer sequence = p.getValue();
        return sequence == null || sequence < 0 ? 0 : sequence;
    }

    private static Task task(String id, TimezoneInfo tz, Map<String, String> zones, VTodo t, ReadLosses losses)
            throws MalformedICalendarException {
        ItemLosses itemLosses = new ItemLosses(losses, id);
        Set<ICalProperty> used = new LinkedHashSet<>();
        Set<String> tzids = new LinkedHashSet<>();
        Task.Builder task = Task.builder()
                .id(id)
                .categories(categories(t.getCategories(), used))
                .recurrenceRule(recurrenceRule(t.getProperties(RecurrenceRule.class), tz, used))
                .status(taskStatus(t.getStatus(), used))
                .priority(priority(t.getPriority(), used))
                .percentComplete(percentComplete(t.getPercentComplete(), used))
                .alarms(alarms(t.getAlarms(), tz, itemLosses));
        used.add(t.getDateTimeStamp());
        // DUE before DTSTART: the order of their TZIDs in extended (VTIMEZONEs kept).
        Task read = task.due(time(tz, t.getDateDue(), used, tzids))
                .start(time(tz, t.getDateStart(), used, tzids))
                .uid(text(t.getUid(), used))
                .title(text(t.getSummary(), used))
                .notes(text(t.getDescription(), used))
                .completedAt(instant(t.getCompleted(), used))
                .extended(extended(t, used, tz, tzids, zones, itemLosses))
                .build();
        // The task model keeps no parameters: each is reported as not kept.
        propertyParameters(used, tz, TASK_FIELDS, Set.of(), itemLosses);
        return read;
    }

    /** The one RRULE of a task; several stay in extended, as a task has one rule. */
    private static String recurrenceRule(List<RecurrenceRule> rules, TimezoneInfo tz, Set<ICalProperty> used) {
        if (rules.size() != 1) {
            return null;
        }
        used.add(rules.get(0));
        return writeText(rules.get(0), tz);
    }

    private static TaskStatus taskStatus(Status s, Set<ICalProperty> used) {
        if (s == null || s.getValue() == null) {
            return null;
        }
        TaskStatus status = switch (s.getValue().toUpperCase(Locale.ROOT)) {
            case "NEEDS-ACTION" -> TaskStatus.NEEDS_ACTION;
            case "IN-PROCESS" -> TaskStatus.IN_PROCESS;
            case "COMPLETED" -> TaskStatus.COMPLETED;
            case "CANCELLED" -> TaskStatus.CANCELLED;
            default -> null;
        };
        if (status != null) {
            used.add(s);
        }
        return status;
    }

    /** PRIORITY when it is 0 to 9; else null, the property staying in extended. */
    private static Integer priority(Priority p, Set<ICalProperty> used) {
        if (p == null || p.getValue() == null || p.getValue() < 0 || p.getValue() > 9) {
            return null;
        }
        used.add(p);
        return p.getValue();
    }

    /** PERCENT-COMPLETE when it is 0 to 100; else null, the property staying in extended. */
    private static Integer percentComplete(PercentComplete p, Set<ICalProperty> used) {
        if (p == null || p.getValue() == null || p.getValue() < 0 || p.getValue() > 100) {
            return null;
        }
        used.add(p);
        return p.getValue();
    }

    private static org.dtp.models.calendar.Attendee attendee(Attendee a) {
        AttendeeRole role = null;
        String roleText = null;
        // biweekly reads ROLE=CHAIR as a role and the other ROLEs as a participation level (vCal 1.0's EXPECT)
        String roleValue = a.getRole() != null ? a.getRole().getValue()
                : a.getParticipationLevel() == null ? null : a.getParticipationLevel().getValue(ICalVersion.V2_0);
        if (roleValue != null) {
            String r = roleValue.toUpperCase(Locale.ROOT);
            switch (r) {
                case "CHAIR", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT" -> role = AttendeeRole.valueOf(r.replace('-', '_'));
                default -> {
                    role = AttendeeRole.OTHER;
                    roleText = roleValue;
                }
            }
        }
        ParticipationStatus status = null;
        String statusText = null;
        if (a.getParticipationStatus() != null && a.getParticipationStatus().getValue() != null) {
            String s = a.getParticipationStatus().getValue().toUpperCase(Locale.ROOT);
            switch (s) {
                case "NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED", "COMPLETED", "IN-PROCESS" ->
                        status = ParticipationStatus.valueOf(s.replace('-', '_'));
                default -> {
                    status = ParticipationStatus.OTHER;
                    statusText = a.getParticipationStatus().getValue();
                }
            }
        }
        String address = address(a.getEmail(), a.getUri());
        return new org.dtp.models.calendar.Attendee(address == null ? "" : address, a.getCommonName(), role, roleText, status,
                statusText, Boolean.TRUE.equals(a.getRsvp()), otherParameters(a, ATTENDEE_FIELD_PARAMETERS));
    }

    /** The parameters of {@code p} but those its fields carry, by upper-case name, in the order written. */
    private static Map<String, List<String>> otherParameters(ICalProperty p, Set<String> fieldParameters) {
        Map<String, List<String>> others = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> param : p.getParameters()) {
            if (!fieldParameters.contains(param.getKey().toUpperCase(Locale.ROOT))) {
                others.put(param.getKey().toUpperCase(Locale.ROOT), new ArrayList<>(param.getValue()));
            }
        }
        return others;
    }

    /** Whether a RECURRENCE-ID changes its occurrence and the later ones ({@code RANGE=THISANDFUTURE}). */
    private static boolean thisAndFuture(RecurrenceId p) {
        return p.getParameters().get("RANGE").stream().anyMatch(THIS_AND_FUTURE::equalsIgnoreCase);
    }

    private static String address(String email, String uri) {
        if (uri != null) {
            return uri;
        }
        return email == null ? null : "mailto:" + email;
    }

    private static List<Alarm> alarms(List<VAlarm> alarms, TimezoneInfo tz, ItemLosses losses) throws MalformedICalendarException {
        List<Alarm> out = new ArrayList<>();
        for (VAlarm a : alarms) {
            String field = "alarms[" + out.size() + "]";
            Trigger trigger = a.getTrigger();
            if (trigger == null || (trigger.getDuration() == null && trigger.getDate() == null)) {
                throw new MalformedICalendarException("malformed iCalendar: a VALARM without a readable TRIGGER (RFC 5545 §3.6.6)");
            }
            AlarmAction action = AlarmAction.OTHER;
            String actionText = a.getAction() == null || a.getAction().getValue() == null ? "DISPLAY" : a.getAction().getValue();
            switch (actionText.toUpperCase(Locale.ROOT)) {
                case "AUDIO" -> action = AlarmAction.AUDIO;
                case "DISPLAY" -> action = AlarmAction.DISPLAY;
                case "EMAIL" -> action = AlarmAction.EMAIL;
                default -> {
                    // kept as text below
                }
            }
            out.add(new Alarm(action, action == AlarmAction.OTHER ? actionText : null,
                    trigger.getDuration() == null ? null : trigger.getDuration().toString(),
                    trigger.getRelated() == Related.END, trigger.getDate() == null ? null : trigger.getDate().toInstant(),
                    a.getDescription() == null ? null : a.getDescription().getValue(), alarmExtended(a, tz)));
            Set<ICalProperty> alarmFields = new LinkedHashSet<>();
            alarmFields.add(trigger);
            if (a.getAction() != null) {
                alarmFields.add(a.getAction());
            }
            if (a.getDescription() != null) {
                alarmFields.add(a.getDescription());
            }
            for (ICalProperty p : alarmFields) {
                for (Map.Entry<String, List<String>> param : p.getParameters()) {
                    if (!param.getKey().equalsIgnoreCase("RELATED") && !VALUE_FORM_PARAMETERS.contains(param.getKey().toUpperCase(Locale.ROOT))) {
                        losses.notKept(field, ItemLosses.line(propertyText(p, tz)) + ": parameter " + param.getKey()
                                + " not kept, the alarm has no field for it");
                    }
                }
            }
            for (ICalComponent sub : a.getComponents().values()) {
                losses.notKept(field, "a " + SCRIBES.getComponentScribe(sub).getComponentName()
                        + " inside a VALARM not kept, the alarm has no field for it");
            }
        }
        return out;
    }

    private static GeoLocation geo(Geo g, Set<ICalProperty> used) {
        if (g == null || g.getLatitude() == null || g.getLongitude() == null || Math.abs(g.getLatitude()) > 90
                || Math.abs(g.getLongitude()) > 180) {
            return null;
        }
        used.add(g);
        return new GeoLocation(g.getLatitude(), g.getLongitude(), null);
    }

    private static String text(biweekly.property.ValuedProperty<String> p, Set<ICalProperty> used) {
        if (p == null) {
            return null;
        }
        used.add(p);
        return p.getValue();
    }

    /** A UTC time (CREATED, LAST-MODIFIED, COMPLETED); a floating one has no instant and stays in extended as written. */
    private static Instant instant(biweekly.property.ValuedProperty<? extends java.util.Date> p, Set<ICalProperty> used) {
        if (p == null || p.getValue() == null || floating(p.getValue())) {
            return null;
        }
        used.add(p);
        return p.getValue().toInstant();
    }

    private static boolean floating(java.util.Date value) {
        return value instanceof ICalDate d && d.getRawComponents() != null && !d.getRawComponents().isUtc();
    }

    private static CalendarTime time(TimezoneInfo tz, DateOrDateTimeProperty p, Set<ICalProperty> used, Set<String> tzids) {
        if (p == null || p.getValue() == null) {
            return null;
        }
        used.add(p);
        return time(tz, p, p.getValue(), tzids);
    }

    /** A date of {@code property} in the form it was written. */
    private static CalendarTime time(TimezoneInfo tz, ICalProperty property, ICalDate date, Set<String> tzids) {
        DateTimeComponents raw = date.getRawComponents();
        if (raw == null) {
            raw = new DateTimeComponents(date, java.util.TimeZone.getTimeZone("UTC"));
        }
        if (!date.hasTime()) {
            // A date has no zone (RFC 5545), but a TZID written on it is kept with it, and so is its VTIMEZONE.
            String tzid = property.getParameters().getTimezoneId();
            LocalDate day = LocalDate.of(raw.getYear(), raw.getMonth(), raw.getDate());
            if (tzid == null || tzid.isBlank()) {
                return CalendarTime.ofDate(day);
            }
            tzids.add(tzid);
            return CalendarTime.ofDate(day, tzid);
        }
        if (raw.isUtc()) {
            return CalendarTime.ofUtc(date.toInstant());
        }
        LocalDateTime local = LocalDateTime.of(raw.getYear(), raw.getMonth(), raw.getDate(), raw.getHour(), raw.getMinute(), raw.getSecond());
        String tzid = tzidOf(tz, property);
        if (tzid == null) {
            return CalendarTime.ofFloating(local);
        }
        tzids.add(tzid);
        return CalendarTime.ofZoned(local, tzid);
    }

    private static String tzidOf(TimezoneInfo tz, ICalProperty property) {
        if (tz.isFloating(property)) {
            return null;
        }
        TimezoneAssignment a = tz.getTimezone(property);
        if (a != null) {
            if (a.getComponent() != null && a.getComponent().getTimezoneId() != null) {
                return a.getComponent().getTimezoneId().getValue();
            }
            if (a.getGlobalId() != null) {
                return a.getGlobalId();
            }
        }
        return property.getParameters().getTimezoneId();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String writeText(ICalProperty p, TimezoneInfo tz) {
        ICalPropertyScribe scribe = SCRIBES.getPropertyScribe(p);
        return scribe.writeText(p, new WriteContext(ICalVersion.V2_0, tz, null));
    }

    /** What has no field: the component's other properties, and the VTIMEZONEs of non-IANA zones it uses. */
    private static List<ExtendedProperty> extended(ICalComponent component, Set<ICalProperty> used, TimezoneInfo tz,
                                                   Set<String> tzids, Map<String, String> zones, ItemLosses losses) {
        List<ExtendedProperty> out = new ArrayList<>();
        for (ICalProperty p : component.getProperties().values()) {
            if (!used.contains(p)) {
                out.add(propertyText(p, tz));
            }
        }
        for (String tzid : tzids) {
            if (!VTimezones.isIana(tzid) && zones.containsKey(tzid)) {
                out.add(new ExtendedProperty(VTIMEZONE_PROPERTY, Map.of("TZID", List.of(tzid)), zones.get(tzid)));
            }
        }
        out.sort(java.util.Comparator.comparing(ExtendedProperty::name));
        for (int i = 0; i < out.size(); i++) {
            if (!out.get(i).name().equals(VTIMEZONE_PROPERTY)) {
                losses.notKept("extended[" + i + "]", ItemLosses.line(out.get(i)) + " kept in extended[" + i + "]");
            }
        }
        return out;
    }

    /** The properties of an alarm other than ACTION, TRIGGER and DESCRIPTION, which its fields carry. */
    private static List<ExtendedProperty> alarmExtended(VAlarm a, TimezoneInfo tz) {
        List<ExtendedProperty> out = new ArrayList<>();
        for (ICalProperty p : a.getProperties().values()) {
            if (p != a.getAction() && p != a.getTrigger() && p != a.getDescription()) {
                out.add(propertyText(p, tz));
            }
        }
        return out;
    }

    /** A property as text: its name, its parameters and its value as iCalendar writes them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ExtendedProperty propertyText(ICalProperty p, TimezoneInfo tz) {
        String name;
        String value;
        ICalParameters params;
        if (p instanceof RawProperty raw) {
            name = raw.getName();
            value = raw.getDataType() == ICalDataType.URI ? unescapedUri(raw.getValue()) : raw.getValue();
            params = new ICalParameters(raw.getParameters());
            if (raw.getDataType() != null) {
                params.put("VALUE", raw.getDataType().getName().toUpperCase(Locale.ROOT)); // the parser took it out
            }
        } else {
            ICalPropertyScribe scribe = SCRIBES.getPropertyScribe(p);
            WriteContext context = new WriteContext(ICalVersion.V2_0, tz, null);
            name = scribe.getPropertyName(ICalVersion.V2_0);
            value = p instanceof biweekly.property.DateTimeProperty dt && floating(dt.getValue())
                    ? ((ICalDate) dt.getValue()).getRawComponents().toString(true, false) // no Z the source did not write
                    : scribe.writeText(p, context);
            params = scribe.prepareParameters(p, context);
            if (!params.containsKey("VALUE") && scribe.dataType(p, ICalVersion.V2_0) != null
                    && scribe.dataType(p, ICalVersion.V2_0) != scribe.defaultDataType(ICalVersion.V2_0)) {
                params.put("VALUE", scribe.dataType(p, ICalVersion.V2_0).getName().toUpperCase(Locale.ROOT));
            }
        }
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : params) {
            if (!e.getKey().equalsIgnoreCase(VOBJECT_FLOATING_MARK)) {
                map.put(e.getKey().toUpperCase(Locale.ROOT), new ArrayList<>(e.getValue()));
            }
        }
        return new ExtendedProperty(name.toUpperCase(Locale.ROOT), map, value == null ? "" : value);
    }

    /**
     * {@code extended} with each URI value ({@code VALUE=URI}) that holds ',' ';' or '\\' escaped as TEXT (RFC 5545
     * §3.3.11), for a server that would otherwise take it as TEXT and cut it at its first ','; read back as the URI it
     * was ({@link #unescapedUri}). Since 1.5.
     */
    public static List<ExtendedProperty> textEscapedUris(List<ExtendedProperty> extended) {
        return extended.stream().map(x -> hasValueType(x, "URI") && x.value().matches("(?s).*[,;\\\\].*")
                ? new ExtendedProperty(x.name(), x.params(), x.value().replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;"))
                : x).toList();
    }

    /**
     * The iCalendar property the field at {@code path} of {@code item} (a {@link CalendarEvent} or a {@link Task}; a
     * path as {@code RecordDifferences} names it: {@code exceptionDates[0].utc}, {@code extended[2].value},
     * {@code alarms[1].triggerOffset}) is written as: {@code EXDATE}, the extended property's own name,
     * {@code VALARM TRIGGER}; null for a path that names none. Since 1.6.
     */
    public static String propertyAt(Record item, String path) {
        Matcher step = FIELD_STEP.matcher(path);
        if (!step.matches()) {
            return null;
        }
        String field = step.group(1);
        int index = step.group(2) == null ? -1 : Integer.parseInt(step.group(2));
        if (field.equals("extended")) {
            List<ExtendedProperty> extended = item instanceof CalendarEvent e ? e.extended()
                    : item instanceof Task t ? t.extended() : item instanceof Alarm a ? a.extended() : List.of();
            return index >= 0 && index < extended.size() ? extended.get(index).name() : null;
        }
        if (field.equals("alarms")) {
            List<Alarm> alarms = item instanceof CalendarEvent e ? e.alarms() : item instanceof Task t ? t.alarms() : List.of();
            if (index < 0 || index >= alarms.size() || step.group(3) == null) {
                return "VALARM";
            }
            String inAlarm = propertyAt(alarms.get(index), step.group(3));
            return inAlarm == null ? "VALARM" : "VALARM " + inAlarm;
        }
        if (item instanceof Alarm) {
            return ALARM_PROPERTIES.get(field);
        }
        Map<String, String> fields = item instanceof Task ? TASK_FIELDS : EVENT_FIELDS;
        String property = fields.entrySet().stream().filter(f -> f.getValue().equals(field)).map(Map.Entry::getKey)
                .findFirst().orElse(null);
        return property != null ? property : switch (field) {
            case "classificationText" -> "CLASS";
            case "thisAndFuture" -> "RECURRENCE-ID";
            case "parentId" -> item instanceof Task ? "RELATED-TO" : null;
            default -> null;
        };
    }

    /** An event with its RDATE periods as their starts ({@link #periodsAsStarts}), and the properties replaced. */
    public record PeriodStarts(CalendarEvent event, List<ExtendedProperty> periods) {
    }

    /**
     * {@code e} with each RDATE of periods ({@code VALUE=PERIOD}, kept in its extended properties: the model has no
     * field for a period) as the periods' starts among its recurrence dates, for a server that refuses periods
     * (Radicale's vobject cannot write them): the occurrences stay, their own ends do not. Empty when {@code e} has no
     * such RDATE, or one whose value is not periods (RFC 5545 §3.3.9: a DATE-TIME, '/', then a DATE-TIME or a
     * duration). Since 1.6.
     */
    public static Optional<PeriodStarts> periodsAsStarts(CalendarEvent e) {
        List<ExtendedProperty> kept = new ArrayList<>();
        List<ExtendedProperty> periods = new ArrayList<>();
        List<CalendarTime> starts = new ArrayList<>(e.recurrenceDates());
        for (ExtendedProperty x : e.extended()) {
            if (!x.name().equalsIgnoreCase("RDATE") || !hasValueType(x, "PERIOD")) {
                kept.add(x);
                continue;
            }
            String tzid = x.params().getOrDefault("TZID", List.of()).stream().findFirst().orElse(null);
            if (tzid != null && tzid.startsWith("/") && GLOBAL_IDS.contains(tzid.substring(1))) {
                tzid = tzid.substring(1); // a global id, as the reader names the zone of a date (RFC 5545 §3.2.19)
            }
            for (String value : x.value().split(",")) {
                Matcher start = PERIOD_START.matcher(value.strip().toUpperCase(Locale.ROOT));
                if (!start.matches()) {
                    return Optional.empty();
                }
                LocalDateTime local;
                try {
                    local = LocalDateTime.parse(start.group(1), LOCAL);
                } catch (java.time.format.DateTimeParseException notATime) { // 20241345T...
                    return Optional.empty();
                }
                starts.add(start.group(2) != null ? CalendarTime.ofUtc(local.toInstant(ZoneOffset.UTC))
                        : tzid != null ? CalendarTime.ofZoned(local, tzid) : CalendarTime.ofFloating(local));
            }
            periods.add(x);
        }
        return periods.isEmpty() ? Optional.empty()
                : Optional.of(new PeriodStarts(e.toBuilder().recurrenceDates(starts).extended(kept).build(), List.copyOf(periods)));
    }

    /** Whether {@code x} says its value is of {@code type} ({@code VALUE=URI}, {@code VALUE=PERIOD}, ...). */
    private static boolean hasValueType(ExtendedProperty x, String type) {
        return x.params().getOrDefault("VALUE", List.of()).stream().anyMatch(v -> v.equalsIgnoreCase(type));
    }

    /**
     * A URI value as it was before a writer escaped it as TEXT: a backslash is not a character of a URI (RFC 3986 §2),
     * so a backslash before ',' ';' or another backslash in one is a TEXT escape (RFC 5545 §3.3.11), which servers that
     * parse and write again every resource add to properties they do not know (Radicale and Xandikos write
     * {@code X-APPLE-STRUCTURED-LOCATION;VALUE=URI:geo:48.85\,2.35} for {@code geo:48.85,2.35}).
     */
    static String unescapedUri(String value) {
        if (value == null || value.indexOf('\\') < 0) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length() && ",;\\".indexOf(value.charAt(i + 1)) >= 0) {
                c = value.charAt(++i);
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * The parameters the fields of the properties read into them leave out, by field: parameters other than the
     * value's form (LANGUAGE, ALTREP, X- parameters, ...). LANGUAGE and ALTREP of the text fields are the model's to keep
     * there; any other is reported as kept there. A property that can occur more than once (CATEGORIES, RDATE, EXDATE,
     * RRULE) has no one place for them: reported as not kept. ATTENDEEs and the ORGANIZER keep their parameters in their
     * own fields, a RECURRENCE-ID its RANGE=THISANDFUTURE in {@code thisAndFuture}, a date its TZID.
     */
    private static Map<String, Map<String, List<String>>> propertyParameters(Set<ICalProperty> used, TimezoneInfo tz,
            Map<String, String> fields, Set<String> singleFields, ItemLosses losses) {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        for (ICalProperty p : used) {
            if (p == null || p instanceof Attendee || p instanceof Organizer) {
                continue;
            }
            ExtendedProperty text = propertyText(p, tz);
            String field = fields.getOrDefault(text.name(), text.name().toLowerCase(Locale.ROOT));
            for (Map.Entry<String, List<String>> param : p.getParameters()) {
                String name = param.getKey().toUpperCase(Locale.ROOT);
                if (VALUE_FORM_PARAMETERS.contains(name)
                        || p instanceof RecurrenceId r && name.equals("RANGE") && singleFields.contains(field) && thisAndFuture(r)) {
                    continue;
                }
                String written = text.name() + ";" + name + "=" + String.join(",", param.getValue());
                if (!singleFields.contains(field)) {
                    losses.notKept(field, written + " not kept: " + field + " has no place for the parameter " + name);
                    continue;
                }
                out.computeIfAbsent(field, f -> new LinkedHashMap<>()).put(name, List.copyOf(param.getValue()));
                if (!(TEXT_FIELDS.contains(field) && TEXT_PARAMETERS.contains(name))) {
                    losses.notKept(field, written + " kept in propertyParameters." + field);
                }
            }
        }
        return out;
    }

    // ---- writing ----

    /** The iCalendar text of a time value, as RFC 5545 writes it ({@code 20240101}, {@code 20240101T100000[Z]}). */
    public static String timeText(CalendarTime t) {
        if (t.date() != null) {
            return DATE.format(t.date());
        }
        if (t.utc() != null) {
            return LOCAL.format(LocalDateTime.ofInstant(t.utc(), ZoneOffset.UTC)) + "Z";
        }
        return LOCAL.format(t.dateTime());
    }

    /** A date property written as text in the value's own form, with TZID or VALUE=DATE as needed. */
    private static RawProperty timeProperty(String name, List<CalendarTime> values) {
        CalendarTime first = values.get(0);
        StringBuilder text = new StringBuilder();
        for (CalendarTime t : values) {
            if (text.length() > 0) {
                text.append(',');
            }
            text.append(timeText(t));
        }
        RawProperty p = new RawProperty(name, text.toString());
        if (first.timeZoneId() != null) {
            p.getParameters().put("TZID", first.timeZoneId());
        }
        if (first.date() != null) {
            p.getParameters().put("VALUE", "DATE");
        }
        return p;
    }

    /** Groups of values that can share one property: same form and same zone (EXDATE/RDATE lists). */
    private static List<List<CalendarTime>> groups(List<CalendarTime> values) {
        Map<String, List<CalendarTime>> byForm = new LinkedHashMap<>();
        for (CalendarTime t : values) {
            String key = (t.date() != null ? "date:" : t.utc() != null ? "utc:" : "local:") + t.timeZoneId();
            byForm.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
        }
        return new ArrayList<>(byForm.values());
    }

    /**
     * The VEVENT component of {@code e} as iCalendar text ({@code BEGIN:VEVENT ... END:VEVENT}), with the UID
     * {@code uid}; its times name their TZIDs, whose VTIMEZONEs ({@link #vtimezoneFor}) the caller adds to the object.
     *
     * @throws IllegalArgumentException when a value cannot be written (e.g. a duration that is not one)
     */
    public static String writeEventComponent(CalendarEvent e, String uid) {
        VEvent v = new VEvent();
        v.setUid(uid);
        if (e.recurrenceId() != null) {
            RawProperty recurrenceId = timeProperty("RECURRENCE-ID", List.of(e.recurrenceId()));
            if (e.thisAndFuture()) {
                recurrenceId.getParameters().put("RANGE", THIS_AND_FUTURE);
            }
            v.addProperty(recurrenceId);
        }
        if (e.start() != null) {
            v.addProperty(timeProperty("DTSTART", List.of(e.start())));
        }
        if (e.end() != null) {
            v.addProperty(timeProperty("DTEND", List.of(e.end())));
        }
        if (e.duration() != null) {
            v.setDuration(biweekly.util.Duration.parse(e.duration()));
        }
        if (e.summary() != null) {
            v.setSummary(e.summary());
        }
        if (e.description() != null) {
            v.setDescription(e.description());
        }
        if (e.location() != null) {
            v.setLocation(e.location());
        }
        if (e.status() != null) {
            v.setStatus(new Status(e.status().name()));
        }
        if (e.transparency() != null) {
            v.setTransparency(new Transparency(e.transparency().name()));
        }
        if (e.classification() != null) {
            v.setClassification(new Classification(e.classification() == org.dtp.models.calendar.Classification.OTHER
                    ? e.classificationText() : e.classification().name()));
        }
        if (e.organizer() != null) {
            Organizer o = new Organizer(e.organizer().name(), null);
            o.setUri(e.organizer().address());
            putAll(o.getParameters(), e.organizer().parameters());
            v.setOrganizer(o);
        }
        for (org.dtp.models.calendar.Attendee a : e.attendees()) {
            Attendee at = new Attendee(a.name(), null);
            at.setUri(a.address());
            if (a.role() != null) {
                at.setRole(biweekly.parameter.Role.get(a.role() == AttendeeRole.OTHER ? a.roleText() : a.role().name().replace('_', '-')));
            }
            if (a.status() != null) {
                at.setParticipationStatus(biweekly.parameter.ParticipationStatus.get(a.status() == ParticipationStatus.OTHER
                        ? a.statusText() : a.status().name().replace('_', '-')));
            }
            if (a.rsvp()) {
                at.setRsvp(true);
            }
            putAll(at.getParameters(), a.parameters());
            v.addAttendee(at);
        }
        if (!e.categories().isEmpty()) {
            v.addCategories(e.categories().toArray(new String[0]));
        }
        for (String rule : e.recurrenceRules()) {
            v.addProperty(new RawProperty("RRULE", rule));
        }
        for (List<CalendarTime> group : groups(e.recurrenceDates())) {
            v.addProperty(timeProperty("RDATE", group));
        }
        for (List<CalendarTime> group : groups(e.exceptionDates())) {
            v.addProperty(timeProperty("EXDATE", group));
        }
        // Written even when 0, its default: a source's SEQUENCE:0 comes back as it was.
        v.setSequence(e.sequence());
        if (e.created() != null) {
            v.setCreated(java.util.Date.from(e.created()));
        }
        if (e.lastModified() != null) {
            v.setLastModified(java.util.Date.from(e.lastModified()));
        }
        if (e.url() != null) {
            v.setUrl(e.url());
        }
        if (e.geo() != null) {
            v.setGeo(new Geo(e.geo().latitude(), e.geo().longitude()));
        }
        parametersTo(v, e.propertyParameters());
        alarmsTo(v, e.alarms());
        extendedTo(v, e.extended());
        return componentText(v, "VEVENT");
    }

    /**
     * The VTODO component of {@code t} as iCalendar text ({@code BEGIN:VTODO ... END:VTODO}), with the UID {@code uid}.
     *
     * @throws IllegalArgumentException when a value cannot be written
     */
    public static String writeTaskComponent(Task t, String uid) {
        VTodo v = new VTodo();
        v.setUid(uid);
        if (t.title() != null) {
            v.setSummary(t.title());
        }
        if (t.notes() != null) {
            v.setDescription(t.notes());
        }
        if (t.status() != null) {
            v.setStatus(new Status(t.status().name().replace('_', '-')));
        }
        if (t.due() != null) {
            v.addProperty(timeProperty("DUE", List.of(t.due())));
        }
        if (t.start() != null) {
            v.addProperty(timeProperty("DTSTART", List.of(t.start())));
        }
        if (t.completedAt() != null) {
            v.setCompleted(java.util.Date.from(t.completedAt()));
        }
        if (t.priority() != null) {
            v.setPriority(t.priority());
        }
        if (t.percentComplete() != null) {
            v.setPercentComplete(t.percentComplete());
        }
        if (!t.categories().isEmpty()) {
            v.addCategories(t.categories().toArray(new String[0]));
        }
        if (t.recurrenceRule() != null) {
            v.addProperty(new RawProperty("RRULE", t.recurrenceRule()));
        }
        alarmsTo(v, t.alarms());
        extendedTo(v, t.extended());
        return componentText(v, "VTODO");
    }

    /** The TZIDs the times of {@code e} name (start, end, RECURRENCE-ID, RDATEs, EXDATEs), each once, in that order. */
    public static Set<String> timeZoneIds(CalendarEvent e) {
        List<CalendarTime> times = new ArrayList<>();
        times.add(e.start());
        times.add(e.end());
        times.add(e.recurrenceId());
        times.addAll(e.recurrenceDates());
        times.addAll(e.exceptionDates());
        return timeZoneIds(times);
    }

    /** The TZIDs the times of {@code t} name (due, start), each once, in that order. */
    public static Set<String> timeZoneIds(Task t) {
        List<CalendarTime> times = new ArrayList<>();
        times.add(t.due());
        times.add(t.start());
        return timeZoneIds(times);
    }

    private static Set<String> timeZoneIds(List<CalendarTime> times) {
        Set<String> out = new LinkedHashSet<>();
        for (CalendarTime t : times) {
            if (t != null && t.timeZoneId() != null) {
                out.add(t.timeZoneId());
            }
        }
        return out;
    }

    /**
     * The VTIMEZONE text for the TZID {@code tzid} of an item with the extended properties {@code extended}: the one
     * it brought from its source ({@value #VTIMEZONE_PROPERTY}), else, for an IANA zone, one written from the JDK's
     * rules; empty for another zone the item brought none for (its times can only be written with the TZID alone).
     */
    public static Optional<String> vtimezoneFor(String tzid, List<ExtendedProperty> extended) {
        Optional<String> own = extended.stream()
                .filter(x -> x.name().equals(VTIMEZONE_PROPERTY) && x.params().getOrDefault("TZID", List.of()).contains(tzid))
                .map(ExtendedProperty::value).findFirst();
        if (own.isPresent()) {
            return own;
        }
        return VTimezones.isIana(tzid) ? Optional.of(VTimezones.of(tzid)) : Optional.empty();
    }

    /** Puts each field's other parameters back on the property written from it. */
    private static void parametersTo(ICalComponent v, Map<String, Map<String, List<String>>> parameters) {
        for (ICalProperty p : v.getProperties().values()) {
            String name = p instanceof RawProperty raw ? raw.getName() : SCRIBES.getPropertyScribe(p).getPropertyName(ICalVersion.V2_0);
            String field = EVENT_FIELDS.get(name.toUpperCase(Locale.ROOT));
            if (field != null && SINGLE_EVENT_FIELDS.contains(field)) {
                parameters.getOrDefault(field, Map.of()).forEach((k, values) -> p.getParameters().putAll(k, values));
            }
        }
    }

    /**
     * An alarm as the iCalendar lines that say it (ACTION, TRIGGER, DESCRIPTION and its other properties: ATTACH,
     * REPEAT, DURATION, ACKNOWLEDGED, X-APPLE-STRUCTURED-LOCATION, ...), unfolded, each cut when long and joined by
     * spaces: for the reason given when a destination cannot keep the alarm, so that it names what was lost.
     *
     * @since 1.4
     */
    public static String alarmText(Alarm a) {
        VEvent holder = new VEvent();
        alarmsTo(holder, List.of(a));
        List<String> lines = new ArrayList<>();
        for (String line : componentText(holder, "VALARM").replace("\r\n ", "").split("\r\n")) {
            if (!line.equals("BEGIN:VALARM") && !line.equals("END:VALARM")) {
                lines.add(ItemLosses.cut(line));
            }
        }
        return String.join(" ", lines);
    }

    private static void alarmsTo(ICalComponent v, List<Alarm> alarms) {
        for (Alarm a : alarms) {
            Trigger trigger = a.triggerAt() != null ? new Trigger(java.util.Date.from(a.triggerAt()))
                    : new Trigger(biweekly.util.Duration.parse(a.triggerOffset()), a.triggerFromEnd() ? Related.END : null);
            String action = a.action() == AlarmAction.OTHER ? a.actionText() : a.action().name();
            VAlarm alarm = new VAlarm(new Action(action), trigger);
            if (a.description() != null) {
                alarm.setDescription(a.description());
            } else if (a.action() == AlarmAction.DISPLAY) {
                alarm.setDescription(""); // DESCRIPTION is required for DISPLAY (RFC 5545 §3.6.6)
            }
            a.extended().forEach(x -> alarm.addProperty(rawProperty(x)));
            v.addComponent(alarm);
        }
    }

    private static void extendedTo(ICalComponent v, List<ExtendedProperty> extended) {
        for (ExtendedProperty x : extended) {
            if (x.name().equals(VTIMEZONE_PROPERTY)) {
                continue; // written as a component of the calendar, see VTimezones
            }
            v.addProperty(rawProperty(x));
        }
    }

    private static RawProperty rawProperty(ExtendedProperty x) {
        RawProperty raw = new RawProperty(x.name(), x.value());
        putAll(raw.getParameters(), x.params());
        return raw;
    }

    /** Adds {@code parameters}, each value of each, to {@code target}, in their order. */
    private static void putAll(ICalParameters target, Map<String, List<String>> parameters) {
        parameters.forEach(target::putAll);
    }

    private static String componentText(ICalComponent component, String name) {
        ICalendar ical = new ICalendar();
        ical.addComponent(component);
        StringWriter out = new StringWriter();
        try (ICalWriter writer = new ICalWriter(out, ICalVersion.V2_0)) {
            // RFC 6868: a parameter value read with ^' ^n ^^ is written back with them, not cut at its quote.
            writer.setCaretEncodingEnabled(true);
            writer.write(ical);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        String text = out.toString();
        int begin = text.indexOf("BEGIN:" + name + "\r\n");
        String end = "END:" + name + "\r\n";
        return text.substring(begin, text.lastIndexOf(end) + end.length());
    }
}
