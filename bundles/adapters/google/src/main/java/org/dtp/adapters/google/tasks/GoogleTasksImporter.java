package org.dtp.adapters.google.tasks;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.DescriptionMarkers;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Imports task lists and tasks into Google Tasks: a list is {@code POST /users/@me/lists} (found again by its title on
 * a retry), a task {@code POST /lists/<id>/tasks} with {@code parent} (its parent's new id) and {@code previous} (the
 * last task imported under that parent, so siblings keep the source's order).
 * <ul>
 * <li><b>Idempotent</b>: Google takes no client id for a task, so its notes end with a marker line
 *     ({@link DescriptionMarkers}) made from the job and the source task's id (the engine's key is made of it); before creating,
 *     the importer looks for the marker in the list (read once per list and job, then kept in memory).</li>
 * <li>The task's UID, for which Google has no field, follows the marker on its line; the exporter reads it back.</li>
 * <li>A sub-task whose parent is not in the list yet (the source listed it first) is created at the top level,
 *     and its parent is reported as not kept.</li>
 * </ul>
 */
@Component(
        name = "org.dtp.adapters.google.GoogleTasksImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Tasks",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class GoogleTasksImporter extends GoogleComponent implements Importer<TaskList, Task> {
    /** The Tasks API's limits on a task's title and notes. */
    static final int MAX_TITLE = 1024;
    static final int MAX_NOTES = 8192;
    /** The longest UID kept on the notes' marker line: our bound, so that a UID cannot crowd out the notes. */
    static final int MAX_UID = 1024;

    @Activate
    public GoogleTasksImporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, TaskList list, String parentId)
            throws AdapterException {
        return connector.container(context.jobId() + "|tasklist|" + idempotencyKey, () -> {
            TasksApi api = api(context);
            String title = list.name().strip().isEmpty() ? "Imported tasks" : list.name().strip();
            List<JsonNode> named = ApiPage.firstMatches(api::lists, l -> title.equals(l.path("title").asText()));
            if (!named.isEmpty()) {
                return named.get(0).path("id").asText();
            }
            String id = api.createList(title).path("id").asText("");
            if (id.isEmpty()) {
                throw new AdapterException("Google answered tasklists.insert without the list's id");
            }
            return id;
        });
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Task task, String containerId)
            throws AdapterException {
        if (containerId == null) {
            throw new ItemRejectedException("a task outside any list: Google Tasks keeps tasks in lists only");
        }
        TasksApi api = api(context);
        String marker = DescriptionMarkers.marker(context.jobId(), task.id());
        long fingerprint = DescriptionMarkers.fingerprint(marker);
        return connector.taskIndexes().findOrCreate(context.jobId() + "|tasks|" + containerId, fingerprint,
                index -> ApiPage.forEach(token -> api.tasks(containerId, token), t -> index.add(t.path("notes").asText(null),
                        t.path("id").asText(), t.path("parent").asText(null), t.path("position").asText(""))),
                index -> {
                    String parent = null;
                    if (task.parentId() != null) {
                        parent = index.find(DescriptionMarkers.fingerprint(DescriptionMarkers.marker(context.jobId(), task.parentId()))).orElse(null);
                        if (parent == null) {
                            context.reportNotKept(task.id(), "parentId", "its parent task was not in the list before it; created at the top level");
                        }
                    }
                    JsonNode created = api.createTask(containerId, parent, index.lastChildOf(parent), body(context, task, marker));
                    String id = created.path("id").asText("");
                    if (id.isEmpty()) {
                        throw new AdapterException("Google answered tasks.insert without the task's id");
                    }
                    index.created(fingerprint, id, parent);
                    return id;
                });
    }

    private static Map<String, Object> body(ImportContext context, Task t, String marker) {
        String source = t.id();
        Map<String, Object> body = new LinkedHashMap<>();
        String title = t.title() == null ? "" : t.title();
        if (title.length() > MAX_TITLE) {
            title = title.substring(0, MAX_TITLE);
            context.reportNotKept(source, "title", "Google task titles have at most " + MAX_TITLE + " characters; the rest is cut");
        }
        body.put("title", title);
        String trailer = marker;
        if (t.uid() != null && !t.uid().isBlank()) {
            if (t.uid().length() <= MAX_UID && DescriptionMarkers.canKeep(t.uid())) {
                trailer = DescriptionMarkers.line(marker, t.uid());
            } else {
                context.reportNotKept(source, "uid", "Google tasks have no UID; it is kept on the notes' last line when it is one "
                        + "line of at most " + MAX_UID + " characters");
            }
        }
        String notes = t.notes() == null || t.notes().isBlank() ? "" : t.notes();
        int room = MAX_NOTES - trailer.length() - 1;
        if (notes.length() > room) {
            notes = notes.substring(0, room);
            context.reportNotKept(source, "notes", "Google task notes have at most " + MAX_NOTES + " characters, "
                    + (trailer.length() + 1) + " of them the import's marker and the task's UID; the rest is cut");
        }
        body.put("notes", notes.isEmpty() ? trailer : notes + "\n" + trailer);
        TaskStatus status = t.status() == null ? TaskStatus.NEEDS_ACTION : t.status();
        body.put("status", status == TaskStatus.COMPLETED ? "completed" : "needsAction");
        if (status == TaskStatus.IN_PROCESS || status == TaskStatus.CANCELLED) {
            context.reportNotKept(source, "status", "Google tasks are needsAction or completed only; " + status + " is needsAction");
        }
        if (status == TaskStatus.COMPLETED && t.completedAt() != null) {
            body.put("completed", t.completedAt().toString());
        }
        if (t.due() != null) {
            body.put("due", dueDate(t.due()).atStartOfDay().toInstant(ZoneOffset.UTC).toString());
            if (t.due().date() == null || t.due().timeZoneId() != null) {
                // a date's TZID (DUE;TZID=...;VALUE=DATE) is no more kept than a time's
                context.reportNotKept(source, "due", "Google Tasks keeps only the date of a due time");
            }
        }
        reportIf(context, source, t.start() != null, "start", "Google tasks have no start");
        reportIf(context, source, t.priority() != null && t.priority() != 0, "priority", "Google tasks have no priority");
        reportIf(context, source, t.percentComplete() != null, "percentComplete", "Google tasks have no percentage done");
        reportIf(context, source, !t.categories().isEmpty(), "categories", "Google tasks have no categories");
        reportIf(context, source, t.recurrenceRule() != null, "recurrenceRule", "the Tasks API cannot make a task recur");
        reportIf(context, source, !t.alarms().isEmpty(), "alarms", "Google tasks have no reminders in the API");
        reportIf(context, source, !t.extended().isEmpty(), "extended", "Google Tasks keeps no iCalendar X- properties");
        return body;
    }

    private static LocalDate dueDate(CalendarTime due) {
        if (due.date() != null) {
            return due.date();
        }
        return due.utc() != null ? due.utc().atZone(ZoneOffset.UTC).toLocalDate() : due.dateTime().toLocalDate();
    }

    private static void reportIf(ImportContext context, String source, boolean condition, String field, String reason) {
        if (condition) {
            context.reportNotKept(source, field, reason);
        }
    }

    private TasksApi api(ImportContext context) throws AdapterException {
        return new TasksApi(connector.http(context), connector.settings().tasksBaseUrl(), connector.settings().pageSize());
    }
}
