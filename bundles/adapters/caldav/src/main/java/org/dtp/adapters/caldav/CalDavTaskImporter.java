package org.dtp.adapters.caldav;

import org.dtp.formats.ical.ICalendarFormat;
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
import org.osgi.service.component.annotations.Reference;

/**
 * Imports task lists and tasks into a CalDAV account: each list a new calendar taking VTODO, each task a VTODO
 * resource named from the job and its UID. Repeated imports of the same key change nothing; a task changed since an
 * earlier transfer copied it is replaced in its resource ({@link #updateItem}).
 */
@Component(service = Importer.class, property = {
        AdapterProperties.PROVIDER + "=caldav",
        AdapterProperties.PROVIDER_NAME + "=CalDAV",
        AdapterProperties.VERTICAL + "=TASKS"})
public final class CalDavTaskImporter implements Importer<TaskList, Task> {
    static final String LOOSE_TASKS_KEY = "caldav:loose-tasks";

    private final CalDavConnector connector;

    @Activate
    public CalDavTaskImporter(@Reference CalDavConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.account(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, TaskList list, String parentId)
            throws AdapterException {
        return connector.calendar(context, idempotencyKey, list.name(), null, "VTODO");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Task task, String containerId)
            throws AdapterException {
        String list = containerId != null ? containerId : connector.calendar(context, LOOSE_TASKS_KEY, "Tasks", null, "VTODO");
        reportWhatCalDavCannotSay(context, task);
        String uid = CalDavConnector.uidOf(context.jobId(), idempotencyKey, task.uid());
        String text = componentOf(task, uid);
        String path = connector.putComponent(context, task.id(), list, uid, "", "VTODO", text, ICalendarFormat.timeZoneIds(task),
                task.extended());
        reportWhatTheServerChanged(context, task, path, text);
        return path;
    }

    /** Replaces the task's VTODO in the resource an earlier transfer made, keeping its UID (see {@link CalDavConnector#replaceComponent}). */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, Task task, String containerId, String destinationId)
            throws AdapterException {
        reportWhatCalDavCannotSay(context, task);
        String text = connector.replaceComponent(context, task.id(), destinationId, "", "VTODO", uid -> componentOf(task, uid),
                ICalendarFormat.timeZoneIds(task), task.extended());
        reportWhatTheServerChanged(context, task, destinationId, text);
        return destinationId;
    }

    /** Reads back the resource at {@code path} and reports what the server did not keep of the task sent as {@code text}. */
    private void reportWhatTheServerChanged(ImportContext context, Task task, String path, String text) throws AdapterException {
        Task escaped = task.toBuilder().extended(ICalendarFormat.textEscapedUris(task.extended()))
                .alarms(ComparableComponents.textEscapedUris(task.alarms())).build();
        connector.reportWhatTheServerChanged(context, task.id(), path, "", "VTODO", text, ICalendarFormat.timeZoneIds(task),
                task.extended(), object -> ICalendarFormat.readTasks(path, object).stream().findFirst().map(CalDavTaskImporter::comparable),
                escaped.equals(task) ? null : uid -> componentOf(escaped, uid), escaped.extended());
    }

    private static Task comparable(Task t) {
        return t.toBuilder().extended(ComparableComponents.extended(t.extended())).alarms(ComparableComponents.alarms(t.alarms())).build();
    }

    private static void reportWhatCalDavCannotSay(ImportContext context, Task task) {
        if (task.parentId() != null) {
            context.reportNotKept(task.id(), "parentId", "sub-tasks are not linked by this adapter (RELATED-TO needs the parent's UID)");
        }
        if (task.position() != null) {
            context.reportNotKept(task.id(), "position", "CalDAV has no standard order of tasks");
        }
    }

    private static String componentOf(Task task, String uid) throws ItemRejectedException {
        try {
            return ICalendarFormat.writeTaskComponent(task, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the task cannot be written as iCalendar: " + e.getMessage(), e);
        }
    }
}
