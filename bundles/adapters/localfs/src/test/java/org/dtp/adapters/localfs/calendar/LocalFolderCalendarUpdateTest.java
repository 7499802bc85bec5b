package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskImporter;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.testing.Samples;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.ItemNotUpdatableException;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Events and tasks changed at the source since an earlier transfer copied them, rewritten in their .ics file. */
public class LocalFolderCalendarUpdateTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings settings = new LocalFolderSettings(List.of(), 100, false);

    private static List<Path> icsFiles(Path folder) throws Exception {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.toString().endsWith(".ics")).toList();
        }
    }

    @Test
    public void aChangedMasterAndAChangedOccurrenceAreReplacedInTheirFileAndADeletedFileIsNotUpdatable() throws Exception {
        Path folder = temp.newFolder("destination").toPath();
        TestImportContext ctx = TestContexts.destination(folder, ref -> InputStream.nullInputStream());
        LocalFolderCalendarImporter importer = new LocalFolderCalendarImporter(settings);
        List<CalendarEvent> series = ICalendarFormat.readEvents("standup.ics", Samples.icalendar("weekly-with-exceptions.ics"));
        String calendar = importer.importContainer(ctx, "c:work", new Calendar("work", "Work", null, null, null), null);
        List<String> ids = new ArrayList<>();
        for (CalendarEvent e : series) {
            ids.add(importer.importItem(ctx, "i:" + e.id(), e, calendar));
        }
        Path file = icsFiles(folder).get(0);

        assertEquals(ids.get(0), importer.updateItem(ctx, "i:x", series.get(0).toBuilder().summary("Renamed").build(), calendar, ids.get(0)));
        assertEquals(ids.get(1), importer.updateItem(ctx, "i:y", series.get(1).toBuilder().summary("Moved again").build(), calendar, ids.get(1)));

        assertEquals("one file, rewritten in place", List.of(file), icsFiles(folder));
        List<CalendarEvent> stored = ICalendarFormat.readEvents("f", Files.readString(file));
        assertEquals(List.of("Renamed", "Moved again"), stored.stream().map(CalendarEvent::summary).toList());
        assertEquals(series.get(0).uid(), stored.get(0).uid());
        assertEquals(series.get(1).recurrenceId(), stored.get(1).recurrenceId());

        Files.delete(file);
        assertThrows(ItemNotUpdatableException.class, () -> importer.updateItem(ctx, "i:x", series.get(0), calendar, ids.get(0)));
    }

    @Test
    public void aChangedTaskKeepsItsFileAndUid() throws Exception {
        Path folder = temp.newFolder("tasks").toPath();
        TestImportContext ctx = TestContexts.destination(folder, ref -> InputStream.nullInputStream());
        LocalFolderTaskImporter importer = new LocalFolderTaskImporter(settings);
        // Without a UID of its own: the file's, derived from the first transfer's key, is kept.
        Task task = ICalendarFormat.readTasks("t.ics", Samples.icalendar("tasks.ics")).get(0).toBuilder().uid(null).build();
        String list = importer.importContainer(ctx, "c:todo", new TaskList("todo", "To do"), null);
        String id = importer.importItem(ctx, "i:t", task, list);
        String before = Files.readString(icsFiles(folder).get(0));

        assertEquals(id, importer.updateItem(ctx, "i:other-key", task.toBuilder().title("Renamed").build(), list, id));

        assertEquals(1, icsFiles(folder).size());
        Task stored = ICalendarFormat.readTasks(id, Files.readString(icsFiles(folder).get(0))).get(0);
        assertEquals("Renamed", stored.title());
        assertEquals(ICalendarFormat.readTasks(id, before).get(0).uid(), stored.uid());
        assertTrue(ctx.notKept().stream().noneMatch(n -> n.field().equals("*")));
    }
}
