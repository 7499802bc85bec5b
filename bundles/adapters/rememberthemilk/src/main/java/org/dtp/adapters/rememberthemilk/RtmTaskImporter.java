package org.dtp.adapters.rememberthemilk;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.rememberthemilk.RtmConnector.Account;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Imports task lists and tasks into Remember The Milk. A list becomes the user's list of the same name (rtm.lists.add
 * when there is none); a task is added with rtm.tasks.add ({@code parse=0}, under its parent's copy when it is a
 * sub-task), tagged with its {@link TaskTags}, then given its due date, priority, completion, note, tags and URL. A
 * retry finds the task by its key tag (rtm.tasks.getList with {@code filter=tag:...}) and sets only what is still
 * missing, so nothing is added twice. Every write carries a timeline (rtm.timelines.create).
 */
@Component(
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=rememberthemilk",
                AdapterProperties.PROVIDER_NAME + "=Remember The Milk",
                AdapterProperties.VERTICAL + "=TASKS"})
public final class RtmTaskImporter implements Importer<TaskList, Task> {
    private final RtmConnector connector;

    @Activate
    public RtmTaskImporter(@Reference RtmConnector connector) {
        this.connector = connector;
    }

    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return connector.accountId(context);
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    /** The user's list of that name (RTM list names are what users tell lists by), made when there is none. */
    @Override
    public synchronized String importContainer(ImportContext context, String idempotencyKey, TaskList list, String parentId)
            throws AdapterException {
        Account account = connector.account(context.endpoint());
        String name = list.name().isBlank() ? list.id() : list.name().strip();
        for (JsonNode l : RtmApi.many(account.api().call("rtm.lists.getList", false).path("lists").path("list"))) {
            if (name.equals(l.path("name").asText()) && !"1".equals(l.path("deleted").asText()) && !"1".equals(l.path("smart").asText())) {
                return l.path("id").asText();
            }
        }
        JsonNode made = account.api().call("rtm.lists.add", false, "timeline", connector.timeline(account), "name", name);
        String id = made.path("list").path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Remember The Milk answered rtm.lists.add without the list's id");
        }
        return id;
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Task task, String containerId) throws AdapterException {
        if (containerId == null) {
            containerId = importContainer(context, "inbox", new TaskList("Inbox", "Inbox"), null);
        }
        Account account = connector.account(context.endpoint());
        String keyTag = TaskTags.key(context.jobId(), idempotencyKey);
        List<String> wantedTags = new ArrayList<>(List.of(keyTag, TaskTags.source(context.jobId(), task.id())));
        for (String category : task.categories()) {
            wantedTags.add(category.replace(',', '-').strip().toLowerCase(Locale.ROOT));
        }
        RtmTask copy = tagged(account, containerId, keyTag).orElse(null);
        if (copy == null) {
            String parent = task.parentId() == null ? null : parentCopy(context, account, containerId, task);
            String name = task.title() == null || task.title().isBlank() ? "(no title)" : task.title();
            JsonNode added = account.api().call("rtm.tasks.add", true, "timeline", connector.timeline(account), "list_id", containerId,
                    "name", name, "parse", 0, "parent_task_id", parent);
            List<RtmTask> made = RtmTask.ofList(added.path("list"));
            if (made.isEmpty()) {
                throw new AdapterException("Remember The Milk answered rtm.tasks.add without the task");
            }
            copy = made.get(0);
        }
        converge(context, account, task, copy, wantedTags);
        return copy.listId() + "/" + copy.seriesId() + "/" + copy.taskId();
    }

    /** Sets on the copy what it does not have yet: tags first (the key tag makes it findable), then the rest. */
    private void converge(ImportContext context, Account account, Task task, RtmTask copy, List<String> wantedTags) throws AdapterException {
        Object[] ids = {"list_id", copy.listId(), "taskseries_id", copy.seriesId(), "task_id", copy.taskId()};
        List<String> missing = wantedTags.stream().filter(t -> !t.isEmpty() && copy.tags().stream().noneMatch(t::equalsIgnoreCase))
                .distinct().toList();
        if (!missing.isEmpty()) {
            write(account, "rtm.tasks.addTags", ids, "tags", String.join(",", missing));
        }
        ZoneId zone = connector.zone(account);
        Due due = due(task.due(), zone);
        Instant had = copy.due().isEmpty() ? null : Instant.parse(copy.due());
        if (due != null && (!due.at().equals(had) || due.hasTime() != copy.hasDueTime())) {
            write(account, "rtm.tasks.setDueDate", ids, "due", due.text(), "has_due_time", due.hasTime() ? 1 : 0, "parse", due.hasTime() ? 0 : 1);
        }
        String priority = priority(task.priority());
        if (!priority.equals(copy.priority())) {
            write(account, "rtm.tasks.setPriority", ids, "priority", priority);
        }
        if ((task.status() == TaskStatus.COMPLETED || task.status() == TaskStatus.CANCELLED) && copy.completed().isEmpty()) {
            write(account, "rtm.tasks.complete", ids);
        }
        if (task.notes() != null && !task.notes().isBlank() && copy.notes().stream().noneMatch(n -> n.text().equals(task.notes()))) {
            write(account, "rtm.tasks.notes.add", ids, "note_title", "", "note_text", task.notes());
        }
        for (int i = 0; i < task.extended().size(); i++) {
            ExtendedProperty p = task.extended().get(i);
            if ("URL".equalsIgnoreCase(p.name())) {
                if (!p.value().equals(copy.url())) {
                    write(account, "rtm.tasks.setURL", ids, "url", p.value());
                }
            } else {
                context.reportNotKept(task.id(), "extended[" + i + "]", "Remember The Milk keeps no field " + p.name());
            }
        }
        notKept(context, task);
    }

    private static void notKept(ImportContext context, Task task) {
        if (task.status() == null) {
            context.reportNotKept(task.id(), "status", "a Remember The Milk task is always incomplete or completed; it is incomplete");
        } else if (task.status() == TaskStatus.CANCELLED) {
            context.reportNotKept(task.id(), "status", "Remember The Milk has no cancelled state; the task is completed");
        } else if (task.status() == TaskStatus.IN_PROCESS) {
            context.reportNotKept(task.id(), "status", "Remember The Milk has no in-process state");
        }
        if (task.priority() != null && !List.of(0, 1, 5, 9).contains(task.priority())) {
            String keptAs = switch (priority(task.priority())) {
                case "1" -> "high (1)";
                case "2" -> "medium (5)";
                default -> "low (9)";
            };
            context.reportNotKept(task.id(), "priority", "Remember The Milk has three priorities; " + task.priority() + " is kept as " + keptAs);
        }
        if (task.due() != null && task.due().utc() == null && (task.due().date() == null || task.due().timeZoneId() != null)) {
            context.reportNotKept(task.id(), "due", task.due().date() == null
                    ? "Remember The Milk keeps a due time as an instant, without its time zone"
                    : "TZID=" + task.due().timeZoneId() + " on the due date not kept: Remember The Milk keeps the day only");
        }
        if (task.completedAt() != null) {
            context.reportNotKept(task.id(), "completedAt", "Remember The Milk records the time of the import as the completion time");
        }
        if (task.start() != null) {
            context.reportNotKept(task.id(), "start", "not set by this importer");
        }
        if (task.percentComplete() != null) {
            context.reportNotKept(task.id(), "percentComplete", "Remember The Milk keeps no percentage");
        }
        if (task.recurrenceRule() != null) {
            context.reportNotKept(task.id(), "recurrenceRule", "Remember The Milk's repeat takes its own phrases, not an RRULE");
        }
        if (!task.alarms().isEmpty()) {
            context.reportNotKept(task.id(), "alarms", "Remember The Milk's reminders are per account, not per task");
        }
        if (task.uid() != null) {
            context.reportNotKept(task.id(), "uid", "Remember The Milk makes its own ids");
        }
        if (task.position() != null) {
            context.reportNotKept(task.id(), "position", "Remember The Milk orders tasks itself");
        }
    }

    private void write(Account account, String method, Object[] ids, Object... more) throws AdapterException {
        Object[] params = new Object[2 + ids.length + more.length];
        params[0] = "timeline";
        params[1] = connector.timeline(account);
        System.arraycopy(ids, 0, params, 2, ids.length);
        System.arraycopy(more, 0, params, 2 + ids.length, more.length);
        account.api().call(method, true, params);
    }

    /** The task of {@code listId} carrying {@code tag}, if an earlier attempt made it. */
    private static Optional<RtmTask> tagged(Account account, String listId, String tag) throws AdapterException {
        return RtmTask.all(account.api().call("rtm.tasks.getList", true, "list_id", listId, "filter", "tag:" + tag)).stream()
                .filter(t -> !t.deleted() && t.tags().stream().anyMatch(tag::equalsIgnoreCase)).findFirst();
    }

    private static String parentCopy(ImportContext context, Account account, String listId, Task task) throws AdapterException {
        Optional<RtmTask> parent = tagged(account, listId, TaskTags.source(context.jobId(), task.parentId()));
        if (parent.isEmpty()) {
            context.reportNotKept(task.id(), "parentId", "its parent task was not imported into the same list before it");
            return null;
        }
        return parent.get().taskId();
    }

    /** A due date as rtm.tasks.setDueDate takes it: an ISO 8601 instant with a time, else the day (parsed in the user's zone). */
    record Due(String text, boolean hasTime, Instant at) {
    }

    static Due due(CalendarTime time, ZoneId zone) {
        if (time == null) {
            return null;
        }
        if (time.date() != null) {
            return new Due(time.date().toString(), false, time.date().atStartOfDay(zone).toInstant());
        }
        Instant at = time.utc() != null ? time.utc()
                : time.dateTime().atZone(time.timeZoneId() == null ? zone : zoneOr(time.timeZoneId(), zone)).toInstant();
        return new Due(at.toString(), true, at);
    }

    private static ZoneId zoneOr(String id, ZoneId otherwise) {
        try {
            return ZoneId.of(id);
        } catch (java.time.DateTimeException e) {
            return otherwise;
        }
    }

    /** iCalendar 1-4 high, 5 medium, 6-9 low (RFC 5545 §3.8.1.9) as RTM's 1, 2, 3; 0 or none as N. */
    static String priority(Integer priority) {
        if (priority == null || priority == 0) {
            return "N";
        }
        return priority < 5 ? "1" : priority == 5 ? "2" : "3";
    }

    @Override
    public String toString() {
        return "RtmTaskImporter[" + Objects.toString(connector.settings()) + "]";
    }
}
