package org.dtp.adapters.microsoft.tasks;

import org.dtp.adapters.microsoft.Fixture;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.Alarm;
import org.dtp.models.calendar.AlarmAction;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class TodoTasksTest {
    private final Fixture f;
    private final TodoTaskExporter exporter;
    private final TodoTaskImporter importer;

    public TodoTasksTest() throws Exception {
        f = new Fixture(2, 1);
        exporter = new TodoTaskExporter(f.connector);
        importer = new TodoTaskImporter(f.connector);
    }

    @After
    public void close() {
        f.close();
    }

    private List<Task> allTasks(TestTransferContext context, String listId) throws Exception {
        List<Task> tasks = new ArrayList<>();
        String next = null;
        do {
            ExportPage<TaskList, Task> page = exporter.export(context, new ExportCursor(listId, next));
            tasks.addAll(page.items());
            next = page.continuation();
        } while (next != null);
        return tasks;
    }

    @Test
    public void exportsListsAndTasksWithTheirFieldsAcrossPages() throws Exception {
        String groceries = f.fake.taskList("Groceries");
        f.fake.taskList("Work");
        f.fake.taskList("Trips");
        f.fake.task(groceries, """
                {"title":"Milk","body":{"content":"2 litres","contentType":"text"},"importance":"high","status":"completed",
                 "dueDateTime":{"dateTime":"2026-12-05T00:00:00.0000000","timeZone":"UTC"},
                 "completedDateTime":{"dateTime":"2026-12-04T17:30:00.0000000","timeZone":"UTC"},
                 "categories":["Shop"],"isReminderOn":true,"reminderDateTime":{"dateTime":"2026-12-04T08:00:00.0000000","timeZone":"UTC"},
                 "recurrence":{"pattern":{"type":"weekly","interval":2,"daysOfWeek":["monday","thursday"],"firstDayOfWeek":"sunday"},
                               "range":{"type":"numbered","startDate":"2026-12-05","numberOfOccurrences":10}}}""");
        f.fake.task(groceries, "{\"title\":\"Bread\",\"status\":\"waitingOnOthers\",\"importance\":\"low\"}");
        f.fake.task(groceries, "{\"title\":\"Eggs\",\"dueDateTime\":{\"dateTime\":\"2026-12-06T09:00:00.0000000\",\"timeZone\":\"Europe/Zurich\"}}");
        TestTransferContext context = f.source();

        ExportPage<TaskList, Task> first = exporter.export(context, ExportCursor.root());
        ExportPage<TaskList, Task> second = exporter.export(context, new ExportCursor(null, first.continuation()));
        assertNull(second.continuation());
        assertEquals(List.of("Groceries", "Work", "Trips"), List.of(first.containers().get(0).name(), first.containers().get(1).name(),
                second.containers().get(0).name()));

        List<Task> tasks = allTasks(context, groceries);
        assertEquals(List.of("Milk", "Bread", "Eggs"), tasks.stream().map(Task::title).toList());
        Task milk = tasks.get(0);
        assertEquals("2 litres", milk.notes());
        assertEquals(TaskStatus.COMPLETED, milk.status());
        assertEquals(Integer.valueOf(1), milk.priority());
        assertEquals("To Do's due is a day", CalendarTime.ofDate(LocalDate.of(2026, 12, 5)), milk.due());
        assertEquals(Instant.parse("2026-12-04T17:30:00Z"), milk.completedAt());
        assertEquals(List.of("Shop"), milk.categories());
        assertEquals(List.of(new Alarm(AlarmAction.DISPLAY, null, null, false, Instant.parse("2026-12-04T08:00:00Z"), null)), milk.alarms());
        assertEquals("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU;COUNT=10", milk.recurrenceRule());
        Task bread = tasks.get(1);
        assertEquals(TaskStatus.IN_PROCESS, bread.status());
        assertEquals(List.of(new ExtendedProperty(TodoTaskExporter.X_STATUS, Map.of(), "waitingOnOthers")), bread.extended());
        assertEquals(Integer.valueOf(9), bread.priority());
        assertEquals(CalendarTime.ofDate(LocalDate.of(2026, 12, 6)), tasks.get(2).due());
    }

    @Test
    public void roundTripKeepsTheFieldsAndAReimportOfTheSameKeyCreatesOneTask() throws Exception {
        String source = f.fake.taskList("Groceries");
        f.fake.task(source, """
                {"title":"Milk","body":{"content":"<b>2</b> litres","contentType":"html"},"importance":"high","status":"deferred",
                 "dueDateTime":{"dateTime":"2026-12-05T00:00:00.0000000","timeZone":"UTC"},"categories":["Shop","Weekly"],
                 "recurrence":{"pattern":{"type":"relativeMonthly","interval":1,"daysOfWeek":["friday"],"index":"last"},
                               "range":{"type":"endDate","startDate":"2026-12-05","endDate":"2027-06-30"}}}""");
        f.fake.task(source, "{\"title\":\"Bread\"}");
        TestTransferContext from = f.source();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));

        TaskList list = exporter.export(from, ExportCursor.root()).containers().get(0);
        String copy = importer.importContainer(into, "list", new TaskList(list.id(), "Groceries (copy)"), null);
        assertEquals("found by name the second time", copy, importer.importContainer(into, "list",
                new TaskList(list.id(), "Groceries (copy)"), null));
        List<Task> exported = allTasks(from, source);
        for (Task task : exported) {
            importer.importItem(into, "task:" + task.id(), task, copy);
        }
        // a retry after a crash: a fresh importer (nothing cached) and the same keys
        TodoTaskImporter afterCrash = new TodoTaskImporter(f.connector);
        for (Task task : exported) {
            afterCrash.importItem(into, "task:" + task.id(), task, copy);
        }
        List<ObjectNode> stored = f.fake.tasks(copy);
        assertEquals(2, stored.size());

        List<Task> again = allTasks(from, copy);
        Task original = exported.get(0);
        Task copied = again.get(0);
        assertEquals(original.title(), copied.title());
        assertEquals(original.notes(), copied.notes());
        assertEquals(original.status(), copied.status());
        assertEquals(original.priority(), copied.priority());
        assertEquals(original.due(), copied.due());
        assertEquals(original.categories(), copied.categories());
        assertEquals("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;UNTIL=20270630", copied.recurrenceRule());
        assertEquals(original.recurrenceRule(), copied.recurrenceRule());
        assertEquals(original.extended(), copied.extended());
        assertEquals("deferred", stored.get(0).path("status").asText());
        assertEquals("html", stored.get(0).path("body").path("contentType").asText());
        assertTrue(into.notKept().isEmpty());
    }

    @Test
    public void whatToDoCannotHoldIsReported() throws Exception {
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        String list = importer.importContainer(into, "l", new TaskList("l", "Work"), null);
        Task task = Task.builder()
                .id("t1")
                .uid("uid-1")
                .title("Plan")
                .status(TaskStatus.CANCELLED)
                .priority(3)
                .percentComplete(40)
                .parentId("t0")
                .position("0001")
                .recurrenceRule("FREQ=HOURLY")
                .alarms(List.of(new Alarm(AlarmAction.DISPLAY, null, "-PT15M", false, null, null)))
                .extended(List.of(new ExtendedProperty("X-APPLE-SORT-ORDER", Map.of(), "5")))
                .build();
        importer.importItem(into, "t1", task, list);
        assertEquals(List.of("status", "priority", "recurrenceRule", "alarms[0]", "percentComplete", "parentId", "position",
                "extended[0]"), into.notKept().stream().map(TestImportContext.NotKept::field).toList());
        ObjectNode stored = f.fake.tasks(list).get(0);
        assertEquals("notStarted", stored.path("status").asText());
        assertEquals("the UID comes back from its linked resource", "uid-1", allTasks(f.source(), list).get(0).uid());
        assertEquals("high", stored.path("importance").asText());
    }

    /** A Lotus Notes to-do's due and start dates with a TZID (DUE;TZID="Eastern";VALUE=DATE, as lotus-notes-9.ics writes its dates). */
    @Test
    public void aDueDatesTzidIsReported() throws Exception {
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        String list = importer.importContainer(into, "l", new TaskList("l", "Work"), null);
        importer.importItem(into, "t1", Task.builder().id("t1").uid("uid-1").title("File the report")
                .due(CalendarTime.ofDate(LocalDate.parse("2023-10-10"), "Eastern"))
                .start(CalendarTime.ofDate(LocalDate.parse("2023-10-09"), "Eastern")).build(), list);

        assertEquals(List.of("due Microsoft To Do keeps the due day only", "start Microsoft To Do keeps the start day only"),
                into.notKept().stream().filter(n -> n.field().equals("due") || n.field().equals("start"))
                        .map(n -> n.field() + " " + n.reason()).toList());
    }
}
