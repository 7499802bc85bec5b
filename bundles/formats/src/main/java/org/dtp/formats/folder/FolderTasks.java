package org.dtp.formats.folder;

import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.MediaRef;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Task lists in the folder layout: each folder of {@code .ics} files (but calendars an import made), and each
 * {@code .ics} file in the root, is a task list; each VTODO a task. An import writes one {@code .ics} per task
 * ({@link CalendarObjects}); what the written iCalendar does not give back as given (a task's parent, its position)
 * is reported as not kept. Since 1.1.
 */
public final class FolderTasks implements FolderVertical<TaskList, Task> {
    private final CalendarObjects objects = new CalendarObjects();

    @Override
    public ExportPage<TaskList, Task> export(FileTree tree, TransferContext context, ExportCursor cursor, int pageSize)
            throws AdapterException {
        CollectionTree lists = new CollectionTree(tree, CollectionKind.TASK_LISTS);
        if (cursor.isRoot()) {
            List<TaskList> found = new ArrayList<>();
            for (CollectionTree.Found f : lists.collections()) {
                found.add(new TaskList(f.id(), f.name()));
            }
            return new ExportPage<>(found, List.of(), null);
        }
        return lists.itemPage(cursor.containerId(), cursor.continuation(), pageSize,
                e -> ICalendarFormat.readTasks(e.id(), e.text(), context::reportNotKept));
    }

    @Override
    public InputStream openMedia(FileTree tree, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("tasks have no media; '" + ref.uri() + "' is none of this adapter's");
    }

    @Override
    public String importContainer(FileTree tree, ImportContext context, String idempotencyKey, TaskList list)
            throws AdapterException {
        return new CollectionTree(tree, CollectionKind.TASK_LISTS).claim(idempotencyKey, list.id(), list.name(), null, null, null);
    }

    @Override
    public String importItem(FileTree tree, ImportContext context, String idempotencyKey, Task task, String containerId)
            throws AdapterException {
        String list = new CollectionTree(tree, CollectionKind.TASK_LISTS).containerOrLoose(containerId);
        String uid = CalendarObjects.uidOf(idempotencyKey, task.uid());
        String path = CalendarObjects.fileOf(list, uid);
        String written = objects.put(tree, context, task.id(), path, "", "VTODO", component(task, uid),
                ICalendarFormat.timeZoneIds(task), task.extended());
        report(context, task, path, written);
        return path;
    }

    @Override
    public String updateItem(FileTree tree, ImportContext context, String idempotencyKey, Task task, String destinationId)
            throws AdapterException {
        String written = objects.replace(tree, context, task.id(), destinationId, "", "VTODO", uid -> component(task, uid),
                ICalendarFormat.timeZoneIds(task), task.extended());
        report(context, task, destinationId, written);
        return destinationId;
    }

    private static String component(Task task, String uid) throws ItemRejectedException {
        try {
            return ICalendarFormat.writeTaskComponent(task, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the task cannot be written as iCalendar: " + e.getMessage(), e);
        }
    }

    /** Reads the task back from the file's text {@code written}: each field that did not come back as given is reported. */
    private static void report(ImportContext context, Task task, String path, String written) throws AdapterException {
        try {
            List<Task> kept = ICalendarFormat.readTasks(path, written);
            if (kept.isEmpty()) {
                throw new AdapterException("the task written is not in '" + path + "'");
            }
            CalendarObjects.reportDifferences(context, task.id(), task, kept.get(0));
        } catch (MalformedICalendarException e) {
            context.reportNotKept(task.id(), "*", "the iCalendar written cannot be read back: " + e.getMessage());
        }
    }
}
