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
 * resource named from the job and its UID. Repeated imports of the same key change nothing.
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
        if (task.parentId() != null) {
            context.reportNotKept(task.id(), "parentId", "sub-tasks are not linked by this adapter (RELATED-TO needs the parent's UID)");
        }
        if (task.position() != null) {
            context.reportNotKept(task.id(), "position", "CalDAV has no standard order of tasks");
        }
        String uid = CalDavConnector.uidOf(context.jobId(), idempotencyKey, task.uid());
        String text;
        try {
            text = ICalendarFormat.writeTaskComponent(task, uid);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the task cannot be written as iCalendar: " + e.getMessage(), e);
        }
        return connector.putComponent(context, task.id(), list, uid, "", "VTODO", text, ICalendarFormat.timeZoneIds(task),
                task.extended());
    }
}
