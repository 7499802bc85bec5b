package org.dtp.adapters.microsoft.tasks;

import org.dtp.adapters.microsoft.ExportPages;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import org.dtp.adapters.microsoft.Recurrences;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Exports Microsoft To Do: the root's pages are the user's task lists ({@code GET /me/todo/lists}), a list's pages its
 * tasks ({@code GET /me/todo/lists/{id}/tasks}), both with {@code $top} and {@code @odata.nextLink}. Nothing is changed.
 */
@Component(
        name = "org.dtp.adapters.microsoft.TodoTaskExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft To Do",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class TodoTaskExporter extends GraphComponent implements Exporter<TaskList, Task> {
    /** Extended properties that keep what the canonical model has no field for. */
    static final String X_STATUS = "X-MS-TODO-STATUS";
    static final String X_BODY_TYPE = "X-MS-TODO-BODY-CONTENT-TYPE";
    /** A recurrence RRULE cannot say, as Graph's JSON. */
    static final String X_RECURRENCE = "X-MS-TODO-RECURRENCE";

    @Activate
    public TodoTaskExporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        GraphApi api = connector.api(context);
        if (cursor.isRoot()) {
            return ExportPages.containers(api.page("/me/todo/lists", cursor.continuation()), list -> list.path("id").isTextual()
                    ? new TaskList(list.path("id").asText(), list.path("displayName").asText(list.path("id").asText())) : null);
        }
        GraphApi.Page page = api.page("/me/todo/lists/" + GraphApi.id(cursor.containerId()) + "/tasks?$expand=linkedResources",
                cursor.continuation());
        List<Task> tasks = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode task : page.values()) {
            String id = task.path("id").asText("");
            if (id.isEmpty()) {
                rejected.add(new ExportPage.Rejected("(no id)", "Microsoft To Do listed a task without an id"));
                continue;
            }
            try {
                tasks.add(task(task));
            } catch (IllegalArgumentException e) {
                rejected.add(new ExportPage.Rejected(id, "the task cannot be read: " + e.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), tasks, page.nextLink(), rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("Microsoft To Do tasks have no media");
    }

    private static Task task(JsonNode t) {
        String status = t.path("status").asText("notStarted");
        List<ExtendedProperty> extended = new ArrayList<>();
        if (status.equals("waitingOnOthers") || status.equals("deferred")) {
            extended.add(new ExtendedProperty(X_STATUS, Map.of(), status));
        }
        JsonNode body = t.path("body");
        String notes = body.path("content").asText("");
        if (!notes.isBlank() && "html".equalsIgnoreCase(body.path("contentType").asText("text"))) {
            extended.add(new ExtendedProperty(X_BODY_TYPE, Map.of(), "html"));
        }
        String rrule = t.path("recurrence").isObject() ? Recurrences.rrule(t.path("recurrence")) : null;
        if (t.path("recurrence").isObject() && rrule == null) {
            extended.add(new ExtendedProperty(X_RECURRENCE, Map.of(), t.path("recurrence").toString()));
        }
        List<String> categories = new ArrayList<>();
        t.path("categories").forEach(c -> categories.add(c.asText()));
        List<Alarm> alarms = new ArrayList<>();
        Instant reminder = GraphTimes.instant(t.path("reminderDateTime"));
        if (t.path("isReminderOn").asBoolean(false) && reminder != null) {
            alarms.add(new Alarm(AlarmAction.DISPLAY, null, null, false, reminder, null));
        }
        String uid = null;
        for (JsonNode link : t.path("linkedResources")) {
            if (TodoTaskImporter.UID_APPLICATION.equals(link.path("applicationName").asText()) && link.path("externalId").isTextual()) {
                uid = link.path("externalId").asText();
            }
        }
        return Task.builder()
                .id(t.path("id").asText())
                .uid(uid)
                .title(t.path("title").asText(""))
                .notes(notes.isBlank() ? null : notes)
                .status(switch (status) {
                    case "completed" -> TaskStatus.COMPLETED;
                    case "inProgress", "waitingOnOthers" -> TaskStatus.IN_PROCESS;
                    default -> TaskStatus.NEEDS_ACTION;
                })
                .due(day(t.path("dueDateTime")))
                .start(day(t.path("startDateTime")))
                .completedAt(GraphTimes.instant(t.path("completedDateTime")))
                .priority(switch (t.path("importance").asText("normal")) {
                    case "high" -> 1;
                    case "low" -> 9;
                    default -> 5;
                })
                .categories(categories)
                .recurrenceRule(rrule)
                .alarms(alarms)
                .extended(extended)
                .build();
    }

    /** To Do's due and start are days ("the date in the specified time zone", todoTask's document). */
    private static CalendarTime day(JsonNode dateTimeTimeZone) {
        CalendarTime time = GraphTimes.calendarTime(dateTimeTimeZone);
        return time == null ? null : CalendarTime.ofDate(GraphTimes.dateOf(time));
    }
}
