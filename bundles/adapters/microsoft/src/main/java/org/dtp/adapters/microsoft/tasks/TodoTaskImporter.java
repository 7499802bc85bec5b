package org.dtp.adapters.microsoft.tasks;

import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.ImportTags;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import org.dtp.adapters.microsoft.Recurrences;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.AdapterException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Imports task lists and tasks into Microsoft To Do. A list is found by its name, else created; a task is created
 * with a linked resource ({@code applicationName} {@value #APPLICATION}, {@code externalId} a tag of the job and the
 * idempotency key), and before creating one the importer looks for that external id among the list's tasks
 * ({@code $expand=linkedResources}, read once per list and job and kept up to date), so a re-import finds the task.
 * A second linked resource ({@value #UID_APPLICATION}) keeps the source's UID, which the exporter gives back.
 */
@Component(
        name = "org.dtp.adapters.microsoft.TodoTaskImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft To Do",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class TodoTaskImporter extends GraphComponent implements Importer<TaskList, Task> {
    static final String APPLICATION = "dtp";
    /**
     * The linked resource that keeps the source's UID: a linked resource's {@code externalId} is the id of the task's
     * object in another system (https://learn.microsoft.com/en-us/graph/api/resources/linkedresource).
     */
    static final String UID_APPLICATION = "dtp uid";
    /** External id → task id, per list: what the importer made there in this job, kept in the job's scratch. */
    private static final JobScratch.Key<Map<String, Map<String, String>>> MADE = JobScratch.Key.of("microsoft.todo-made");
    private static final ObjectMapper JSON = new ObjectMapper();


    @Activate
    public TodoTaskImporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, TaskList list, String parentId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String name = list.name().isBlank() ? "Imported tasks" : list.name().strip();
        return api.findOrCreate("/me/todo/lists", "displayName", name);
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Task task, String containerId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String listId = containerId != null ? containerId
                : importContainer(context, "loose", new TaskList("loose", "Imported tasks"), null);
        String externalId = ImportTags.of(context.jobId(), idempotencyKey);
        Map<String, String> index = index(api, context.scratch().computeIfAbsent(MADE, ConcurrentHashMap::new), listId);
        synchronized (index) {
            String earlier = index.get(externalId);
            if (earlier != null) {
                return earlier;
            }
            JsonNode created = api.post("/me/todo/lists/" + GraphApi.id(listId) + "/tasks", body(context, task, externalId));
            String id = created.path("id").asText();
            index.put(externalId, id);
            return id;
        }
    }

    /** The list's tasks made by dtp, by external id: read from Graph the first time, then kept here. */
    private static Map<String, String> index(GraphApi api, Map<String, Map<String, String>> made, String listId)
            throws AdapterException {
        Map<String, String> known = made.get(listId);
        if (known != null) {
            return known;
        }
        Map<String, String> found = new HashMap<>();
        for (JsonNode task : api.all("/me/todo/lists/" + GraphApi.id(listId) + "/tasks?$expand=linkedResources", Map.of())) {
            for (JsonNode link : task.path("linkedResources")) {
                if (APPLICATION.equals(link.path("applicationName").asText()) && link.path("externalId").isTextual()) {
                    found.put(link.path("externalId").asText(), task.path("id").asText());
                }
            }
        }
        return made.computeIfAbsent(listId, k -> found);
    }

    private static Map<String, Object> body(ImportContext context, Task task, String externalId) {
        String source = task.id();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("title", task.title() == null ? "" : task.title());
        boolean html = task.extended().stream().anyMatch(p -> p.name().equals(TodoTaskExporter.X_BODY_TYPE) && p.value().equals("html"));
        if (task.notes() != null) {
            body.put("body", Map.of("content", task.notes(), "contentType", html ? "html" : "text"));
        }
        String status = task.extended().stream().filter(p -> p.name().equals(TodoTaskExporter.X_STATUS)).map(ExtendedProperty::value)
                .findFirst().orElse(null);
        TaskStatus canonical = task.status() == null ? TaskStatus.NEEDS_ACTION : task.status();
        if (status == null) {
            status = switch (canonical) {
                case COMPLETED -> "completed";
                case IN_PROCESS -> "inProgress";
                default -> "notStarted";
            };
            if (canonical == TaskStatus.CANCELLED || task.status() == null) {
                context.reportNotKept(source, "status", task.status() == null ? "Microsoft To Do tasks always have a status; it is not started"
                        : "Microsoft To Do has no cancelled state; the task is not started");
            }
        }
        body.put("status", status);
        Integer priority = task.priority();
        body.put("importance", priority == null || priority == 0 || priority == 5 ? "normal" : priority < 5 ? "high" : "low");
        if (priority == null || priority == 0) {
            context.reportNotKept(source, "priority", "Microsoft To Do has no undefined importance; the task's is normal");
        } else if (priority != 1 && priority != 5 && priority != 9) {
            context.reportNotKept(source, "priority", "Microsoft To Do has three importances; " + priority + " became "
                    + body.get("importance"));
        }
        if (task.due() != null) {
            body.put("dueDateTime", GraphTimes.of(task.due()));
            if (task.due().date() == null || task.due().timeZoneId() != null) {
                // a date's TZID (DUE;TZID=...;VALUE=DATE) is no more kept than a time's
                context.reportNotKept(source, "due", "Microsoft To Do keeps the due day only");
            }
        }
        if (task.start() != null) {
            body.put("startDateTime", GraphTimes.of(task.start()));
            if (task.start().date() == null || task.start().timeZoneId() != null) {
                context.reportNotKept(source, "start", "Microsoft To Do keeps the start day only");
            }
        }
        if (task.completedAt() != null) {
            body.put("completedDateTime", GraphTimes.of(task.completedAt()));
        }
        if (!task.categories().isEmpty()) {
            body.put("categories", task.categories());
        }
        recurrence(context, task, body);
        List<Alarm> alarms = task.alarms();
        for (int i = 0; i < alarms.size(); i++) {
            if (i == 0 && alarms.get(i).triggerAt() != null) {
                body.put("isReminderOn", true);
                body.put("reminderDateTime", GraphTimes.of(alarms.get(i).triggerAt()));
            } else {
                context.reportNotKept(source, "alarms[" + i + "]", "Microsoft To Do keeps one reminder at a set time only");
            }
        }
        if (task.percentComplete() != null) {
            context.reportNotKept(source, "percentComplete", "Microsoft To Do keeps no percentage");
        }
        if (task.parentId() != null) {
            context.reportNotKept(source, "parentId", "Microsoft To Do has no sub-tasks (only checklist items)");
        }
        if (task.position() != null) {
            context.reportNotKept(source, "position", "Microsoft To Do's order cannot be set through Graph");
        }
        for (int i = 0; i < task.extended().size(); i++) {
            String name = task.extended().get(i).name();
            if (!name.equals(TodoTaskExporter.X_STATUS) && !name.equals(TodoTaskExporter.X_BODY_TYPE)
                    && !name.equals(TodoTaskExporter.X_RECURRENCE)) {
                context.reportNotKept(source, "extended[" + i + "]", "Microsoft To Do keeps no " + name);
            }
        }
        List<Map<String, String>> links = new ArrayList<>();
        links.add(Map.of("applicationName", APPLICATION, "displayName", "Imported by dtp", "externalId", externalId));
        if (task.uid() != null && !task.uid().isBlank()) {
            links.add(Map.of("applicationName", UID_APPLICATION, "displayName", "UID at the source", "externalId", task.uid()));
        }
        body.put("linkedResources", links);
        return body;
    }

    private static void recurrence(ImportContext context, Task task, Map<String, Object> body) {
        String raw = task.extended().stream().filter(p -> p.name().equals(TodoTaskExporter.X_RECURRENCE))
                .map(ExtendedProperty::value).findFirst().orElse(null);
        if (task.recurrenceRule() == null && raw == null) {
            return;
        }
        CalendarTime anchor = task.due() != null ? task.due() : task.start();
        Map<String, Object> patterned = null;
        if (task.recurrenceRule() != null && anchor != null) {
            patterned = Recurrences.patterned(task.recurrenceRule(), GraphTimes.dateOf(anchor));
        } else if (raw != null) {
            try {
                patterned = JSON.readValue(raw, new TypeReference<Map<String, Object>>() {
                });
            } catch (IOException e) {
                patterned = null;
            }
        }
        if (patterned == null) {
            context.reportNotKept(task.id(), "recurrenceRule", anchor == null
                    ? "Microsoft To Do repeats only tasks with a due date" : "Microsoft To Do cannot repeat by this rule");
        } else {
            body.put("recurrence", patterned);
        }
    }
}
