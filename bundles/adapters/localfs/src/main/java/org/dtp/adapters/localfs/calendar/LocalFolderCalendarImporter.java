package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.localfs.CalendarObjectFiles;
import org.dtp.adapters.localfs.CollectionFiles;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars.CollectionSidecar;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
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

import java.nio.file.Path;
import java.util.Objects;

/**
 * Imports calendars into a folder: each a directory (with its sidecar) of {@code .ics} files, one per event series
 * ({@link CalendarObjectFiles}). What the written iCalendar does not give back as given is reported as not kept. An
 * event changed since an earlier transfer copied it is replaced in its file ({@link #updateItem}).
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderCalendarImporter",
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class LocalFolderCalendarImporter implements Importer<Calendar, CalendarEvent> {
    /** The key of the calendar events without one go to. */
    static final String LOOSE_EVENTS_KEY = "localfs:loose-events";

    private final LocalFolderSettings settings;
    private final CalendarObjectFiles files;

    @Activate
    public LocalFolderCalendarImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderCalendarImporter(LocalFolderSettings settings) {
        this.settings = settings;
        this.files = new CalendarObjectFiles(settings.syncToDisk());
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        settings.checkDestination(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, Calendar calendar, String parentId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        return CollectionFiles.claim(settings.syncToDisk(), root, CollectionFiles.CALENDARS, new CollectionSidecar(null, 0,
                idempotencyKey, calendar.id(), calendar.name(), calendar.description(), calendar.color(), calendar.timeZoneId(), null),
                "Calendar");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, CalendarEvent event, String containerId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        String calendarId = CollectionFiles.containerOrLoose(settings.syncToDisk(), root, CollectionFiles.CALENDARS, containerId,
                LOOSE_EVENTS_KEY, "Calendar");
        if (event.recurrenceId() != null && (event.uid() == null || event.uid().isBlank())) {
            throw new ItemRejectedException("a changed occurrence without the UID of its series cannot join it");
        }
        String uid = CalendarObjectFiles.uidOf(idempotencyKey, event.uid());
        Path file = CalendarObjectFiles.fileOf(CollectionFiles.directoryOf(root, calendarId), uid);
        String fileId = FolderLayout.idOf(root, file);
        String written = files.put(context, event.id(), file, occurrenceOf(event), "VEVENT", componentOf(event, uid),
                ICalendarFormat.timeZoneIds(event), event.extended());
        reportDifferences(context, event, fileId, written);
        return ICalendarFormat.eventId(fileId, event.recurrenceId());
    }

    /**
     * Replaces the event (a series' master or one changed occurrence) in the file an earlier transfer wrote it to,
     * keeping the file's UID and its other components ({@link CalendarObjectFiles#replace}).
     */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, CalendarEvent event, String containerId,
                             String destinationId) throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        String fileId = ICalendarFormat.objectId(destinationId, event.recurrenceId())
                .orElseThrow(() -> new ItemNotUpdatableException("'" + destinationId + "' is not the id of this occurrence"));
        String written = files.replace(context, event.id(), FolderLayout.resolve(root, fileId), occurrenceOf(event), "VEVENT",
                uid -> componentOf(event, uid), ICalendarFormat.timeZoneIds(event), event.extended());
        reportDifferences(context, event, fileId, written);
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

    /** Reads the event back from the file's text {@code written}: each field that did not come back as given is reported. */
    private static void reportDifferences(ImportContext context, CalendarEvent event, String fileId, String written)
            throws AdapterException {
        try {
            CalendarEvent kept = ICalendarFormat.readEvents(fileId, written).stream()
                    .filter(e -> Objects.equals(e.recurrenceId(), event.recurrenceId())).findFirst()
                    .orElseThrow(() -> new AdapterException("the event written is not in '" + fileId + "'"));
            CalendarObjectFiles.reportDifferences(context, event.id(), event, kept);
        } catch (MalformedICalendarException e) {
            context.reportNotKept(event.id(), "*", "the iCalendar written cannot be read back: " + e.getMessage());
        }
    }
}
