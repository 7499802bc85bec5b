package org.dtp.adapters.localfs.tasks;

import org.dtp.adapters.localfs.CalendarObjectFiles;
import org.dtp.adapters.localfs.CollectionFiles;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars.CollectionSidecar;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
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
import java.util.List;

/**
 * Imports task lists into a folder: each a directory (with its sidecar) of {@code .ics} files, one VTODO per UID
 * ({@link CalendarObjectFiles}). What the written iCalendar does not give back as given (a task's parent and its
 * position among its siblings: iCalendar has no standard field for them that this mapping writes) is reported as not kept.
 * A task changed since an earlier transfer copied it is replaced in its file ({@link #updateItem}).
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderTaskImporter",
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class LocalFolderTaskImporter implements Importer<TaskList, Task> {
    /** The key of the task list tasks without one go to. */
    static final String LOOSE_TASKS_KEY = "localfs:loose-tasks";

    private final LocalFolderSettings settings;
    private final CalendarObjectFiles files;

    @Activate
    public LocalFolderTaskImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderTaskImporter(LocalFolderSettings settings) {
        this.settings = settings;
        this.files = new CalendarObjectFiles(settings.syncToDisk());
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        settings.checkDestination(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, TaskList list, String parentId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        return CollectionFiles.claim(settings.syncToDisk(), root, CollectionFiles.TASK_LISTS, new CollectionSidecar(null, 0,
                idempotencyKey, list.id(), list.name(), null, null, null, null), "Tasks");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Task task, String containerId) throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        String listId = CollectionFiles.containerOrLoose(settings.syncToDisk(), root, CollectionFiles.TASK_LISTS, containerId,
                LOOSE_TASKS_KEY, "Tasks");
        String uid = CalendarObjectFiles.uidOf(idempotencyKey, task.uid());
        Path file = CalendarObjectFiles.fileOf(CollectionFiles.directoryOf(root, listId), uid);
        String fileId = FolderLayout.idOf(root, file);
        String written = files.put(context, task.id(), file, "", "VTODO", componentOf(task, uid), ICalendarFormat.timeZoneIds(task),
                task.extended());
        reportDifferences(context, task, fileId, written);
        return fileId;
    }

    /** Replaces the task's VTODO in the file an earlier transfer wrote, keeping its UID ({@link CalendarObjectFiles#replace}). */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, Task task, String containerId, String destinationId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        String written = files.replace(context, task.id(), FolderLayout.resolve(root, destinationId), "", "VTODO",
                uid -> componentOf(task, uid), ICalendarFormat.timeZoneIds(task), task.extended());
        reportDifferences(context, task, destinationId, written);
        return destinationId;
    }

    private static String componentOf(Task task, String uid) throws ItemRejectedException {
        try {
            return ICalendarFormat.writeTaskComponent(task, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the task cannot be written as iCalendar: " + e.getMessage(), e);
        }
    }

    /** Reads the task back from the file's text {@code written}: each field that did not come back as given is reported. */
    private static void reportDifferences(ImportContext context, Task task, String fileId, String written) throws AdapterException {
        try {
            List<Task> kept = ICalendarFormat.readTasks(fileId, written);
            if (kept.isEmpty()) {
                throw new AdapterException("the task written is not in '" + fileId + "'");
            }
            CalendarObjectFiles.reportDifferences(context, task.id(), task, kept.get(0));
        } catch (MalformedICalendarException e) {
            context.reportNotKept(task.id(), "*", "the iCalendar written cannot be read back: " + e.getMessage());
        }
    }
}
