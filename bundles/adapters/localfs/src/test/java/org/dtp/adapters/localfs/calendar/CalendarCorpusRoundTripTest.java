package org.dtp.adapters.localfs.calendar;

import org.dtp.adapters.caldav.CalDavConfig;
import org.dtp.adapters.caldav.CalDavConnector;
import org.dtp.adapters.caldav.CalDavEventExporter;
import org.dtp.adapters.caldav.CalDavEventImporter;
import org.dtp.adapters.caldav.CalDavTaskExporter;
import org.dtp.adapters.caldav.CalDavTaskImporter;
import org.dtp.adapters.localfs.Configs;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskExporter;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskImporter;
import org.dtp.formats.testing.IcalCorpus;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.tasks.Task;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.testing.Radicale;
import org.dtp.webdav.testing.Xandikos;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;

/**
 * The iCalendar corpus (formats' {@code samples/ical/corpus}) A→B→A, events and tasks: a folder of the samples to another folder, and
 * to Radicale and to Xandikos (CalDAV) and back to a folder (an event with RDATE periods, which Radicale refuses, stored there with their starts); the files at the end compared with the samples property by property
 * with the corpus' own content-line parser, every difference having a fidelity entry, of either side, for its item.
 */
public class CalendarCorpusRoundTripTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();
    /** Stores resources much as they came, where Radicale writes each one again its own way: it shows dtp's own losses. */
    @ClassRule
    public static final Xandikos XANDIKOS = new Xandikos();

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings settings = new LocalFolderSettings(List.of(), 1, false);
    private final CalDavConnector connector = new CalDavConnector(Configs.of(CalDavConfig.class, Map.of()), Radicale.LOOPBACK);
    private final List<IcalCorpus.Entry> entries = new ArrayList<>();
    private final Map<String, Set<String>> idsByUid = new HashMap<>();

    @Test
    public void eventsFolderToFolderLoseNothingUnreported() throws Exception {
        IcalCorpus.Tally tally = throughFolder(corpusFolder(false, Set.of()), new LocalFolderCalendarExporter(settings),
                new LocalFolderCalendarImporter(settings), CalendarEvent::uid);
        System.out.println("iCalendar corpus, events, folder → folder: " + tally);
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    @Test
    public void eventsFolderToCalDavAndBackLoseNothingUnreported() throws Exception {
        IcalCorpus.Tally tally = throughCalDav(RADICALE.url(), corpusFolder(false, Set.of()), new LocalFolderCalendarExporter(settings),
                new CalDavEventImporter(connector), new CalDavEventExporter(connector), new LocalFolderCalendarImporter(settings),
                CalendarEvent::uid);
        System.out.println("iCalendar corpus, events, folder → CalDAV (Radicale) → folder: " + tally);
        tally.reported().forEach(r -> System.out.println("  not kept (reported): " + r));
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    @Test
    public void eventsFolderToXandikosAndBackLoseNothingUnreported() throws Exception {
        IcalCorpus.Tally tally = throughCalDav(XANDIKOS.url(), corpusFolder(false, Set.of()), new LocalFolderCalendarExporter(settings),
                new CalDavEventImporter(connector), new CalDavEventExporter(connector), new LocalFolderCalendarImporter(settings),
                CalendarEvent::uid);
        System.out.println("iCalendar corpus, events, folder → CalDAV (Xandikos) → folder: " + tally);
        tally.reported().forEach(r -> System.out.println("  not kept (reported): " + r));
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    @Test
    public void tasksFolderToFolderLoseNothingUnreported() throws Exception {
        IcalCorpus.Tally tally = throughFolder(corpusFolder(true, Set.of()), new LocalFolderTaskExporter(settings),
                new LocalFolderTaskImporter(settings), Task::uid);
        System.out.println("iCalendar corpus, tasks, folder → folder: " + tally);
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    @Test
    public void tasksFolderToCalDavAndBackLoseNothingUnreported() throws Exception {
        IcalCorpus.Tally tally = throughCalDav(RADICALE.url(), corpusFolder(true, Set.of()), new LocalFolderTaskExporter(settings),
                new CalDavTaskImporter(connector), new CalDavTaskExporter(connector), new LocalFolderTaskImporter(settings),
                Task::uid);
        System.out.println("iCalendar corpus, tasks, folder → CalDAV (Radicale) → folder: " + tally);
        tally.reported().forEach(r -> System.out.println("  not kept (reported): " + r));
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    @Test
    public void tasksFolderToXandikosAndBackLoseNothingUnreported() throws Exception {
        IcalCorpus.Tally tally = throughCalDav(XANDIKOS.url(), corpusFolder(true, Set.of()), new LocalFolderTaskExporter(settings),
                new CalDavTaskImporter(connector), new CalDavTaskExporter(connector), new LocalFolderTaskImporter(settings),
                Task::uid);
        System.out.println("iCalendar corpus, tasks, folder → CalDAV (Xandikos) → folder: " + tally);
        tally.reported().forEach(r -> System.out.println("  not kept (reported): " + r));
        assertEquals("unreported losses", List.of(), tally.unreported());
    }

    private <C extends ContainerModel, I extends ItemModel> IcalCorpus.Tally throughFolder(Path source, Exporter<C, I> exporter,
            Importer<C, I> importer, Function<I, String> uid) throws Exception {
        Path copy = temp.newFolder().toPath();
        TestTransferContext from = (TestTransferContext) TestContexts.source(source);
        TestImportContext to = TestContexts.destination(copy, ref -> InputStream.nullInputStream());
        Transfers.copy(exporter, from, importer, to);
        collect(from, to);
        ids(Transfers.exportAll(exporter, TestContexts.source(source)).items(), uid);
        return compare(source, copy);
    }

    private <C extends ContainerModel, I extends ItemModel> IcalCorpus.Tally throughCalDav(URI server, Path source, Exporter<C, I> folderExporter,
            Importer<C, I> davImporter, Exporter<C, I> davExporter, Importer<C, I> folderImporter, Function<I, String> uid)
            throws Exception {
        TransferEndpoint alice = new TransferEndpoint("caldav", Map.of(DavAccount.URL, server.toString(),
                DavAccount.USERNAME, Radicale.USER, DavAccount.PASSWORD, Radicale.PASSWORD));
        TestTransferContext fromFolder = (TestTransferContext) TestContexts.source(source);
        TestImportContext toDav = new TestImportContext(TestContexts.JOB, alice, ref -> InputStream.nullInputStream());
        Transfers.copy(folderExporter, fromFolder, davImporter, toDav);
        Path back = temp.newFolder().toPath();
        TestTransferContext fromDav = (TestTransferContext) TestContexts.source(alice);
        TestImportContext toFolder = TestContexts.destination(back, ref -> InputStream.nullInputStream());
        Transfers.copy(davExporter, fromDav, folderImporter, toFolder);
        collect(fromFolder, toDav, fromDav, toFolder);
        ids(Transfers.exportAll(folderExporter, TestContexts.source(source)).items(), uid);
        ids(Transfers.exportAll(davExporter, TestContexts.source(alice)).items(), uid);
        return compare(source, back);
    }

    /** A folder with one collection, "Corpus tasks" or "Corpus events", of the corpus' task or event files as they are but those {@code leftOut}. */
    private Path corpusFolder(boolean tasks, Set<String> leftOut) throws Exception {
        Path root = temp.newFolder().toPath();
        Path calendar = Files.createDirectories(root.resolve(tasks ? "Corpus tasks" : "Corpus events"));
        for (String file : IcalCorpus.files()) {
            String text = IcalCorpus.read(file);
            if (text.contains("BEGIN:VTODO") == tasks && !leftOut.contains(file)) {
                Files.writeString(calendar.resolve(file), text);
            }
        }
        return root;
    }

    private void collect(Object... contexts) {
        for (Object c : contexts) {
            List<TestImportContext.NotKept> notKept = c instanceof TestImportContext i ? i.notKept() : ((TestTransferContext) c).notKept();
            notKept.forEach(n -> entries.add(new IcalCorpus.Entry(n.sourceId(), n.field(), n.reason())));
        }
    }

    private <I extends ItemModel> void ids(List<I> items, Function<I, String> uid) {
        items.forEach(i -> idsByUid.computeIfAbsent(uid.apply(i), u -> new HashSet<>()).add(i.id()));
    }

    private IcalCorpus.Tally compare(Path before, Path after) throws Exception {
        IcalCorpus.Tally tally = new IcalCorpus.Tally();
        tally.compare("corpus", allText(before), allText(after), entries, idsByUid);
        tally.reported().forEach(lost -> System.out.println("  lost, reported: " + lost));
        return tally;
    }

    /** The .ics files under {@code root}, one after the other. */
    private static String allText(Path root) throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".ics")).sorted().map(f -> {
                try {
                    return Files.readString(f);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).collect(Collectors.joining());
        }
    }
}
