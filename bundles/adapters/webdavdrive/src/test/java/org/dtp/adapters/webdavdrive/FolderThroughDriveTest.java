package org.dtp.adapters.webdavdrive;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

/** A local folder → a WebDAV drive → another local folder keeps albums, names, bytes and what the sidecars carry. */
public class FolderThroughDriveTest {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 1, false);

    /** What must survive, per item id (its path, hence its album). */
    private record Kept(String album, String fileName, String title, String description, Instant takenAt, String bytes) {
    }

    @Test
    public void albumsMetadataAndBytesSurviveTheDrive() throws Exception {
        Path a = temp.newFolder("a").toPath();
        LocalFolderMediaImporter intoA = new LocalFolderMediaImporter(folders);
        TestImportContext contextA = new TestImportContext(UUID.randomUUID(), local(a),
                ref -> new ByteArrayInputStream(ref.uri().getBytes(StandardCharsets.UTF_8)));
        String holidays = intoA.importContainer(contextA, "h", new PhotoAlbum("h", "Holidays: 2011", "Milan and around"), null);
        String day1 = intoA.importContainer(contextA, "d", new PhotoAlbum("d", "Day 1", null), holidays);
        intoA.importItem(contextA, "1", photo("duomo.jpg", "Duomo at dusk", "From the roof", Instant.parse("2011-05-06T08:00:00Z")), holidays);
        intoA.importItem(contextA, "2", photo("canal #2.jpg", "canal #2", null, null), day1);
        intoA.importItem(contextA, "3", photo("home.jpg", "At home", null, null), null);

        TransferEndpoint drive = Drives.newFolder(SERVER);
        Path c = temp.getRoot().toPath().resolve("c");
        transfer(new LocalFolderMediaExporter(folders), local(a), new WebDavMediaImporter(Drives.connector(1)), drive);
        transfer(new WebDavMediaExporter(Drives.connector(1)), drive, new LocalFolderMediaImporter(folders), local(c));

        Map<String, Kept> inA = kept(new LocalFolderMediaExporter(folders), local(a));
        Map<String, Kept> inC = kept(new LocalFolderMediaExporter(folders), local(c));
        assertEquals(inA, inC);
        assertEquals(new Kept("Holidays: 2011", "duomo.jpg", "Duomo at dusk", "From the roof",
                Instant.parse("2011-05-06T08:00:00Z"), "bytes of duomo.jpg"), inC.get("Holidays_ 2011/duomo.jpg"));
        assertEquals(3, inC.size());
    }

    private static MediaItem photo(String name, String title, String description, Instant takenAt) {
        return MediaItem.builder().id(name).kind(MediaKind.PHOTO).fileName(name).title(title).description(description)
                .takenAt(takenAt).content(new MediaRef("bytes of " + name, "image/jpeg", ("bytes of " + name).length())).build();
    }

    private static TransferEndpoint local(Path folder) {
        return new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString()));
    }

    /** Every album and item of the source into the destination, as the engine sends them. */
    private static void transfer(Exporter<PhotoAlbum, MediaItem> exporter, TransferEndpoint from,
                                 Importer<PhotoAlbum, MediaItem> importer, TransferEndpoint to) throws Exception {
        TestTransferContext source = new TestTransferContext(UUID.randomUUID(), from);
        TestImportContext destination = new TestImportContext(UUID.randomUUID(), to, ref -> exporter.openMedia(source, ref));
        Map<String, String> created = new HashMap<>();
        for (ExportWalk.Step<PhotoAlbum, MediaItem> step : ExportWalk.of(exporter, source).steps()) {
            String here = step.cursor().containerId() == null ? null : created.get(step.cursor().containerId());
            for (PhotoAlbum album : step.page().containers()) {
                created.put(album.id(), importer.importContainer(destination, "album:" + album.id(), album, here));
            }
            for (MediaItem item : step.page().items()) {
                importer.importItem(destination, "item:" + item.id(), item, here);
            }
        }
    }

    private static Map<String, Kept> kept(Exporter<PhotoAlbum, MediaItem> exporter, TransferEndpoint folder) throws Exception {
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), folder);
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(exporter, context);
        Map<String, String> albumNames = new HashMap<>();
        walk.containers().forEach(album -> albumNames.put(album.id(), album.name()));
        Map<String, Kept> kept = new TreeMap<>();
        for (ExportWalk.Step<PhotoAlbum, MediaItem> step : walk.steps()) {
            for (MediaItem item : step.page().items()) {
                String bytes;
                try (InputStream in = exporter.openMedia(context, item.content())) {
                    bytes = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                kept.put(item.id(), new Kept(albumNames.get(step.cursor().containerId()), item.fileName(), item.title(),
                        item.description(), item.takenAt(), bytes));
            }
        }
        return kept;
    }
}
