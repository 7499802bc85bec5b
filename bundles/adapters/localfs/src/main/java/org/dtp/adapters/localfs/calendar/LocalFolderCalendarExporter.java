package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.localfs.CollectionFiles;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars.CollectionSidecar;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.models.MediaRef;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports the calendars of a folder: each directory of {@code .ics} files (but the task lists an import made), and
 * each {@code .ics} file directly in it (what calendar apps export: a whole calendar in one file). Each iCalendar
 * object (all components of one UID) gives its events, master first; an object that cannot be read is rejected
 * with why, the rest go on. A TZID without VTIMEZONE is taken when it is an IANA zone.
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderCalendarExporter",
        service = Exporter.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=CALENDAR"})
public final class LocalFolderCalendarExporter implements Exporter<Calendar, CalendarEvent> {
    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderCalendarExporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    LocalFolderCalendarExporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<Calendar, CalendarEvent> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Path root = settings.sourceRoot(context.endpoint());
        try {
            if (cursor.isRoot()) {
                List<Calendar> calendars = new ArrayList<>();
                for (CollectionFiles.Found f : CollectionFiles.collections(root, CollectionFiles.CALENDARS,
                        List.of(FolderLayout.TASK_LIST_SIDECAR, FolderLayout.ADDRESS_BOOK_SIDECAR))) {
                    calendars.add(new Calendar(f.id(), f.name(), f.sidecar().map(CollectionSidecar::description).orElse(null),
                            f.sidecar().map(CollectionSidecar::color).orElse(null),
                            f.sidecar().map(CollectionSidecar::timeZoneId).orElse(null)));
                }
                return new ExportPage<>(calendars, List.of(), null);
            }
            return CollectionFiles.itemPage(context, settings, root, cursor.containerId(), CollectionFiles.CALENDARS,
                    cursor.continuation(), e -> ICalendarFormat.readEvents(e.id(), e.text(), context::reportNotKept));
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot read the calendar '" + cursor.containerId() + "' in " + root, e);
        }
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("events have no media; '" + ref.uri() + "' is none of this adapter's");
    }
}
