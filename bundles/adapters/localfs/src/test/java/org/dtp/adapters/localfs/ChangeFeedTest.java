package org.dtp.adapters.localfs;

import org.dtp.adapters.localfs.calendar.LocalFolderCalendarExporter;
import org.dtp.adapters.localfs.contacts.LocalFolderContactExporter;
import org.dtp.adapters.localfs.mail.LocalFolderMailExporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.localfs.playlists.LocalFolderPlaylistExporter;
import org.dtp.adapters.localfs.tasks.LocalFolderTaskExporter;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ItemModel;
import org.dtp.spi.Exporter;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The localfs exporters' change feeds (issue 22): a second transfer given the first one's tokens lists only the files
 * changed since (touched, added, copied in with their old modification time), a file holding many items being the
 * unit; without a token, everything. The margin is 0 here: the tests wait until the file system's clock has passed
 * the tokens instead.
 */
public class ChangeFeedTest {
    private static final LocalFolderConfig CONFIG = Configs.of(LocalFolderConfig.class,
            Map.of("pageSize", 2, "changeTimeMarginSeconds", 0));

    @Rule
    public final TemporaryFolder folder = new TemporaryFolder();
    private Path root;
    private Path outside;

    @Before
    public void folders() throws Exception {
        root = folder.newFolder("source").toPath();
        outside = folder.newFolder("elsewhere").toPath();
    }

    /** The item ids an export gives and the change tokens it recorded. */
    private record Run(List<String> ids, Map<String, String> tokens) {
    }

    private <I extends ItemModel> Run export(Exporter<?, I> exporter, Map<String, String> previous) throws Exception {
        TestTransferContext context = new TestTransferContext(TestContexts.JOB, TestContexts.endpoint(root))
                .rememberingChangeTokens(previous);
        List<String> ids = Transfers.exportAll(exporter, context).items().stream().map(ItemModel::id).sorted().toList();
        return new Run(ids, context.recordedChangeTokens());
    }

