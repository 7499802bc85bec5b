package org.dtp.adapters.caldav;

import org.dtp.formats.fidelity.RecordDifferences;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Imports calendars and events into a CalDAV account: each calendar a new calendar (MKCALENDAR, VEVENT) named
 * {@code dtp-<hash of job and key>}; each event into the resource of its UID, so that changed occurrences join
 * their master (see {@link CalDavConnector#putComponent}). Repeated imports of the same key change nothing. An event
 * changed since an earlier transfer copied it is replaced in its resource ({@link #updateItem}).
 */
@Component(service = Importer.class, property = {
        AdapterProperties.PROVIDER + "=caldav",
        AdapterProperties.PROVIDER_NAME + "=CalDAV",
        AdapterProperties.VERTICAL + "=CALENDAR"})
public final class CalDavEventImporter implements Importer<Calendar, CalendarEvent> {
    static final String LOOSE_EVENTS_KEY = "caldav:loose-events";

    private final CalDavConnector connector;

    @Activate
    public CalDavEventImporter(@Reference CalDavConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.account(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, Calendar calendar, String parentId)
            throws AdapterException {
        if (calendar.color() != null) {
            context.reportNotKept(calendar.id(), "color", "this adapter does not set calendar colours (no standard property)");
        }
        if (calendar.timeZoneId() != null) {
            context.reportNotKept(calendar.id(), "timeZoneId", "this adapter does not set a calendar's default time zone");
        }
        return connector.calendar(context, idempotencyKey, calendar.name(), calendar.description(), "VEVENT");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, CalendarEvent event, String containerId)
            throws AdapterException {
        String calendar = containerId != null ? containerId
                : connector.calendar(context, LOOSE_EVENTS_KEY, "Calendar", null, "VEVENT");
        String uid = CalDavConnector.uidOf(context.jobId(), idempotencyKey, event.uid());
        String text = componentOf(event, uid);
        String path = connector.putComponent(context, event.id(), calendar, uid, occurrenceOf(event), "VEVENT", text,
                ICalendarFormat.timeZoneIds(event), event.extended());
        reportWhatTheServerChanged(context, event, path, text);
        return ICalendarFormat.eventId(path, event.recurrenceId());
    }

    /**
     * Replaces the event (a series' master or one changed occurrence) in the resource an earlier transfer put it in,
     * keeping the resource's UID and its other components: see {@link CalDavConnector#replaceComponent}.
     */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, CalendarEvent event, String containerId,
                             String destinationId) throws AdapterException {
        String occurrence = occurrenceOf(event);
        // importItem returned eventId(path, RECURRENCE-ID): the occurrence is part of the key, so it is this event's.
        String path = ICalendarFormat.objectId(destinationId, event.recurrenceId())
                .orElseThrow(() -> new ItemNotUpdatableException(destinationId + " is not the id of this occurrence"));
        String text = connector.replaceComponent(context, event.id(), path, occurrence, "VEVENT", uid -> componentOf(event, uid),
                ICalendarFormat.timeZoneIds(event), event.extended());
        reportWhatTheServerChanged(context, event, path, text);
        return destinationId;
    }

    private static String componentOf(CalendarEvent event, String uid) throws ItemRejectedException {
        try {
            return ICalendarFormat.writeEventComponent(event, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the event cannot be written as iCalendar: " + e.getMessage(), e);
        }
    }

    /** {@code ""} for a master, else its RECURRENCE-ID text. */
    private static String occurrenceOf(CalendarEvent event) {
        return event.recurrenceId() == null ? "" : ICalendarFormat.timeText(event.recurrenceId());
    }

    /**
     * Reads back the resource at {@code path} and reports what the server did not keep of the event sent as
     * {@code text}. A server that parses a property it does not know as TEXT (Radicale 3.1.8's vobject) cuts its URI
     * value at the first ',' (Apple's {@code X-APPLE-STRUCTURED-LOCATION;VALUE=URI:geo:48.85,2.35}): the event is then
     * sent once more with such values TEXT-escaped, which that server keeps and dtp reads back as the URI it was
     * ({@link ICalendarFormat#textEscapedUris}). Servers that keep the value as sent get it unescaped, as clients write it.
     */
    private void reportWhatTheServerChanged(ImportContext context, CalendarEvent event, String path, String text)
            throws AdapterException {
        CalendarEvent sent;
        try {
            sent = comparable(ICalendarFormat.readEvents(path, CalDavConnector.objectOf(text, ICalendarFormat.timeZoneIds(event),
                    event.extended())).get(0));
        } catch (MalformedICalendarException e) {
            return; // sent with a TZID it has no VTIMEZONE for (putComponent reported it): no reader takes it back, dtp's neither
        }
        Optional<List<RecordDifferences.Difference>> changed = whatTheServerChanged(context, event, path, sent);
        if (changed.isPresent() && changed.get().stream().anyMatch(CalDavEventImporter::isUriCutAtComma)) {
            CalendarEvent escaped = event.toBuilder().extended(ICalendarFormat.textEscapedUris(event.extended()))
                    .alarms(event.alarms().stream().map(a -> withExtended(a, ICalendarFormat.textEscapedUris(a.extended()))).toList())
                    .build();
            connector.replaceComponent(context, event.id(), path, occurrenceOf(event), "VEVENT", uid -> componentOf(escaped, uid),
                    ICalendarFormat.timeZoneIds(escaped), escaped.extended());
            changed = whatTheServerChanged(context, event, path, sent);
        }
        changed.ifPresent(c -> CalDavConnector.reportChanged(context, event.id(), c));
    }

    private Optional<List<RecordDifferences.Difference>> whatTheServerChanged(ImportContext context, CalendarEvent event, String path,
                                                                               CalendarEvent sent) throws AdapterException {
        return connector.whatTheServerChanged(context, event.id(), path, sent, stored -> ICalendarFormat.readEvents(path, stored)
                .stream().filter(e -> Objects.equals(e.recurrenceId(), event.recurrenceId())).findFirst().map(CalDavEventImporter::comparable));
    }

    /** An extended property's value (the event's or an alarm's) the server stored only up to a ',' of it. */
    private static boolean isUriCutAtComma(RecordDifferences.Difference d) {
        return d.path().matches("(alarms\\[\\d+]\\.)?extended\\[\\d+]\\.value") && d.before() instanceof String before && d.after() instanceof String after
                && before.startsWith(after) && before.length() > after.length() && before.charAt(after.length()) == ',';
    }

    /**
     * {@code e} as compared with what the server stored: without the VTIMEZONEs it carries (the resource's, which a
     * server may store re-serialised), and with its and its alarms' other properties in one order, as the order of a
     * component's properties means nothing (RFC 5545 §3.6) and servers change it (Radicale groups an alarm's).
     */
    private static CalendarEvent comparable(CalendarEvent e) {
        return e.toBuilder()
                .extended(inOneOrder(e.extended().stream().filter(x -> !x.name().equals(ICalendarFormat.VTIMEZONE_PROPERTY)).toList()))
                .alarms(e.alarms().stream().map(a -> withExtended(a, inOneOrder(a.extended()))).toList())
                .build();
    }

    private static List<ExtendedProperty> inOneOrder(List<ExtendedProperty> properties) {
        return properties.stream().sorted(Comparator.comparing(ExtendedProperty::name).thenComparing(ExtendedProperty::value)
                .thenComparing(x -> x.params().toString())).toList();
    }

    private static Alarm withExtended(Alarm a, List<ExtendedProperty> extended) {
        return new Alarm(a.action(), a.actionText(), a.triggerOffset(), a.triggerFromEnd(), a.triggerAt(), a.description(), extended);
    }
}
