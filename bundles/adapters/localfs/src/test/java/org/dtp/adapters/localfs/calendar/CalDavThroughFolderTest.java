package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.localfs.Configs;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskExporter;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskImporter;
import org.dtp.adapters.caldav.CalDavConfig;
import org.dtp.adapters.caldav.CalDavConnector;
import org.dtp.adapters.caldav.CalDavEventExporter;
import org.dtp.adapters.caldav.CalDavEventImporter;
import org.dtp.adapters.caldav.CalDavTaskExporter;
import org.dtp.adapters.caldav.CalDavTaskImporter;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.testing.Samples;
import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Backup and restore of calendars and task lists: Radicale (CalDAV) to .ics files in a folder, and the folder to
 * another Radicale account. Recurring events with a changed occurrence, IANA and Outlook time zones, alarms and tasks
 * come back equal, field by field, and nothing is reported as not kept (both ends hold all of it).
 */
public class CalDavThroughFolderTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static final Comparator<CalendarEvent> BY_OCCURRENCE = Comparator.comparing(CalendarEvent::uid)
            .thenComparing(e -> e.recurrenceId() == null ? "" : ICalendarFormat.timeText(e.recurrenceId()));

    private final DavClient client = org.dtp.webdav.testing.Radicale.client();
    private final DavAccount alice = new DavAccount(RADICALE.url(), Radicale.USER, Radicale.PASSWORD);
    private final CalDavConnector connector = new CalDavConnector(Configs.of(CalDavConfig.class, Map.of()), org.dtp.webdav.testing.Radicale.LOOPBACK);
    private final LocalFolderSettings settings = new LocalFolderSettings(List.of(), 1, false);

    private static TransferEndpoint account(String user, String password) {
        return new TransferEndpoint("caldav", Map.of(DavAccount.URL, RADICALE.url().toString(),
                DavAccount.USERNAME, user, DavAccount.PASSWORD, password));
    }

    private URI newCalendar(String name, String component, Map<String, String> files) throws Exception {
        URI href = RADICALE.url().resolve("/alice/" + name + "-" + UUID.randomUUID().toString().substring(0, 8) + "/");
        client.makeCollection(alice, href, DavService.CALDAV, name, null, List.of(component));
        for (var file : files.entrySet()) {
            client.put(alice, href.resolve(file.getKey()), file.getValue(), DavService.CALDAV.contentType(), null);
        }
        return href;
    }

    @Test
    public void eventsWithChangedOccurrencesAndTimeZonesComeBackFieldByField() throws Exception {
        newCalendar("Work", "VEVENT", Map.of("weekly.ics", Samples.icalendar("weekly-with-exceptions.ics"),
                "outlook.ics", Samples.icalendar("outlook-2010.ics")));
        CalDavEventExporter dav = new CalDavEventExporter(connector);
        TransferContext fromAlice = TestContexts.source(account(Radicale.USER, Radicale.PASSWORD));
        Path folder = temp.newFolder("calendars").toPath();
        TestImportContext toFolder = TestContexts.destination(folder, ref -> InputStream.nullInputStream());
        Transfers.copy(dav, fromAlice, new LocalFolderCalendarImporter(settings), toFolder);
        TransferEndpoint bob = account(Radicale.OTHER_USER, Radicale.OTHER_PASSWORD);
        TestImportContext toBob = new TestImportContext(TestContexts.JOB, bob, ref -> InputStream.nullInputStream());
        Transfers.copy(new LocalFolderCalendarExporter(settings), TestContexts.source(folder), new CalDavEventImporter(connector), toBob);
        assertEquals(List.of(), toFolder.notKept());
        assertEquals(List.of(), toBob.notKept());

        var source = Transfers.exportAll(dav, fromAlice);
        var atBob = Transfers.exportAll(dav, TestContexts.source(bob));
        assertEquals(List.of("Work"), atBob.containers().stream().map(Calendar::name).toList());
        assertEquals(3, source.items().size());
        assertEquals(LocalFolderCalendarTest.withoutIds(source.items().stream().sorted(BY_OCCURRENCE).toList()),
                LocalFolderCalendarTest.withoutIds(atBob.items().stream().sorted(BY_OCCURRENCE).toList()));
        try (Stream<Path> files = Files.walk(folder)) {
            assertEquals("one .ics per series, the changed occurrence with its master", 2,
                    files.filter(f -> f.toString().endsWith(".ics")).count());
        }
    }

    @Test
    public void tasksComeBackFieldByField() throws Exception {
        newCalendar("Todo", "VTODO", Map.of("tasks.ics", Samples.icalendar("tasks.ics")));
        CalDavTaskExporter dav = new CalDavTaskExporter(connector);
        TransferContext fromAlice = TestContexts.source(account(Radicale.USER, Radicale.PASSWORD));
        Path folder = temp.newFolder("tasks").toPath();
        TestImportContext toFolder = TestContexts.destination(folder, ref -> InputStream.nullInputStream());
        Transfers.copy(dav, fromAlice, new LocalFolderTaskImporter(settings), toFolder);
        TransferEndpoint bob = account(Radicale.OTHER_USER, Radicale.OTHER_PASSWORD);
        TestImportContext toBob = new TestImportContext(TestContexts.JOB, bob, ref -> InputStream.nullInputStream());
        Transfers.copy(new LocalFolderTaskExporter(settings), TestContexts.source(folder), new CalDavTaskImporter(connector), toBob);
        assertEquals(List.of(), toFolder.notKept());
        assertEquals(List.of(), toBob.notKept());

        List<Task> source = Transfers.exportAll(dav, fromAlice).items();
        var atBob = Transfers.exportAll(dav, TestContexts.source(bob));
        assertEquals(List.of("Todo"), atBob.containers().stream().map(TaskList::name).toList());
        assertEquals(1, source.size());
        assertTrue(source.get(0).alarms().size() == 1 && source.get(0).due() != null);
        assertEquals(LocalFolderCalendarTest.withoutIds(source), LocalFolderCalendarTest.withoutIds(atBob.items()));
    }
}
