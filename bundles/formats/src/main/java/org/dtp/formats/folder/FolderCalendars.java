package org.dtp.formats.folder;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.MediaRef;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Calendars in the folder layout: each folder of {@code .ics} files (but task lists an import made), and each
 * {@code .ics} file in the root (a whole calendar in one file, as calendar apps export), is a calendar; each
 * iCalendar object gives its events, master first. An import writes one {@code .ics} per event series
 * ({@link CalendarObjects}); what the written iCalendar does not give back as given is reported as not kept. Since 1.1.
 */
public final class FolderCalendars implements FolderVertical<Calendar, CalendarEvent> {
    private final CalendarObjects objects = new CalendarObjects();

    @Override
    public ExportPage<Calendar, CalendarEvent> export(FileTree tree, TransferContext context, ExportCursor cursor, int pageSize)
            throws AdapterException {
        CollectionTree calendars = new CollectionTree(tree, CollectionKind.CALENDARS);
        if (cursor.isRoot()) {
            List<Calendar> found = new ArrayList<>();
            for (CollectionTree.Found f : calendars.collections()) {
                found.add(new Calendar(f.id(), f.name(), f.sidecar().map(CollectionSidecar::description).orElse(null),
                        f.sidecar().map(CollectionSidecar::color).orElse(null),
                        f.sidecar().map(CollectionSidecar::timeZoneId).orElse(null)));
            }
            return new ExportPage<>(found, List.of(), null);
        }
        return calendars.itemPage(cursor.containerId(), cursor.continuation(), pageSize,
                e -> ICalendarFormat.readEvents(e.id(), e.text(), context::reportNotKept));
    }

    @Override
    public InputStream openMedia(FileTree tree, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("events have no media; '" + ref.uri() + "' is none of this adapter's");
    }

    @Override
    public String importContainer(FileTree tree, ImportContext context, String idempotencyKey, Calendar calendar)
            throws AdapterException {
        return new CollectionTree(tree, CollectionKind.CALENDARS).claim(idempotencyKey, calendar.id(), calendar.name(),
                calendar.description(), calendar.color(), calendar.timeZoneId());
    }

    @Override
    public String importItem(FileTree tree, ImportContext context, String idempotencyKey, CalendarEvent event, String containerId)
            throws AdapterException {
        String calendar = new CollectionTree(tree, CollectionKind.CALENDARS).containerOrLoose(containerId);
        if (event.recurrenceId() != null && (event.uid() == null || event.uid().isBlank())) {
            throw new ItemRejectedException("a changed occurrence without the UID of its series cannot join it");
        }
        String uid = CalendarObjects.uidOf(idempotencyKey, event.uid());
        String path = CalendarObjects.fileOf(calendar, uid);
        String written = objects.put(tree, context, event.id(), path, occurrenceOf(event), "VEVENT", component(event, uid),
                ICalendarFormat.timeZoneIds(event), event.extended());
        report(context, event, path, written);
        return ICalendarFormat.eventId(path, event.recurrenceId());
    }

    @Override
    public String updateItem(FileTree tree, ImportContext context, String idempotencyKey, CalendarEvent event, String destinationId)
            throws AdapterException {
        String path = ICalendarFormat.objectId(destinationId, event.recurrenceId())
                .orElseThrow(() -> new ItemNotUpdatableException("'" + destinationId + "' is not the id of this occurrence"));
        String written = objects.replace(tree, context, event.id(), path, occurrenceOf(event), "VEVENT", uid -> component(event, uid),
                ICalendarFormat.timeZoneIds(event), event.extended());
        report(context, event, path, written);
        return destinationId;
    }

    private static String component(CalendarEvent event, String uid) throws ItemRejectedException {
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

    /** Reads the event back from the file's text {@code written}: each field that did not come back as given is reported. */
    private static void report(ImportContext context, CalendarEvent event, String path, String written) throws AdapterException {
        try {
            CalendarEvent kept = ICalendarFormat.readEvents(path, written).stream()
                    .filter(e -> Objects.equals(e.recurrenceId(), event.recurrenceId())).findFirst()
                    .orElseThrow(() -> new AdapterException("the event written is not in '" + path + "'"));
            CalendarObjects.reportDifferences(context, event.id(), event, kept);
        } catch (MalformedICalendarException e) {
            context.reportNotKept(event.id(), "*", "the iCalendar written cannot be read back: " + e.getMessage());
        }
    }
}
