package org.dtp.adapters.google.tasks;

import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.DescriptionMarkers;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;
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
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * Exports a user's Google task lists and tasks. The root's pages are the task lists ({@code GET /users/@me/lists});
 * a list's pages are its tasks ({@code GET /lists/<id>/tasks}, completed and hidden ones included), both following
 * {@code nextPageToken}. A sub-task names its parent ({@code parent}); {@code position} is Google's zero-padded
 * order among siblings, which sorts as text as the model wants. A task this adapter imported has its UID on the
 * notes' last line, after the import's marker ({@link DescriptionMarkers}); other tasks have none. Nothing at Google is changed.
 */
@Component(
        name = "org.dtp.adapters.google.GoogleTasksExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Tasks",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class GoogleTasksExporter extends GoogleComponent implements Exporter<TaskList, Task> {
    @Activate
    public GoogleTasksExporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        TasksApi api = new TasksApi(connector.http(context), connector.settings().tasksBaseUrl(), connector.settings().pageSize());
        if (cursor.isRoot()) {
            return api.lists(cursor.continuation()).asContainers((id, l) -> {
                String title = l.path("title").asText("").strip();
                return new TaskList(id, title.isEmpty() ? id : title);
            });
        }
        return api.tasks(cursor.containerId(), cursor.continuation())
                .asItems(t -> t.path("deleted").asBoolean(false), GoogleTasksExporter::task);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("Google tasks carry no media");
    }

    static Task task(JsonNode t) {
        boolean completed = "completed".equals(t.path("status").asText());
        // Google keeps only the date of a due time ("the time portion is discarded"): an all-day due date.
        CalendarTime due = t.hasNonNull("due") ? CalendarTime.ofDate(offsetTime(t.path("due").asText()).toLocalDate()) : null;
        Instant completedAt = t.hasNonNull("completed") ? offsetTime(t.path("completed").asText()).toInstant() : null;
        String title = t.path("title").asText("");
        String notes = t.path("notes").asText(null);
        return Task.builder()
                .id(t.path("id").asText())
                .uid(DescriptionMarkers.uidIn(notes))
                .title(title.isEmpty() ? null : title)
                .notes(DescriptionMarkers.withoutMarker(notes))
                .status(completed ? TaskStatus.COMPLETED : TaskStatus.NEEDS_ACTION)
                .due(due)
                .completedAt(completedAt)
                .parentId(t.path("parent").asText(null))
                .position(t.path("position").asText(null))
                .build();
    }

    private static OffsetDateTime offsetTime(String text) {
        try {
            return OffsetDateTime.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an RFC 3339 time: " + text);
        }
    }
}
