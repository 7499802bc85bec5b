package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Takeout's Tasks: Tasks.json in the Google Tasks API's shapes (see the test README). */
public class TakeoutTasksExporterTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** Two lists as Takeout writes them: the API's tasklists resources, each with its tasks resources under "items". */
    static final String TASKS_JSON = """
            {
              "kind": "tasks#taskLists",
              "items": [
                {
                  "kind": "tasks#taskList",
                  "id": "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA6MDow",
                  "title": "My Tasks",
                  "updated": "2024-03-02T10:00:00.000Z",
                  "items": [
                    {
                      "kind": "tasks#task",
                      "id": "dGFzazE",
                      "title": "Renew passport",
                      "notes": "Bring two photos",
                      "status": "needsAction",
                      "due": "2024-04-01T00:00:00.000Z",
                      "updated": "2024-03-02T10:00:00.000Z",
                      "position": "00000000000000000000",
                      "selfLink": "https://www.googleapis.com/tasks/v1/lists/MTIz/tasks/dGFzazE",
                      "links": [{"type": "email", "description": "Passport appointment", "link": "https://mail.google.com/mail/#all/18e0"}]
                    },
                    {
                      "kind": "tasks#task",
                      "id": "dGFzazI",
                      "title": "Photos of 5x5 cm",
                      "parent": "dGFzazE",
                      "status": "completed",
                      "completed": "2024-03-03T08:15:00.000Z",
                      "hidden": true,
                      "position": "00000000000000000000",
                      "updated": "2024-03-03T08:15:00.000Z"
                    },
                    {
                      "kind": "tasks#task",
                      "id": "dGFzazM",
                      "title": "Deleted one",
                      "status": "needsAction",
                      "deleted": true,
                      "updated": "2024-03-03T08:15:00.000Z"
                    }
                  ]
                },
                {
                  "kind": "tasks#taskList",
                  "id": "c2hvcHBpbmc",
                  "title": "Shopping",
                  "updated": "2024-03-02T10:00:00.000Z",
                  "items": []
                }
              ]
            }
            """;

    @Test
    public void eachListIsATaskListOfItsTasksDeletedOnesLeftOut() throws Exception {
        Path zip = new TestArchive().add("Takeout/Tasks/Tasks.json", TASKS_JSON).writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip));
        ExportWalk<TaskList, Task> walk = ExportWalk.of(new TakeoutTasksExporter(Takeout.settings(1)), context);
        assertEquals(List.of("My Tasks", "Shopping"), walk.containers().stream().map(TaskList::name).toList());
        List<Task> tasks = walk.items().get("MTIzNDU2Nzg5MDEyMzQ1Njc4OTA6MDow");
        assertEquals(List.of("Renew passport", "Photos of 5x5 cm"), tasks.stream().map(Task::title).toList());
        Task passport = tasks.get(0);
        assertEquals("Bring two photos", passport.notes());
        assertEquals(LocalDate.of(2024, 4, 1), passport.due().date());
        assertEquals(TaskStatus.NEEDS_ACTION, passport.status());
        Task photos = tasks.get(1);
        assertEquals(TaskStatus.COMPLETED, photos.status());
        assertEquals(Instant.parse("2024-03-03T08:15:00Z"), photos.completedAt());
        assertEquals("dGFzazE", photos.parentId());
        assertTrue(walk.items().get("c2hvcHBpbmc").isEmpty());
        assertEquals(List.of("dGFzazE:links"), context.notKept().stream().map(n -> n.sourceId() + ":" + n.field()).toList());
    }

    @Test
    public void aTasksFileThatIsNoJsonIsReportedUnreadable() throws Exception {
        Path zip = new TestArchive().add("Takeout/Tasks/Tasks.json", "{\"items\": [").writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        ExportWalk<TaskList, Task> walk = ExportWalk.of(new TakeoutTasksExporter(Takeout.settings(10)),
                new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)));
        assertTrue(walk.containers().isEmpty());
        assertEquals(List.of("Takeout/Tasks/Tasks.json"), walk.rejected().stream().map(r -> r.sourceId()).toList());
    }
}
