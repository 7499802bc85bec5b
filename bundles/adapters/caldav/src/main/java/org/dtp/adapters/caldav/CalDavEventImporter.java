package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
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
import org.dtp.spi.http.ProviderRejectedException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

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
    /** Statuses of a server that found the object malformed (400 Bad Request, 415, 422). */
    private static final Set<Integer> MALFORMED = Set.of(400, 415, 422);

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
        Stored stored = storeWithPeriodsIfRefused(context, event, sent -> {
            String text = componentOf(sent, uid);
            return new Stored(sent, connector.putComponent(context, event.id(), calendar, uid, occurrenceOf(sent), "VEVENT",
                    text, ICalendarFormat.timeZoneIds(sent), sent.extended()), text);
        });
        reportWhatTheServerChanged(context, stored.event(), stored.path(), stored.text());
        return ICalendarFormat.eventId(stored.path(), event.recurrenceId());
    }

    /** The event as it was sent, where the server keeps it, and its component's text. */
    private record Stored(CalendarEvent event, String path, String text) {
    }

    @FunctionalInterface
    private interface Store {
        Stored store(CalendarEvent event) throws AdapterException;
    }

    /**
     * Stores {@code event}; when the server refuses it as malformed and it has RDATE periods, stores it again with the
     * periods' starts as its recurrence dates ({@link ICalendarFormat#periodsAsStarts}), reporting the periods' ends
     * as not kept: Radicale answers 400 to any period (its vobject cannot write one), and an event whose occurrences
     * are all there, their own ends aside, is worth more than an item error. Refused again, the first refusal stands.
     */
    private static Stored storeWithPeriodsIfRefused(ImportContext context, CalendarEvent event, Store store) throws AdapterException {
        try {
            return store.store(event);
        } catch (ProviderRejectedException refused) {
            Optional<ICalendarFormat.PeriodStarts> starts = ICalendarFormat.periodsAsStarts(event);
            if (starts.isEmpty() || !MALFORMED.contains(refused.status())) {
                throw refused;
            }
            Stored stored;
            try {
                stored = store.store(starts.get().event());
            } catch (ProviderRejectedException again) {
                refused.addSuppressed(again);
                throw refused;
            }
            // One entry: the job keeps one per item and field.
            context.reportNotKept(event.id(), "recurrenceDates", starts.get().periods().stream()
                    .map(period -> "RDATE;VALUE=PERIOD:" + period.value()).collect(Collectors.joining(" "))
                    + " kept as the periods' starts: the server refused periods (" + refused.status()
                    + (refused.providerMessage().isEmpty() ? "" : ": " + refused.providerMessage()) + ")");
            return stored;
        }
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
        Stored stored = storeWithPeriodsIfRefused(context, event, sent -> new Stored(sent, path, connector.replaceComponent(
                context, event.id(), path, occurrence, "VEVENT", uid -> componentOf(sent, uid),
                ICalendarFormat.timeZoneIds(sent), sent.extended())));
        reportWhatTheServerChanged(context, stored.event(), path, stored.text());
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

    /** Reads back the resource at {@code path} and reports what the server did not keep of the event sent as {@code text}. */
    private void reportWhatTheServerChanged(ImportContext context, CalendarEvent event, String path, String text)
            throws AdapterException {
        CalendarEvent escaped = event.toBuilder().extended(ICalendarFormat.textEscapedUris(event.extended()))
                .alarms(ComparableComponents.textEscapedUris(event.alarms())).build();
        connector.reportWhatTheServerChanged(context, event.id(), path, occurrenceOf(event), "VEVENT", text,
                ICalendarFormat.timeZoneIds(event), event.extended(), object -> ICalendarFormat.readEvents(path, object).stream()
                        .filter(e -> Objects.equals(e.recurrenceId(), event.recurrenceId())).findFirst().map(CalDavEventImporter::comparable),
                escaped.equals(event) ? null : uid -> componentOf(escaped, uid), escaped.extended());
    }

    private static CalendarEvent comparable(CalendarEvent e) {
        return e.toBuilder().extended(ComparableComponents.extended(e.extended())).alarms(ComparableComponents.alarms(e.alarms())).build();
    }
}
