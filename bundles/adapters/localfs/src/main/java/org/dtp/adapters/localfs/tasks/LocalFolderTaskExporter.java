package org.dtp.adapters.localfs.tasks;

import org.dtp.adapters.localfs.CollectionFiles;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.models.MediaRef;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
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
 * Exports the task lists of a folder: each directory of {@code .ics} files (but the calendars an import made), and
 * each {@code .ics} file directly in it. Each VTODO of an iCalendar object is a task; an object that cannot be read
 * (or a changed occurrence of a recurring task, which the model cannot hold) is rejected with why, the rest go on.
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderTaskExporter",
        service = Exporter.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class LocalFolderTaskExporter implements Exporter<TaskList, Task> {
    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderTaskExporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderTaskExporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Path root = settings.sourceRoot(context.endpoint());
        try {
            if (cursor.isRoot()) {
                List<TaskList> lists = new ArrayList<>();
                for (CollectionFiles.Found f : CollectionFiles.collections(root, CollectionFiles.TASK_LISTS,
                        List.of(FolderLayout.CALENDAR_SIDECAR, FolderLayout.ADDRESS_BOOK_SIDECAR))) {
                    lists.add(new TaskList(f.id(), f.name()));
                }
                return new ExportPage<>(lists, List.of(), null);
            }
            return CollectionFiles.itemPage(context, settings, root, cursor.containerId(), CollectionFiles.TASK_LISTS,
                    cursor.continuation(), e -> ICalendarFormat.readTasks(e.id(), e.text(), context::reportNotKept));
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot read the task list '" + cursor.containerId() + "' in " + root, e);
        }
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("tasks have no media; '" + ref.uri() + "' is none of this adapter's");
    }
}
