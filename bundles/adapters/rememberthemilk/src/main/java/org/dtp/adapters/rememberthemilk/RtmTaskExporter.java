package org.dtp.adapters.rememberthemilk;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.rememberthemilk.RtmConnector.Account;
import org.dtp.models.ExtendedProperty;
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
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports a Remember The Milk user's lists (rtm.lists.getList; not smart lists, which are saved searches over the
 * others, nor deleted ones) and their tasks (rtm.tasks.getList with list_id; deleted tasks left out). RTM does not
 * page tasks: each page reads the list and gives {@code pageSize} tasks from the offset in the continuation, parents
 * before their sub-tasks. Nothing at RTM is changed.
 */
@Component(
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=rememberthemilk",
                AdapterProperties.PROVIDER_NAME + "=Remember The Milk",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class RtmTaskExporter implements Exporter<TaskList, Task> {
    private final RtmConnector connector;

    @Activate
    public RtmTaskExporter(@Reference RtmConnector connector) {
        this.connector = connector;
    }

    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return connector.accountId(context);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public ExportPage<TaskList, Task> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Account account = connector.account(context.endpoint());
        if (cursor.isRoot()) {
            List<TaskList> lists = new ArrayList<>();
            for (JsonNode list : RtmApi.many(account.api().call("rtm.lists.getList", false).path("lists").path("list"))) {
                if (!"1".equals(list.path("deleted").asText()) && !"1".equals(list.path("smart").asText())) {
                    lists.add(new TaskList(list.path("id").asText(), list.path("name").asText(list.path("id").asText())));
                }
            }
            return new ExportPage<>(lists, List.of(), null);
        }
        int offset = offsetOf(cursor.continuation());
        List<RtmTask> tasks = new ArrayList<>(RtmTask.all(account.api().call("rtm.tasks.getList", false, "list_id", cursor.containerId())));
        tasks.removeIf(RtmTask::deleted);
        Map<String, RtmTask> byId = new HashMap<>();
        tasks.forEach(t -> byId.put(t.taskId(), t));
        tasks.sort(Comparator.<RtmTask>comparingInt(t -> depth(t, byId)).thenComparing(RtmTask::seriesId).thenComparing(RtmTask::taskId));
        ZoneId zone = connector.zone(account);
        List<Task> page = new ArrayList<>();
        int end = Math.min(tasks.size(), offset + connector.settings().pageSize());
        for (RtmTask t : tasks.subList(Math.min(offset, tasks.size()), end)) {
            page.add(task(t, zone));
        }
        return new ExportPage<>(List.of(), page, end < tasks.size() ? String.valueOf(end) : null);
    }

    /** Tasks have no media. */
    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new AdapterException("Remember The Milk tasks have no media");
    }

    private static int depth(RtmTask task, Map<String, RtmTask> byId) {
        int depth = 0;
        for (RtmTask t = task; !t.parentTaskId().isEmpty() && byId.containsKey(t.parentTaskId()) && depth < 100; t = byId.get(t.parentTaskId())) {
            depth++;
        }
        return depth;
    }

    static Task task(RtmTask t, ZoneId zone) {
        StringBuilder notes = new StringBuilder();
        for (RtmTask.Note n : t.notes()) {
            if (notes.length() > 0) {
                notes.append("\n\n");
            }
            notes.append(n.title().isEmpty() ? n.text() : n.title() + "\n" + n.text());
        }
        Instant completed = instant(t.completed());
        List<ExtendedProperty> extended = t.url().isEmpty() ? List.of() : List.of(new ExtendedProperty("URL", Map.of(), t.url()));
        return Task.builder()
                .id(t.taskId())
                .title(t.name())
                .notes(notes.length() == 0 ? null : notes.toString())
                .status(completed != null ? TaskStatus.COMPLETED : TaskStatus.NEEDS_ACTION)
                .due(due(t, zone))
                .completedAt(completed)
                .priority(priority(t.priority()))
                .parentId(t.parentTaskId().isEmpty() ? null : t.parentTaskId())
                .categories(t.tags().stream().filter(tag -> !TaskTags.isMarker(tag)).toList())
                .recurrenceRule(t.rrule().isEmpty() ? null : t.rrule())
                .extended(extended)
                .build();
    }

    /** RTM's due is an instant; without a time it is midnight of the day in the user's zone. */
    private static CalendarTime due(RtmTask t, ZoneId zone) {
        Instant due = instant(t.due());
        if (due == null) {
            return null;
        }
        return t.hasDueTime() ? CalendarTime.ofUtc(due) : CalendarTime.ofDate(due.atZone(zone).toLocalDate());
    }

    /** RTM's priorities 1 (high), 2, 3 (low), N (none) as iCalendar's 1, 5, 9 (RFC 5545 §3.8.1.9: high, medium, low). */
    private static Integer priority(String rtm) {
        return switch (rtm) {
            case "1" -> 1;
            case "2" -> 5;
            case "3" -> 9;
            default -> null;
        };
    }

    private static Instant instant(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static int offsetOf(String continuation) throws AdapterException {
        if (continuation == null) {
            return 0;
        }
        try {
            int offset = Integer.parseInt(continuation);
            if (offset < 0) {
                throw new NumberFormatException();
            }
            return offset;
        } catch (NumberFormatException e) {
            throw new AdapterException("'" + continuation + "' is not a continuation of the Remember The Milk exporter");
        }
    }
}
