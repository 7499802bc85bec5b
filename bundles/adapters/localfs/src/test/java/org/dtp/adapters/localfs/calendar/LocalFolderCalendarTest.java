package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskExporter;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskImporter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.testing.Samples;
import org.dtp.models.ModelJson;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.ExportPage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Calendars and task lists as directories of .ics files and as the one-file exports of calendar apps. */
public class LocalFolderCalendarTest {
    private static final ObjectMapper JSON = ModelJson.newObjectMapper();

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static LocalFolderSettings settings(int pageSize) {
        return new LocalFolderSettings(List.of(), pageSize, false);
    }

    /** The models as JSON without their ids (which name where they lie), for comparing two folders' items. */
    static List<ObjectNode> withoutIds(List<?> models) {
        return models.stream().map(m -> {
            ObjectNode node = JSON.valueToTree(m);
            node.remove("id");
            return node;
        }).toList();
    }

    /** A calendar app's export (one file of several series, the override apart) and a directory of .ics files. */
    private Path calendars() throws Exception {
        Path root = temp.newFolder("calendars").toPath();
        Path work = Files.createDirectory(root.resolve("Work"));
        Files.writeString(work.resolve("standup.ics"), Samples.icalendar("weekly-with-exceptions.ics"));
        Files.writeString(work.resolve("outlook.ics"), Samples.icalendar("outlook-2010.ics"));
        String events = Samples.event(1) + Samples.event(2) + Samples.event(3);
        Files.writeString(root.resolve("Home.ics"), events);
        return root;
    }

    @Test
    public void aDirectoryAndAOneFileExportAreCalendarsOfEveryEventWithTheirOverrides() throws Exception {
        var export = Transfers.exportAll(new LocalFolderCalendarExporter(settings(100)), TestContexts.source(calendars()));
        assertEquals(List.of("Home", "Work"), export.containers().stream().map(Calendar::name).toList());
        assertEquals(List.of(), export.rejected());
        assertEquals(List.of("Home.ics#0", "Home.ics#1", "Home.ics#2"), export.items().subList(0, 3).stream().map(CalendarEvent::id).toList());
        List<CalendarEvent> standup = ICalendarFormat.readEvents("Work/standup.ics", Samples.icalendar("weekly-with-exceptions.ics"));
        assertTrue(standup.size() == 2 && standup.get(1).recurrenceId() != null);
        assertEquals(standup, export.items().subList(4, 6));
    }

