package org.dtp.adapters.archives.takeout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.ExportPage.Rejected;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

/**
 * Reads Takeout's Tasks: {@code Takeout/Tasks/Tasks.json}, the Google Tasks API's own shapes (developers.google.com/tasks
 * reference: {@code tasklists} and {@code tasks} resources): {@code {"kind": "tasks#taskLists", "items": [a task list
 * with its tasks under "items"]}}. A task keeps its id, title, notes, status, due date (the API keeps only the date),
 * completion time, parent and position; deleted tasks are left out, as the Google Tasks exporter does.
 */
final class TasksCatalog {
    /** The Tasks folder under Takeout/ (English; other languages are not documented by the tools we followed). */
    static final Set<String> FOLDERS = Set.of("Tasks");

    private TasksCatalog() {
    }

    static ProductCatalog<TaskList, Task> read(ArchiveSettings settings, List<Path> parts) throws IOException {
        ProductCatalog.Builder<TaskList, Task> catalog = new ProductCatalog.Builder<>();
        ObjectMapper json = new ObjectMapper();
        ProductFiles.scan(settings, parts, FOLDERS, catalog.rejected(), (file, bytes) -> {
            if (!EntryNames.fileNameOf(file.path()).endsWith(".json")) {
                return;
            }
            String text = ProductFiles.text(file, bytes, catalog.rejected());
            if (text == null) {
                return;
            }
            JsonNode lists;
            try {
                lists = json.readTree(text).path("items");
            } catch (JsonProcessingException e) {
                catalog.rejected().add(new Rejected(file.entry().name(), "not JSON: " + e.getOriginalMessage()));
                return;
            }
            for (JsonNode list : lists) {
                String listId = list.path("id").asText(file.entry().name() + "#" + list.path("title").asText());
                String title = list.path("title").asText("");
                catalog.container(new TaskList(listId, title.isEmpty() ? listId : title));
                for (JsonNode t : list.path("items")) {
                    if (t.path("deleted").asBoolean(false)) {
                        continue;
                    }
                    try {
                        Task task = task(t, listId);
                        catalog.item(listId, task);
                        if (!t.path("links").isEmpty()) {
                            catalog.notKept(task.id(), "links", "the task's links (" + t.path("links").size()
                                    + ", such as the mail it was made from): the task model has no field for them");
                        }
                    } catch (IllegalArgumentException e) {
                        catalog.rejected().add(new Rejected(listId + "/" + t.path("id").asText(), e.getMessage()));
                    }
                }
            }
        });
        return catalog.build();
    }

    private static Task task(JsonNode t, String listId) {
        String id = t.path("id").asText("");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("a task without an id in the list " + listId);
        }
        String title = t.path("title").asText("");
        // The API keeps only the date of a due time ("the time portion is discarded"): an all-day due date.
        CalendarTime due = t.hasNonNull("due") ? CalendarTime.ofDate(time(t.path("due").asText()).toLocalDate()) : null;
        Instant completedAt = t.hasNonNull("completed") ? time(t.path("completed").asText()).toInstant() : null;
        return Task.builder()
                .id(id)
                .title(title.isEmpty() ? null : title)
                .notes(t.path("notes").asText(null))
                .status("completed".equals(t.path("status").asText()) ? TaskStatus.COMPLETED : TaskStatus.NEEDS_ACTION)
                .due(due)
                .completedAt(completedAt)
                .parentId(t.path("parent").asText(null))
                .position(t.path("position").asText(null))
                .build();
    }

    private static OffsetDateTime time(String text) {
        try {
            return OffsetDateTime.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an RFC 3339 time: " + text);
        }
    }
}
