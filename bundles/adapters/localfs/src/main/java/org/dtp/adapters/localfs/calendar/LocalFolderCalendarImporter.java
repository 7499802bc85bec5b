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
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Imports calendars into a folder: each a directory (with its sidecar) of {@code .ics} files, one per event series
 * ({@link CalendarObjectFiles}). What the written iCalendar does not give back as given is reported as not kept.
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

    LocalFolderCalendarImporter(LocalFolderSettings settings) {
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
        String component;
        try {
            component = ICalendarFormat.writeEventComponent(event, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the event cannot be written as iCalendar: " + e.getMessage(), e);
        }
        String occurrence = event.recurrenceId() == null ? "" : ICalendarFormat.timeText(event.recurrenceId());
        String fileId = FolderLayout.idOf(root, file);
        String written = files.put(context, event.id(), file, occurrence, "VEVENT", component,
                ICalendarFormat.timeZoneIds(event), event.extended());
        try {
            CalendarEvent kept = ICalendarFormat.readEvents(fileId, written).stream()
                    .filter(e -> Objects.equals(e.recurrenceId(), event.recurrenceId())).findFirst()
                    .orElseThrow(() -> new AdapterException("the event written is not in '" + fileId + "'"));
            CalendarObjectFiles.reportDifferences(context, event.id(), event, kept);
        } catch (MalformedICalendarException e) {
            context.reportNotKept(event.id(), "*", "the iCalendar written cannot be read back: " + e.getMessage());
        }
        return ICalendarFormat.eventId(fileId, event.recurrenceId());
    }
}
