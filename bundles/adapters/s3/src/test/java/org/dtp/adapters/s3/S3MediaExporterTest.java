package org.dtp.adapters.s3;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.junit.Test;
import software.amazon.awssdk.core.sync.RequestBody;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;

public class S3MediaExporterTest extends S3Fixture {
    @Override
    protected int pageSize() {
        return 2;
    }

    @Test
    public void whatAnImportWroteComesBackWithItsAlbumsMetadataAndBytes() throws Exception {
        byte[] bytes = "jpeg bytes".getBytes();
        S3MediaImporter importer = new S3MediaImporter(connector);
        TestImportContext in = new TestImportContext(UUID.randomUUID(), endpoint("p"), ref -> new ByteArrayInputStream(bytes));
        String album = importer.importContainer(in, "a", new PhotoAlbum("src", "Été", "au lac"), null);
        MediaItem item = MediaItem.builder().id("s1").kind(MediaKind.PHOTO).fileName("IMG_1.jpg").title("Lac")
                .description("Léman").takenAt(Instant.parse("2024-07-01T10:15:30.250Z")).location(new GeoLocation(46.4, 6.59, null))
                .width(40).height(30).exif(Map.of("Make", "Canon")).content(new MediaRef("s1", "image/jpeg", bytes.length)).build();
        importer.importItem(in, "i", item, album);

        S3MediaExporter exporter = new S3MediaExporter(connector);
        TestTransferContext out = new TestTransferContext(UUID.randomUUID(), endpoint("p"));
        ExportPage<PhotoAlbum, MediaItem> root = exporter.export(out, ExportCursor.root());
        assertEquals(List.of(new PhotoAlbum("Été", "Été", "au lac")), root.containers());
        ExportPage<PhotoAlbum, MediaItem> page = exporter.export(out, new ExportCursor("Été", null));
        MediaItem back = page.items().get(0);

        assertEquals("Été/IMG_1.jpg", back.id());
        assertEquals(item.toBuilder().id(back.id()).content(back.content()).build(), back);
        assertEquals("image/jpeg", back.content().contentType());
        try (InputStream read = exporter.openMedia(out, back.content())) {
            assertArrayEquals(bytes, read.readAllBytes());
        }
    }

    @Test
    public void pagesFollowTheContinuationTokenAndGiveEveryObjectAndFolderOnce() throws Exception {
        for (String key : List.of("a.jpg", "b.png", "c.txt", ".hidden.jpg", "d.mov", "e.jpg", "Album/x.jpg", "Other/y.jpg")) {
            S3PROXY.client().putObject(r -> r.bucket(bucket).key(key), RequestBody.fromString(key));
        }
        S3MediaExporter exporter = new S3MediaExporter(connector);
        TestTransferContext ctx = new TestTransferContext(UUID.randomUUID(), endpoint(""));
        List<MediaItem> items = new ArrayList<>();
        List<String> albums = new ArrayList<>();
        ExportCursor cursor = ExportCursor.root();
        int pages = 0;
        do {
            ExportPage<PhotoAlbum, MediaItem> page = exporter.export(ctx, cursor);
            items.addAll(page.items());
            page.containers().forEach(c -> albums.add(c.id()));
            cursor = new ExportCursor(null, page.continuation());
            pages++;
        } while (cursor.continuation() != null);

        assertEquals(List.of("a.jpg", "b.png", "d.mov", "e.jpg"), items.stream().map(MediaItem::id).toList());
        assertEquals(List.of("Album", "Other"), albums);
        assertEquals(4, pages); // 8 names (a folder counts once) in pages of 2
        MediaItem a = items.get(0);
        assertEquals("a", a.title()); // not imported by dtp: the title is the file name without its extension
        assertNull(a.description());
    }

    @Test
    public void mediaOutsideThePrefixCannotBeOpened() {
        S3MediaExporter exporter = new S3MediaExporter(connector);
        TestTransferContext ctx = new TestTransferContext(UUID.randomUUID(), endpoint("mine"));
        assertThrows(ItemRejectedException.class, () -> exporter.openMedia(ctx, new MediaRef("../theirs/a.jpg", "image/jpeg", 1)));
        assertThrows(ItemRejectedException.class, () -> exporter.openMedia(ctx, new MediaRef("/a.jpg", "image/jpeg", 1)));
    }
}
