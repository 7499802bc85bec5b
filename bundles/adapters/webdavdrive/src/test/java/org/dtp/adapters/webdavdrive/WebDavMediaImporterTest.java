package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.MediaSidecars;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.ApacheDav;
import org.junit.ClassRule;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** What the WebDAV drive importer leaves on a real server (Apache mod_dav), retried or not. */
public class WebDavMediaImporterTest {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    private static final byte[] PHOTO = "not really a JPEG, but bytes all the same".getBytes(StandardCharsets.UTF_8);

    private final WebDavMediaImporter importer = new WebDavMediaImporter(Drives.connector(10));

    private static MediaItem plain(String id, String fileName, long size) {
        return MediaItem.builder().id(id).kind(MediaKind.PHOTO).fileName(fileName)
                .title(fileName.substring(0, fileName.lastIndexOf('.')))
                .exif(Map.of(MediaSidecars.FILE_MODIFY_DATE, "2015-06-01T10:00:00Z"))
                .content(new MediaRef("test:" + id, "image/jpeg", size)).build();
    }

    private static TestImportContext into(TransferEndpoint drive) {
        return new TestImportContext(UUID.randomUUID(), drive, ref -> new ByteArrayInputStream(PHOTO));
    }

    private static Path folderOf(TransferEndpoint drive) {
        return SERVER.files().resolve(drive.settings().get(Drive.FOLDER));
    }

    @Test
    public void aRetriedItemIsFoundByItsSizeNotWrittenTwice() throws Exception {
        TransferEndpoint drive = Drives.newFolder(SERVER);
        TestImportContext context = into(drive);
        MediaItem item = plain("1", "IMG_0001.jpg", PHOTO.length);
        String first = importer.importItem(context, "k1", item, null);
        String again = importer.importItem(context, "k1", item, null);
        assertEquals("IMG_0001.jpg", first);
        assertEquals(first, again);
        try (var files = Files.list(folderOf(drive))) {
            assertEquals(1, files.count());
        }
        assertArrayEquals(PHOTO, Files.readAllBytes(folderOf(drive).resolve("IMG_0001.jpg")));
    }

    @Test
    public void aNameTakenByAnotherFileGetsTheNextNumber() throws Exception {
        TransferEndpoint drive = Drives.newFolder(SERVER);
        Files.write(folderOf(drive).resolve("IMG_0001.jpg"), new byte[7]); // a person's own file, of another size
        String id = importer.importItem(into(drive), "k1", plain("1", "IMG_0001.jpg", PHOTO.length), null);
        assertEquals("IMG_0001 (2).jpg", id);
        assertEquals(7, Files.size(folderOf(drive).resolve("IMG_0001.jpg")));
        assertArrayEquals(PHOTO, Files.readAllBytes(folderOf(drive).resolve(id)));
    }

    @Test
    public void aPlainFileGetsNoSidecarAndADescribedOneDoes() throws Exception {
        TransferEndpoint drive = Drives.newFolder(SERVER);
        TestImportContext context = into(drive);
        importer.importItem(context, "k1", plain("1", "plain.jpg", PHOTO.length), null);
        MediaItem described = plain("2", "described.jpg", PHOTO.length).toBuilder().description("At the lake").build();
        importer.importItem(context, "k2", described, null);
        assertFalse(Files.exists(folderOf(drive).resolve("plain.jpg" + MediaSidecars.ITEM_SIDECAR_SUFFIX)));
        String sidecar = Files.readString(folderOf(drive).resolve("described.jpg" + MediaSidecars.ITEM_SIDECAR_SUFFIX));
        assertTrue(sidecar, sidecar.contains("At the lake") && sidecar.contains("\"k2\""));
    }

    @Test
    public void anItemOfUnknownSizeIsFoundAgainByItsSidecar() throws Exception {
        TransferEndpoint drive = Drives.newFolder(SERVER);
        TestImportContext context = into(drive);
        MediaItem unsized = plain("1", "stream.jpg", -1);
        assertEquals("stream.jpg", importer.importItem(context, "k1", unsized, null));
        assertEquals("stream.jpg", importer.importItem(context, "k1", unsized, null));
        assertEquals("another item of the same name is not taken for it",
                "stream (2).jpg", importer.importItem(context, "k2", plain("2", "stream.jpg", -1), null));
        assertArrayEquals(PHOTO, Files.readAllBytes(folderOf(drive).resolve("stream.jpg")));
    }

    @Test
    public void anAlbumIsFoundAgainOnRetryAndAnotherOfTheSameNameIsNumbered() throws Exception {
        TransferEndpoint drive = Drives.newFolder(SERVER);
        TestImportContext context = into(drive);
        PhotoAlbum album = new PhotoAlbum("a", "Holidays: 2011", "Milan");
        String id = importer.importContainer(context, "a1", album, null);
        assertEquals("Holidays_ 2011", id);
        assertEquals(id, importer.importContainer(context, "a1", album, null));
        assertEquals("Holidays_ 2011 (2)", importer.importContainer(context, "a2", new PhotoAlbum("b", "Holidays: 2011", null), null));
        String inner = importer.importContainer(context, "a3", new PhotoAlbum("c", "Day 1", null), id);
        assertEquals("Holidays_ 2011/Day 1", inner);
        String item = importer.importItem(context, "k1", plain("1", "lake #1?.jpg", PHOTO.length), inner);
        assertEquals("names the server must see encoded keep their characters", "Holidays_ 2011/Day 1/lake #1_.jpg", item);
        assertArrayEquals(PHOTO, Files.readAllBytes(folderOf(drive).resolve(item)));
        assertTrue(Files.readString(folderOf(drive).resolve(id).resolve(MediaSidecars.ALBUM_SIDECAR)).contains("Holidays: 2011"));
    }

    @Test
    public void theFileTimeGoesAsNextcloudsHeader() {
        assertEquals(Map.of("X-OC-MTime", "1433152800"), WebDavMediaImporter.mtimeHeader(plain("1", "a.jpg", 1)));
        assertEquals(Map.of(), WebDavMediaImporter.mtimeHeader(plain("1", "a.jpg", 1).toBuilder().exif(Map.of()).build()));
    }
}
