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
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.Objects;

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