    /** Returns once a file changed now gets a change time after every token recorded so far. */
    private void awaitFileClockPastTokens() throws Exception {
        Instant tokens = Instant.now();
        Path probe = outside.resolve("clock-probe");
        while (true) {
            Files.writeString(probe, tokens.toString());
            FileTime ctime = (FileTime) Files.getAttribute(probe, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
            if (ctime.toInstant().isAfter(tokens)) {
                return;
            }
            Thread.sleep(1);
        }
    }

    private static void touch(Path file) throws Exception {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
    }

    private void media() throws Exception {
        Path album = Files.createDirectories(root.resolve("Album"));
        for (String name : List.of("a.jpg", "b.jpg", "c.jpg")) {
            Samples.copy(Samples.HTC, root, name);
        }
        for (String name : List.of("d.jpg", "e.jpg")) {
            Samples.copy(Samples.CANON, album, name);
        }
    }

    @Test
    public void aFirstTransferListsEverythingAndRecordsATokenPerFolder() throws Exception {
        media();

        Run first = export(new LocalFolderMediaExporter(CONFIG), Map.of());

        assertEquals(List.of("Album/d.jpg", "Album/e.jpg", "a.jpg", "b.jpg", "c.jpg"), first.ids());
        assertEquals(Set.of("media:", "media:Album"), first.tokens().keySet());
    }

    @Test
    public void aSecondTransferOverUnchangedFilesListsNothing() throws Exception {
        media();
        LocalFolderMediaExporter exporter = new LocalFolderMediaExporter(CONFIG);
        Run first = export(exporter, Map.of());

        Run second = export(exporter, first.tokens());

        assertEquals(List.of(), second.ids());
        assertEquals(first.tokens().keySet(), second.tokens().keySet());
    }

    @Test
    public void aSecondTransferListsExactlyTheFilesTouchedAddedOrCopiedIn() throws Exception {
        media();
        Path old = Samples.copy(Samples.OLYMPUS, outside, "old.jpg");
        Files.setLastModifiedTime(old, FileTime.from(Instant.parse("2011-06-01T10:00:00Z")));
        Path movedAlbum = Files.createDirectories(outside.resolve("Trip")); // older than the tokens, as its file
        Samples.copy(Samples.HTC, movedAlbum, "f.jpg");
        LocalFolderMediaExporter exporter = new LocalFolderMediaExporter(CONFIG);
        Run first = export(exporter, Map.of());
        awaitFileClockPastTokens();

        touch(root.resolve("b.jpg"));
        Samples.copy(Samples.HTC, root.resolve("Album"), "new.jpg");
        Files.copy(old, root.resolve("Album/copied.jpg"), StandardCopyOption.COPY_ATTRIBUTES); // as cp -a does
        Files.move(movedAlbum, root.resolve("Trip")); // its file keeps its times; the folder has no token yet
        Run second = export(exporter, first.tokens());

        assertEquals(FileTime.from(Instant.parse("2011-06-01T10:00:00Z")), Files.getLastModifiedTime(root.resolve("Album/copied.jpg")));
        assertEquals(List.of("Album/copied.jpg", "Album/new.jpg", "Trip/f.jpg", "b.jpg"), second.ids());
    }

    @Test
    public void withoutTokensEverythingIsListedAndTokensAreRecorded() throws Exception {
        media();
        LocalFolderMediaExporter exporter = new LocalFolderMediaExporter(CONFIG);
        export(exporter, Map.of());
        Map<String, String> unreadable = Map.of("media:", "not a token of ours", "media:Album", "x|y");

        Run none = export(exporter, Map.of());
        Run refused = export(exporter, unreadable);

        assertEquals(5, none.ids().size());
        assertEquals(Set.of("media:", "media:Album"), none.tokens().keySet());
        assertEquals(none.ids(), refused.ids());
    }

    @Test
    public void aFolderReplacedByAnotherOfTheSameNameIsListedWhole() throws Exception {
        media();
        Path replacement = Files.createDirectories(outside.resolve("Album")); // older than the tokens, as its file
        Samples.copy(Samples.HTC, replacement, "g.jpg");
        LocalFolderMediaExporter exporter = new LocalFolderMediaExporter(CONFIG);
        Run first = export(exporter, Map.of());
        awaitFileClockPastTokens();

        Files.move(root.resolve("Album"), outside.resolve("Album.old"));
        Files.move(replacement, root.resolve("Album"));
        Run second = export(exporter, first.tokens());

        assertEquals(List.of("Album/g.jpg"), second.ids());
    }

    @Test
    public void contactsOfAnUnchangedFileAreNotListedThoseOfAChangedFileAllAre() throws Exception {
        Path book = Files.createDirectories(root.resolve("Book"));
        Files.writeString(book.resolve("a.vcf"), card("a"));
        Files.writeString(book.resolve("b.vcf"), card("b"));
        Files.writeString(root.resolve("all.vcf"), card("x") + card("y") + card("z"));
        Files.writeString(root.resolve("other.vcf"), card("o"));
        LocalFolderContactExporter exporter = new LocalFolderContactExporter(CONFIG);
        Run first = export(exporter, Map.of());
        assertEquals(List.of("Book/a.vcf", "Book/b.vcf", "all.vcf#0", "all.vcf#1", "all.vcf#2", "other.vcf"), first.ids());
        assertEquals(List.of(), export(exporter, first.tokens()).ids());
        awaitFileClockPastTokens();

        touch(book.resolve("b.vcf"));
        Files.writeString(root.resolve("all.vcf"), card("w"), java.nio.file.StandardOpenOption.APPEND);
        Run second = export(exporter, first.tokens());

        assertEquals(List.of("Book/b.vcf", "all.vcf#0", "all.vcf#1", "all.vcf#2", "all.vcf#3"), second.ids());
    }

    @Test
    public void eventsAndTasksOfTheSameFileHaveFeedsOfTheirOwn() throws Exception {
        Files.writeString(root.resolve("home.ics"), calendar("BEGIN:VEVENT\r\nUID:e1\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:20240102T100000Z\r\nSUMMARY:Event\r\nEND:VEVENT\r\n"
                + "BEGIN:VTODO\r\nUID:t1\r\nDTSTAMP:20240101T000000Z\r\nSUMMARY:Task\r\nEND:VTODO\r\n"));
        Files.writeString(root.resolve("work.ics"), calendar("BEGIN:VEVENT\r\nUID:e2\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:20240103T100000Z\r\nSUMMARY:Meeting\r\nEND:VEVENT\r\n"));
        LocalFolderCalendarExporter events = new LocalFolderCalendarExporter(CONFIG);
        LocalFolderTaskExporter tasks = new LocalFolderTaskExporter(CONFIG);
        Run firstEvents = export(events, Map.of());
        Run firstTasks = export(tasks, Map.of());
        assertEquals(2, firstEvents.ids().size());
        assertEquals(1, firstTasks.ids().size());
        assertTrue(firstEvents.tokens().keySet().stream().noneMatch(firstTasks.tokens()::containsKey));
        assertEquals(List.of(), export(events, firstEvents.tokens()).ids());
        assertEquals(List.of(), export(tasks, firstTasks.tokens()).ids());
        awaitFileClockPastTokens();

        touch(root.resolve("home.ics"));

        assertEquals(1, export(events, firstEvents.tokens()).ids().size());
        assertEquals(firstTasks.ids(), export(tasks, firstTasks.tokens()).ids());
    }

    @Test
    public void messagesOfUnchangedEmlAndMboxFilesAreNotListed() throws Exception {
        Path inbox = Files.createDirectories(root.resolve("INBOX"));
        for (String name : List.of("1.eml", "2.eml", "3.eml")) {
            Files.writeString(inbox.resolve(name), "From: a@example.org\r\nSubject: " + name + "\r\n\r\nbody\r\n");
        }
        Files.writeString(root.resolve("Archive.mbox"), "From a@example.org Sat Jan  1 00:00:00 2000\nSubject: old\n\nbody\n\n"
                + "From b@example.org Sat Jan  1 00:00:00 2000\nSubject: older\n\nbody\n");
        LocalFolderMailExporter exporter = new LocalFolderMailExporter(CONFIG);
        Run first = export(exporter, Map.of());
        assertEquals(5, first.ids().size());
        assertEquals(List.of(), export(exporter, first.tokens()).ids());
        awaitFileClockPastTokens();

        touch(inbox.resolve("2.eml"));
        Run second = export(exporter, first.tokens());
        Files.writeString(root.resolve("Archive.mbox"), "\nFrom c@example.org Sat Jan  1 00:00:00 2000\nSubject: new\n\nbody\n",
                java.nio.file.StandardOpenOption.APPEND);
        Run third = export(exporter, first.tokens());

        assertEquals(List.of("INBOX/2.eml"), second.ids());
        assertEquals(4, third.ids().size());
        assertEquals(3, third.ids().stream().filter(id -> id.startsWith("Archive.mbox#")).count());
    }

    @Test
    public void playlistsWhoseFileIsUnchangedAreNotListed() throws Exception {
        Files.writeString(root.resolve("Road.m3u8"), "#EXTM3U\n#EXTINF:186,The Beatles - Here Comes the Sun\nsun.flac\n");
        Files.writeString(root.resolve("Party.m3u8"), "#EXTM3U\n#EXTINF:215,Daft Punk - One More Time\nomt.mp3\n"
                + "#EXTINF:251,Journey - Don't Stop Believin'\nj.mp3\n");
        LocalFolderPlaylistExporter exporter = new LocalFolderPlaylistExporter(CONFIG);
        Run first = export(exporter, Map.of());
        assertEquals(3, first.ids().size());
        assertEquals(List.of(), export(exporter, first.tokens()).ids());
        awaitFileClockPastTokens();

        touch(root.resolve("Party.m3u8"));

        assertEquals(List.of("Party.m3u8#0", "Party.m3u8#1"), export(exporter, first.tokens()).ids());
    }

    private static String card(String name) {
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:" + name + "\r\nFN:" + name + "\r\nEND:VCARD\r\n";
    }

    private static String calendar(String components) {
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + components + "END:VCALENDAR\r\n";
    }
}
