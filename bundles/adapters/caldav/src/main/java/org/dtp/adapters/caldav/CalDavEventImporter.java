package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.Objects;

/**
 * Imports calendars and events into a CalDAV account: each calendar a new calendar (MKCALENDAR, VEVENT) named
 * {@code dtp-<hash of job and key>}; each event into the resource of its UID, so that changed occurrences join
 * their master (see {@link CalDavConnector#putComponent}). Repeated imports of the same key change nothing.
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
        String text;
        try {
            text = ICalendarFormat.writeEventComponent(event, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the event cannot be written as iCalendar: " + e.getMessage(), e);
        }
        String occurrence = event.recurrenceId() == null ? "" : ICalendarFormat.timeText(event.recurrenceId());
        String path = connector.putComponent(context, event.id(), calendar, uid, occurrence, "VEVENT", text,
                ICalendarFormat.timeZoneIds(event), event.extended());
        try {
            CalendarEvent sent = ICalendarFormat.readEvents(path, CalDavConnector.objectOf(text, ICalendarFormat.timeZoneIds(event),
                    event.extended())).get(0);
            connector.reportWhatTheServerChanged(context, event.id(), path, withoutZones(sent), stored -> ICalendarFormat.readEvents(path, stored)
                    .stream().filter(e -> Objects.equals(e.recurrenceId(), event.recurrenceId())).findFirst().map(CalDavEventImporter::withoutZones));
        } catch (MalformedICalendarException e) {
            // Sent with a TZID it has no VTIMEZONE for (putComponent reported it): no reader takes it back, dtp's neither.
        }
        return ICalendarFormat.eventId(path, event.recurrenceId());
    }

    /** {@code e} without the VTIMEZONEs it carries: the resource's, which a server may store re-serialised. */
    private static CalendarEvent withoutZones(CalendarEvent e) {
        return e.toBuilder().extended(e.extended().stream().filter(x -> !x.name().equals(ICalendarFormat.VTIMEZONE_PROPERTY)).toList()).build();
    }
}
