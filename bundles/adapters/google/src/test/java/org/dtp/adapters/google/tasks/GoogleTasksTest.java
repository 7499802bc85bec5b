package org.dtp.adapters.google.tasks;

import org.dtp.adapters.google.Fixture;
import org.dtp.adapters.google.GoogleConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.core.testing.TestEngine;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class GoogleTasksTest {
    private Fixture f;
    private String groceries;

    @Before
    public void setUp() throws Exception {
        f = new Fixture(2);
        groceries = f.fake.addTaskList("Groceries");
        f.fake.addTaskList("Work");
        String market = f.fake.addTask(groceries, null, "{\"title\": \"Market\", \"notes\": \"Saturday\\nearly\", \"due\": \"2024-06-01T00:00:00.000Z\"}");
        f.fake.addTask(groceries, market, "{\"title\": \"Apples\"}");
        f.fake.addTask(groceries, market, "{\"title\": \"Bread\", \"status\": \"completed\", \"completed\": \"2024-05-30T08:00:00.000Z\"}");
        f.fake.addTask(groceries, null, "{\"title\": \"Milk\"}");
        f.fake.addTask(groceries, null, "{\"title\": \"Old\", \"status\": \"completed\", \"completed\": \"2024-01-01T08:00:00.000Z\", \"hidden\": true}");
    }

    @After
    public void tearDown() {
        f.close();
    }

    /** Each list's tasks as "parent title > title | notes | status | due | completed", in order. */
    private static Map<String, List<String>> outline(GoogleTasksExporter exporter, org.dtp.spi.TransferContext context) throws Exception {
        Map<String, List<Task>> tasks = new java.util.LinkedHashMap<>();
        Map<String, String> names = new java.util.HashMap<>();
        List<ExportCursor> todo = new ArrayList<>(List.of(ExportCursor.root()));
        while (!todo.isEmpty()) {
            ExportCursor cursor = todo.remove(0);
            ExportPage<TaskList, Task> page = exporter.export(context, cursor);
            assertTrue(page.rejected().isEmpty());
            for (TaskList l : page.containers()) {
                names.put(l.id(), l.name());
                todo.add(new ExportCursor(l.id(), null));
                tasks.put(l.name(), new ArrayList<>());
            }
            if (cursor.containerId() != null) {
                tasks.get(names.get(cursor.containerId())).addAll(page.items());
            }
            if (!page.isLast()) {
                todo.add(0, new ExportCursor(cursor.containerId(), page.continuation()));
            }
        }
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        tasks.forEach((list, items) -> {
            Map<String, String> titles = items.stream().collect(Collectors.toMap(Task::id, t -> String.valueOf(t.title())));
            // siblings sort by position as text, as the model says
            out.put(list, items.stream().sorted(java.util.Comparator.comparing((Task t) -> t.parentId() == null ? t.position()
                            : items.stream().filter(p -> p.id().equals(t.parentId())).findFirst().orElseThrow().position() + "/" + t.position()))
                    .map(t -> (t.parentId() == null ? "" : titles.get(t.parentId()) + " > ") + t.title() + " | " + t.notes() + " | "
                            + t.status() + " | " + t.due() + " | " + t.completedAt()).toList());
        });
        return out;
    }

    @Test
    public void listsAndTasksExportAcrossPagesWithSubTasksOrderStatusAndDates() throws Exception {
        Map<String, List<String>> outline = outline(new GoogleTasksExporter(f.connector()), f.source());

        assertEquals(List.of("Groceries", "Work"), List.copyOf(outline.keySet()));
        assertEquals(List.of(
                "Market | Saturday\nearly | NEEDS_ACTION | " + CalendarTime.ofDate(LocalDate.parse("2024-06-01")) + " | null",
                "Market > Apples | null | NEEDS_ACTION | null | null",
                "Market > Bread | null | COMPLETED | null | 2024-05-30T08:00:00Z",
                "Milk | null | NEEDS_ACTION | null | null",
                "Old | null | COMPLETED | null | 2024-01-01T08:00:00Z"), outline.get("Groceries"));
        assertEquals(List.of(), outline.get("Work"));
    }

    @Test
    public void tasksTransferThroughTheEngineKeepingHierarchyAndOrder() throws Exception {
        try (Fixture to = new Fixture(2); TestEngine engine = new TestEngine()) {
            engine.exporter(GoogleConnector.PROVIDER, Vertical.TASKS, new GoogleTasksExporter(f.connector()))
                    .importer(GoogleConnector.PROVIDER, Vertical.TASKS, new GoogleTasksImporter(to.connector()));
            to.fake.atRequest(5, to.fake::expireAccessTokens);
            f.fake.atRequest(3, () -> f.fake.throttleNext(1, 1));

            TransferJob job = engine.run(Vertical.TASKS, f.endpoint(), to.endpoint());

            assertEquals(engine.details(job.id()).errors().toString(), JobState.COMPLETED, job.state());
            assertEquals(outline(new GoogleTasksExporter(f.connector()), f.source()),
                    outline(new GoogleTasksExporter(to.connector()), to.source()));
            assertEquals(1, to.fake.refreshes());
            assertEquals(1, f.fake.throttled());
        }
    }

    @Test
    public void theSameTaskTwiceIsOneTaskAndWhatGoogleCannotHoldIsReported() throws Exception {
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        GoogleTasksImporter importer = new GoogleTasksImporter(f.connector());
        String list = importer.importContainer(context, "c:home", new TaskList("home", "Home"), null);
        Task task = Task.builder()
                .id("t1")
                .uid("uid-1")
                .title("Paint")
                .notes("the fence")
                .status(TaskStatus.IN_PROCESS)
                .due(CalendarTime.ofZoned(LocalDateTime.parse("2024-07-01T17:00"), "Europe/Berlin"))
                .priority(1)
                .percentComplete(50)
                .categories(List.of("home"))
                .build();

        String first = importer.importItem(context, "i:t1", task, list);
        String again = new GoogleTasksImporter(f.connector()).importItem(context, "i:t1", task, list);

        assertEquals(first, again);
        List<JsonNode> stored = f.fake.tasksOf(list);
        assertEquals(1, stored.size());
        assertEquals("2024-07-01T00:00:00.000Z", stored.get(0).path("due").asText());
        assertTrue(stored.get(0).path("notes").asText().startsWith("the fence\ndtp:"));
        assertEquals(list, new GoogleTasksImporter(f.connector()).importContainer(context, "c:home", new TaskList("home", "Home"), null));
        assertEquals(List.of("status", "due", "priority", "percentComplete", "categories"),
                context.notKept().stream().map(TestImportContext.NotKept::field).distinct().toList());
        // A sub-task whose parent is not there goes to the top level, reported.
        String orphan = importer.importItem(context, "i:t2", Task.builder()
                .id("t2")
                .title("Buy paint")
                .parentId("missing")
                .build(), list);
        assertNull(f.fake.tasksOf(list).stream().filter(t -> t.path("id").asText().equals(orphan)).findFirst().orElseThrow()
                .path("parent").asText(null));
        assertTrue(context.notKept().stream().anyMatch(n -> n.sourceId().equals("t2") && n.field().equals("parentId")));
    }

    @Test
    public void aTaskKeepsItsUidOnTheNotesLastLineAndAUidOfSeveralLinesIsReported() throws Exception {
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        GoogleTasksImporter importer = new GoogleTasksImporter(f.connector());
        String list = importer.importContainer(context, "c:home", new TaskList("home", "Home"), null);
        importer.importItem(context, "i:t1", Task.builder()
                .id("t1")
                .uid("uid-1@example.org")
                .title("Paint")
                .notes("the fence")
                .build(), list);
        importer.importItem(context, "i:t2", Task.builder().id("t2").uid("two\nlines").title("Sand").build(), list);

        List<Task> back = new GoogleTasksExporter(f.connector()).export(f.source(), new ExportCursor(list, null)).items();
        assertEquals(List.of("Paint uid-1@example.org the fence", "Sand null null"),
                back.stream().map(t -> t.title() + " " + t.uid() + " " + t.notes()).toList());
        assertEquals(List.of("t2 uid"), context.notKept().stream().map(n -> n.sourceId() + " " + n.field()).toList());
    }

    /** A Lotus Notes to-do's due date with a TZID (DUE;TZID="Eastern";VALUE=DATE, as lotus-notes-9.ics writes its dates). */
    @Test
    public void aDueDatesTzidIsReported() throws Exception {
        TestImportContext context = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        GoogleTasksImporter importer = new GoogleTasksImporter(f.connector());
        String list = importer.importContainer(context, "c:home", new TaskList("home", "Home"), null);
        importer.importItem(context, "i:t1", Task.builder().id("t1").title("File the report")
                .due(CalendarTime.ofDate(LocalDate.parse("2023-10-10"), "Eastern")).build(), list);

        assertEquals(List.of("t1 due"), context.notKept().stream().map(n -> n.sourceId() + " " + n.field()).toList());
    }
}
