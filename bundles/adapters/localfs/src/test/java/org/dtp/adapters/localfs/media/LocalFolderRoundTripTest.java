package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Samples;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/** localfs → localfs → localfs keeps albums, bytes and the metadata the first folder's sidecars carry. */
public class LocalFolderRoundTripTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** What must survive, per item id (its path, hence its album). */
    private record Kept(String album, String fileName, String title, String description, Instant takenAt, String sha256) {
    }

    private static Map<String, Kept> kept(Samples.Export export, Path root) throws Exception {
        Map<String, String> albumNames = export.albums().stream().collect(Collectors.toMap(PhotoAlbum::id, PhotoAlbum::name));
        Map<String, Kept> kept = new TreeMap<>();
        for (MediaItem item : export.items()) {
            int slash = item.id().lastIndexOf('/');
            String album = slash < 0 ? null : albumNames.get(item.id().substring(0, slash));
            kept.put(item.id(), new Kept(album, item.fileName(), item.title(), item.description(), item.takenAt(),
                    Samples.sha256(root.resolve(item.content().uri()))));
        }
        return kept;
    }

    @Test
    public void metadataAndAlbumsSurviveTwoHops() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Path b = temp.getRoot().toPath().resolve("b");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 1); // one item per page: paging on every hop

        // Folder a as an import from some photo service left it: titles, descriptions, times of its own.
        LocalFolderMediaImporter importer = new LocalFolderMediaImporter(settings);
        TestImportContext intoA = TestContexts.destination(a,
                ref -> new java.io.ByteArrayInputStream(Samples.bytes(ref.uri().substring("test:".length()))));
        String holidays = importer.importContainer(intoA, "s:h", new PhotoAlbum("h", "Holidays: 2011", "Milan and around"), null);
        String day1 = importer.importContainer(intoA, "s:d", new PhotoAlbum("d", "Day 1", null), holidays);
        importer.importItem(intoA, "s:1", Samples.item("1", "duomo.jpg", Samples.HTC, "Duomo at dusk", "From the roof",
                Instant.parse("2011-05-06T08:00:00Z")), holidays);
        importer.importItem(intoA, "s:2", Samples.item("2", "canal.jpg", Samples.OLYMPUS, "Naviglio", null,
                Instant.parse("2013-08-27T17:45:23Z")), day1);
        importer.importItem(intoA, "s:3", Samples.item("3", "ixus.jpg", Samples.CANON, "At home", "No album", null), null);
        Samples.copy(Samples.CANON, a.resolve(holidays), "plain.jpg"); // a file without sidecar, as a person adds one

        Samples.transfer(a, b, settings);
        Samples.transfer(b, c, settings);

        Map<String, Kept> inA = kept(Samples.exportAll(new LocalFolderMediaExporter(settings), TestContexts.source(a)), a);
        Map<String, Kept> inC = kept(Samples.exportAll(new LocalFolderMediaExporter(settings), TestContexts.source(c)), c);
        assertEquals(inA, inC);
        assertEquals(new Kept("Holidays: 2011", "duomo.jpg", "Duomo at dusk", "From the roof",
                Instant.parse("2011-05-06T08:00:00Z"), Samples.sha256(Samples.bytes(Samples.HTC))), inC.get("Holidays_ 2011/duomo.jpg"));
        assertEquals("Day 1", inC.get("Holidays_ 2011/Day 1/canal.jpg").album());
        assertEquals(Instant.parse("2003-09-06T14:45:48Z"), inC.get("Holidays_ 2011/plain.jpg").takenAt()); // from EXIF
        assertEquals(Instant.parse("2003-09-06T14:45:48Z"), inC.get("ixus.jpg").takenAt()); // none in the sidecar: EXIF fills in
    }

    @Test
    public void filesKeepTheirModificationTimeFolderToFolder() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Path b = temp.getRoot().toPath().resolve("b");
        FileTime taken = FileTime.from(Instant.parse("2011-05-06T08:00:01.250Z"));
        FileTime edited = FileTime.from(Instant.parse("2019-12-31T23:59:59Z"));
        Files.setLastModifiedTime(Samples.copy(Samples.HTC, a, "duomo.jpg"), taken);
        Files.setLastModifiedTime(Samples.copy(Samples.CANON, Files.createDirectories(a.resolve("Home")), "ixus.jpg"), edited);

        Samples.transfer(a, b, new LocalFolderSettings(List.of(), 1));

        assertEquals(taken, Files.getLastModifiedTime(b.resolve("duomo.jpg")));
        assertEquals(edited, Files.getLastModifiedTime(b.resolve("Home/ixus.jpg")));
    }

    @Test
    public void albumNamesAndDescriptionsSurviveTwoHops() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Path b = temp.getRoot().toPath().resolve("b");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = LocalFolderSettings.defaults();
        LocalFolderMediaImporter importer = new LocalFolderMediaImporter(settings);
        TestImportContext intoA = TestContexts.destination(a, ref -> java.io.InputStream.nullInputStream());
        String trip = importer.importContainer(intoA, "s:1", new PhotoAlbum("1", "Trip", "First"), null);
        importer.importContainer(intoA, "s:2", new PhotoAlbum("2", "Trip", "Second"), null);
        importer.importContainer(intoA, "s:3", new PhotoAlbum("3", "Inner", "Nested"), trip);

        Samples.transfer(a, b, settings);
        Samples.transfer(b, c, settings);

        assertEquals(albums(a), albums(c));
        assertEquals(Map.of("Trip", "Trip|First", "Trip (2)", "Trip|Second", "Trip/Inner", "Inner|Nested"), albums(c));
    }

    private static Map<String, String> albums(Path root) throws Exception {
        return Samples.exportAll(Adapters.exporter(), TestContexts.source(root)).albums().stream()
                .collect(Collectors.toMap(PhotoAlbum::id, album -> album.name() + "|" + album.description()));
    }
}
