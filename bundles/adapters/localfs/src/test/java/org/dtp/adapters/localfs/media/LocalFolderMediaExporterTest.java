package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Samples;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class LocalFolderMediaExporterTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private Path root;
    private TransferContext context;

    @Before
    public void setUp() throws Exception {
        root = temp.newFolder("photos").toPath();
        context = TestContexts.source(root);
    }

    private static LocalFolderMediaExporter exporter(int pageSize) {
        return new LocalFolderMediaExporter(new LocalFolderSettings(List.of(), pageSize));
    }

    @Test
    public void pagesToTheEndGivingEveryFileOnceInNameOrder() throws Exception {
        for (String name : List.of("e.jpg", "a.jpg", "c.PNG", "b.mp4", "d.jpeg")) {
            Samples.copy(Samples.CANON, root, name);
        }
        Samples.Export export = Samples.exportAll(exporter(2), context);

        assertEquals(List.of("a.jpg", "b.mp4", "c.PNG", "d.jpeg", "e.jpg"),
                export.items().stream().map(MediaItem::id).collect(Collectors.toList()));
        assertEquals(List.of(2, 2, 1), export.pages().stream().map(p -> p.items().size()).collect(Collectors.toList()));
        assertEquals(MediaKind.VIDEO, export.itemsById().get("b.mp4").kind());
    }

    @Test
    public void sameCursorGivesTheSamePage() throws Exception {
        for (String name : List.of("a.jpg", "b.jpg", "c.jpg")) {
            Samples.copy(Samples.CANON, root, name);
        }
        LocalFolderMediaExporter exporter = exporter(2);
        ExportPage<PhotoAlbum, MediaItem> first = exporter.export(context, ExportCursor.root());
        ExportCursor next = new ExportCursor(null, first.continuation());

        assertEquals(exporter.export(context, next), exporter.export(context, next));
        assertEquals(List.of("c.jpg"), exporter.export(context, next).items().stream().map(MediaItem::id).toList());
    }

    @Test
    public void filesAddedBetweenPagesShiftNothing() throws Exception {
        for (String name : List.of("b.jpg", "d.jpg", "f.jpg")) {
            Samples.copy(Samples.CANON, root, name);
        }
        LocalFolderMediaExporter exporter = exporter(2);
        ExportPage<PhotoAlbum, MediaItem> first = exporter.export(context, ExportCursor.root());
        Samples.copy(Samples.CANON, root, "a.jpg"); // sorts before the cursor: belongs to a page already done
        ExportPage<PhotoAlbum, MediaItem> second = exporter.export(context, new ExportCursor(null, first.continuation()));

        assertEquals(List.of("b.jpg", "d.jpg"), first.items().stream().map(MediaItem::id).toList());
        assertEquals(List.of("f.jpg"), second.items().stream().map(MediaItem::id).toList());
        assertTrue(second.isLast());
    }

    @Test
    public void subFoldersAtEveryDepthAreAlbums() throws Exception {
        Samples.copy(Samples.CANON, root.resolve("2011/Milan"), "duomo.jpg");
        Samples.copy(Samples.OLYMPUS, root.resolve("2011"), "x.jpg");
        Files.createDirectories(root.resolve("Empty"));
        Samples.Export export = Samples.exportAll(exporter(1), context);

        assertEquals(Map.of("2011", "2011", "2011/Milan", "Milan", "Empty", "Empty"),
                export.albums().stream().collect(Collectors.toMap(PhotoAlbum::id, PhotoAlbum::name)));
        assertEquals(List.of("2011/x.jpg", "2011/Milan/duomo.jpg"), export.items().stream().map(MediaItem::id).toList());
    }

    @Test
    public void albumsAreGivenOnlyOnTheFirstPageOfAFolder() throws Exception {
        Samples.copy(Samples.CANON, root, "a.jpg");
        Samples.copy(Samples.CANON, root, "b.jpg");
        Files.createDirectories(root.resolve("Album"));
        LocalFolderMediaExporter exporter = exporter(1);
        ExportPage<PhotoAlbum, MediaItem> first = exporter.export(context, ExportCursor.root());
        ExportPage<PhotoAlbum, MediaItem> second = exporter.export(context, new ExportCursor(null, first.continuation()));

        assertEquals(1, first.containers().size());
        assertTrue(second.containers().isEmpty());
    }

    @Test
    public void hiddenFilesSidecarsAndOtherFilesAreIgnored() throws Exception {
        Samples.copy(Samples.CANON, root, "photo.jpg");
        Samples.copy(Samples.CANON, root, ".hidden.jpg");
        Files.writeString(root.resolve("photo.jpg.dtp.json"), "{}");
        Files.writeString(root.resolve("notes.txt"), "not media");
        Files.writeString(root.resolve(".dtp-tmp-123.part"), "half");
        Files.createDirectories(root.resolve(".thumbnails"));
        Samples.Export export = Samples.exportAll(exporter(100), context);

        assertEquals(List.of("photo.jpg"), export.items().stream().map(MediaItem::id).toList());
        assertTrue(export.albums().isEmpty());
    }

    @Test
    public void itemRefersToItsFileBySizeAndContentType() throws Exception {
        Samples.copy(Samples.HTC, root.resolve("Album"), "IMG_1.JPG");
        MediaItem item = Samples.exportAll(exporter(100), context).items().get(0);

        assertEquals(new MediaRef("Album/IMG_1.JPG", "image/jpeg", Samples.bytes(Samples.HTC).length), item.content());
        assertEquals("IMG_1.JPG", item.fileName());
        assertEquals("IMG_1", item.title());
        assertNull(item.description());
    }

    @Test
    public void openMediaStreamsTheOriginalBytes() throws Exception {
        Samples.copy(Samples.OLYMPUS, root.resolve("a"), "o.jpg");
        MediaItem item = Samples.exportAll(exporter(100), context).items().get(0);
        try (InputStream in = exporter(100).openMedia(context, item.content())) {
            assertArrayEquals(Samples.bytes(Samples.OLYMPUS), in.readAllBytes());
        }
    }

    @Test
    public void openMediaRefusesReferencesLeadingOutOfTheFolder() throws Exception {
        Samples.copy(Samples.CANON, root.getParent(), "outside.jpg");
        Samples.copy(Samples.CANON, root.resolve("a"), "inside.jpg");
        LocalFolderMediaExporter exporter = exporter(100);
        for (String uri : List.of("../outside.jpg", "a/../../outside.jpg", root.getParent().resolve("outside.jpg").toString(),
                "a/inside.jpg.dtp.json", "..", ".")) {
            assertThrows(uri, ItemRejectedException.class,
                    () -> exporter.openMedia(context, new MediaRef(uri, "image/jpeg", -1)).close());
        }
    }

    @Test
    public void openMediaRefusesALinkLeadingOutOfTheFolder() throws Exception {
        Path outside = Samples.copy(Samples.CANON, root.getParent(), "secret.jpg");
        Files.createSymbolicLink(root.resolve("link.jpg"), outside);

        assertThrows(ItemRejectedException.class,
                () -> exporter(100).openMedia(context, new MediaRef("link.jpg", "image/jpeg", -1)).close());
        assertTrue(Samples.exportAll(exporter(100), context).items().isEmpty());
    }

    @Test
    public void missingRootFailsTheExport() throws Exception {
        Files.delete(root);
        AdapterException e = assertThrows(AdapterException.class, () -> exporter(100).export(context, ExportCursor.root()));
        assertTrue(e.getMessage(), e.getMessage().contains(root.toString()));
    }
}