    @Test
    public void folderToFolderGivesEqualEventsInOneFilePerSeriesAndAReImportDuplicatesNothing() throws Exception {
        Path source = calendars();
        Path destination = temp.newFolder("copy").toPath();
        LocalFolderCalendarExporter exporter = new LocalFolderCalendarExporter(settings(1));
        for (int round = 0; round < 2; round++) {
            TestImportContext ctx = TestContexts.destination(destination, ref -> InputStream.nullInputStream());
            Transfers.copy(exporter, TestContexts.source(source), new LocalFolderCalendarImporter(settings(1)), ctx);
            assertEquals(List.of(), ctx.notKept());
        }
        var before = Transfers.exportAll(exporter, TestContexts.source(source));
        var after = Transfers.exportAll(new LocalFolderCalendarExporter(settings(100)), TestContexts.source(destination));
        assertEquals(withoutIds(before.containers()).size(), after.containers().size());
        assertEquals(withoutIds(before.items()), sortedLike(before.items(), after.items()));
        assertEquals(before.items().size(), after.items().size());
        try (Stream<Path> files = Files.walk(destination.resolve("Work"))) {
            assertEquals(2, files.filter(f -> f.toString().endsWith(".ics")).count()); // the override is in its series' file
        }
        Path seriesFile;
        try (Stream<Path> files = Files.list(destination.resolve("Work"))) {
            seriesFile = files.filter(f -> f.toString().endsWith(".ics")).filter(f -> {
                try {
                    return Files.readString(f).contains("RECURRENCE-ID");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).findFirst().orElseThrow();
        }
        String text = Files.readString(seriesFile);
        assertEquals(List.of("Europe/Berlin"), List.copyOf(ICalendarFormat.vtimezones(text).keySet()));
    }

    /** The destination's items in the order of the source's, by UID and RECURRENCE-ID, without ids. */
    private static List<ObjectNode> sortedLike(List<CalendarEvent> before, List<CalendarEvent> after) {
        return withoutIds(before.stream().map(want -> after.stream()
                .filter(e -> java.util.Objects.equals(e.uid(), want.uid()) && java.util.Objects.equals(e.recurrenceId(), want.recurrenceId()))
                .findFirst().orElseThrow(() -> new AssertionError("not copied: " + want.id()))).toList());
    }

    @Test
    public void malformedObjectsAreRejectedWithWhyAndTheRestExports() throws Exception {
        Path root = temp.newFolder("broken").toPath();
        Path cal = Files.createDirectory(root.resolve("Cal"));
        Files.writeString(cal.resolve("a-good.ics"), Samples.event(4));
        Files.writeString(cal.resolve("b-version.ics"), Samples.event(5).replace("VERSION:2.0", "VERSION:3.0"));
        Files.writeString(cal.resolve("c-cut.ics"), Samples.event(6).substring(0, 120));
        Files.writeString(cal.resolve("d-good.ics"), Samples.event(7));
        var export = Transfers.exportAll(new LocalFolderCalendarExporter(settings(1)), TestContexts.source(root));
        assertEquals(List.of("Event 4", "Event 7"), export.items().stream().map(CalendarEvent::summary).toList());
        assertEquals(List.of("Cal/b-version.ics", "Cal/c-cut.ics"), export.rejected().stream().map(ExportPage.Rejected::sourceId).toList());
        assertTrue(export.rejected().get(0).reason(), export.rejected().get(0).reason().contains("VERSION 3.0"));
    }

    @Test
    public void taskListsRoundTripFolderToFolderWithWhatICalendarCannotSayReported() throws Exception {
        Path source = temp.newFolder("tasks").toPath();
        Files.writeString(source.resolve("Todo.ics"), Samples.icalendar("tasks.ics"));
        Path destination = temp.newFolder("tasks-copy").toPath();
        LocalFolderTaskExporter exporter = new LocalFolderTaskExporter(settings(1));
        TestImportContext ctx = TestContexts.destination(destination, ref -> InputStream.nullInputStream());
        Transfers.copy(exporter, TestContexts.source(source), new LocalFolderTaskImporter(settings(1)), ctx);
        Transfers.copy(exporter, TestContexts.source(source), new LocalFolderTaskImporter(settings(1)), ctx);
        assertEquals(List.of(), ctx.notKept());
        var before = Transfers.exportAll(exporter, TestContexts.source(source));
        var after = Transfers.exportAll(new LocalFolderTaskExporter(settings(1)), TestContexts.source(destination));
        assertEquals(List.of("Todo"), after.containers().stream().map(TaskList::name).toList());
        assertEquals(List.of(), before.rejected());
        assertEquals(1, before.items().size());
        assertEquals(withoutIds(before.items()), withoutIds(after.items()));
        // the calendar exporter does not take the task list an import made for a calendar
        assertEquals(List.of(), Transfers.exportAll(new LocalFolderCalendarExporter(settings(5)), TestContexts.source(destination)).containers());

        Task child = Task.builder()
                .id("t-2")
                .uid("child@example.org")
                .title("Child")
                .parentId("t-1")
                .position("0001")
                .build();
        TestImportContext lossy = TestContexts.destination(destination, ref -> InputStream.nullInputStream());
        new LocalFolderTaskImporter(settings(1)).importItem(lossy, "k-child", child, null);
        assertEquals(List.of("parentId", "position"), lossy.notKept().stream().map(TestImportContext.NotKept::field).toList());
    }
}
