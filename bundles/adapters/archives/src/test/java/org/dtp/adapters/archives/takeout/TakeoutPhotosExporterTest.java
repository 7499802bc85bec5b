package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.dtp.adapters.archives.takeout.Takeout.PART_1;
import static org.dtp.adapters.archives.takeout.Takeout.PART_2;
import static org.dtp.adapters.archives.takeout.Takeout.PHOTOS;
import static org.dtp.adapters.archives.takeout.Takeout.media;
import static org.dtp.adapters.archives.takeout.Takeout.sidecar;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class TakeoutPhotosExporterTest {
    private static final Instant NEW_YEAR = Instant.parse("2019-01-01T12:34:56Z");
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private ExportWalk<PhotoAlbum, MediaItem> walk(Path path, int pageSize) throws Exception {
        return ExportWalk.of(Takeout.exporter(pageSize), new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(path)));
    }

    private static List<String> names(List<MediaItem> items) {
        return items.stream().map(MediaItem::fileName).toList();
    }

    private static PhotoAlbum album(ExportWalk<PhotoAlbum, MediaItem> walk, String name) {
        return walk.containers().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    public void albumsAndPhotosCarryWhatTheirJsonSays() throws Exception {
        Path zip = new TestArchive()
                .add(PHOTOS + "Trip to Marseille/metadata.json", Takeout.album("Trip to Marseille", "Calanques, July"))
                .add(PHOTOS + "Trip to Marseille/IMG_20190701_093100.jpg", media(1, 3000))
                .add(PHOTOS + "Trip to Marseille/IMG_20190701_093100.jpg.supplemental-metadata.json",
                        sidecar("IMG_20190701_093100.jpg", "Vue sur la mer", NEW_YEAR, new double[]{43.2965, 5.3698, 12.5},
                                List.of("Ann", "Bob"), true))
                .add(PHOTOS + "Trip to Marseille/VID_20190702_101500.mp4", media(2, 5000))
                .add(PHOTOS + "Trip to Marseille/VID_20190702_101500.mp4.json", sidecar("VID_20190702_101500.mp4", null))
                .add(PHOTOS + "archive_browser.html", "<html></html>")
                .writeZip(temp.getRoot().toPath().resolve(PART_1));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip));
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(Takeout.exporter(10), context);

        PhotoAlbum trip = album(walk, "Trip to Marseille");
        assertEquals("Calanques, July", trip.description());
        List<MediaItem> items = walk.items().get(trip.id());
        assertEquals(List.of("IMG_20190701_093100.jpg", "VID_20190702_101500.mp4"), names(items));
        MediaItem photo = items.get(0);
        assertEquals(MediaKind.PHOTO, photo.kind());
        assertEquals("IMG_20190701_093100.jpg", photo.title());
        assertEquals("Vue sur la mer", photo.description());
        assertEquals(NEW_YEAR, photo.takenAt());
        assertEquals(new GeoLocation(43.2965, 5.3698, 12.5), photo.location());
        assertEquals("image/jpeg", photo.content().contentType());
        assertEquals(3000, photo.content().size());
        MediaItem video = items.get(1);
        assertEquals(MediaKind.VIDEO, video.kind());
        assertNull("Takeout's 0.0/0.0 is no place", video.location());
        assertEquals("no photoTakenTime: the upload time", Instant.ofEpochSecond(1577880000), video.takenAt());
        assertEquals(List.of("people", "favorite"), context.notKept().stream()
                .filter(n -> n.sourceId().equals(photo.id())).map(TestImportContext.NotKept::field).toList());
        try (InputStream in = Takeout.exporter(10).openMedia(context, photo.content())) {
            assertArrayEquals(media(1, 3000), in.readAllBytes());
        }
    }

    @Test
    public void aPhotoInAYearFolderAndAnAlbumIsOneItemInTheAlbum() throws Exception {
        Path zip = new TestArchive()
                .add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 1000))
                .add(PHOTOS + "Photos from 2019/IMG_0001.jpg.json", sidecar("IMG_0001.jpg", NEW_YEAR))
                .add(PHOTOS + "Photos from 2019/IMG_0002.jpg", media(2, 1000))
                .add(PHOTOS + "Photos from 2019/IMG_0002.jpg.json", sidecar("IMG_0002.jpg", NEW_YEAR))
                .add(PHOTOS + "Family/metadata.json", Takeout.album("Family", null))
                .add(PHOTOS + "Family/IMG_0001.jpg", media(1, 1000))
                .add(PHOTOS + "Family/IMG_0001.jpg.json", sidecar("IMG_0001.jpg", NEW_YEAR))
                .add(PHOTOS + "Best of/metadata.json", Takeout.album("Best of", null))
                .add(PHOTOS + "Best of/IMG_0001.jpg", media(1, 1000))
                .writeZip(temp.getRoot().toPath().resolve(PART_1));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip));
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(Takeout.exporter(10), context);

        assertEquals("a year folder is no album", List.of("Best of", "Family"), walk.containers().stream().map(PhotoAlbum::name).toList());
        assertEquals(List.of("IMG_0001.jpg"), names(walk.items().get(album(walk, "Best of").id())));
        assertEquals("kept in its first album only", List.of(), names(walk.items().getOrDefault(album(walk, "Family").id(), List.of())));
        assertEquals("only the photo in no album is at the root", List.of("IMG_0002.jpg"), names(walk.items().get(null)));
        assertTrue(context.notKept().stream().anyMatch(n -> n.field().equals("albums") && n.reason().contains("'Family'")));
    }

    /**
     * The case of immich-go issue 380, an Italian account: one photo in a year folder, the user's album "Amsterdam 2022"
     * and Google's "1 anno fa" (1 year ago, no album JSON), spread over parts, sidecars apart from their photos.
     */
    @Test
    public void aPhotoInSeveralFoldersIsKeptInTheUsersAlbum() throws Exception {
        Path folder = temp.newFolder("it").toPath();
        String photos = "Takeout/Google Foto/";
        byte[] photo = media(380, 1675);
        new TestArchive()
                .add(photos + "1 anno fa/130917ad28385b5a-photo.jpg", photo)
                .add(photos + "1 anno fa/130917ad28385b5a-photo.jpg.json", sidecar("130917ad28385b5a-photo.jpg", NEW_YEAR))
                .add(photos + "Photos from 2022/130917ad28385b5a-photo.jpg.json", sidecar("130917ad28385b5a-photo.jpg", NEW_YEAR))
                .writeZip(folder.resolve("takeout-20240712T112341Z-001.zip"));
        new TestArchive()
                .add(photos + "Photos from 2022/130917ad28385b5a-photo.jpg", photo)
                .add(photos + "Amsterdam 2022/metadati.json", Takeout.album("Amsterdam 2022", null))
                .add(photos + "Amsterdam 2022/130917ad28385b5a-photo.jpg.json", sidecar("130917ad28385b5a-photo.jpg", NEW_YEAR))
                .add(photos + "Amsterdam 2022/130917ad28385b5a-photo.jpg", photo)
                .writeZip(folder.resolve("takeout-20240712T112341Z-002.zip"));
        ExportWalk<PhotoAlbum, MediaItem> walk = walk(folder, 10);

        assertEquals(List.of("130917ad28385b5a-photo.jpg"), names(walk.allItems()));
        assertEquals(List.of("130917ad28385b5a-photo.jpg"), names(walk.items().get(album(walk, "Amsterdam 2022").id())));
        assertEquals(NEW_YEAR, walk.allItems().get(0).takenAt());
    }

    @Test
    public void aLivePhotoAndAMotionPhotoAreOneItemEach() throws Exception {
        Path zip = new TestArchive()
                .add(PHOTOS + "Photos from 2023/IMG_1234.HEIC", media(1, 2000))
                .add(PHOTOS + "Photos from 2023/IMG_1234.HEIC.supplemental-metadata.json", sidecar("IMG_1234.HEIC", NEW_YEAR))
                .add(PHOTOS + "Photos from 2023/IMG_1234.MP4", media(2, 4000))
                .add(PHOTOS + "Photos from 2023/PXL_20230506_101112131.MP.jpg", media(3, 2000))
                .add(PHOTOS + "Photos from 2023/PXL_20230506_101112131.MP", media(4, 4000))
                .add(PHOTOS + "Photos from 2023/VID_20230507_080000.mp4", media(5, 4000))
                .writeZip(temp.getRoot().toPath().resolve(PART_1));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip));
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(Takeout.exporter(10), context);

        List<MediaItem> items = walk.items().get(null);
        assertEquals(List.of("IMG_1234.HEIC", "PXL_20230506_101112131.MP.jpg", "VID_20230507_080000.mp4"), names(items));
        assertEquals("image/heic", items.get(0).content().contentType());
        assertTrue(context.notKept().stream().anyMatch(n -> n.sourceId().equals(items.get(0).id())
                && n.field().equals("content") && n.reason().contains("IMG_1234.MP4")));
        assertTrue(context.notKept().stream().anyMatch(n -> n.sourceId().equals(items.get(1).id())
                && n.reason().contains("PXL_20230506_101112131.MP'")));
    }

    @Test
    public void aMultiPartExportIsReadWholeFromAnyOfItsParts() throws Exception {
        Path folder = temp.newFolder("downloads").toPath();
        // Takeout cuts parts anywhere: the album's metadata, a photo and its sidecar can lie in different parts.
        new TestArchive()
                .add(PHOTOS + "Wedding/IMG_0100.jpg", media(1, 1500))
                .add(PHOTOS + "Wedding/IMG_0101.jpg.json", sidecar("IMG_0101.jpg", "The rings", NEW_YEAR, null, List.of(), false))
                .writeZip(folder.resolve(PART_1));
        new TestArchive()
                .add(PHOTOS + "Wedding/IMG_0101.jpg", media(2, 1500))
                .add(PHOTOS + "Wedding/metadata.json", Takeout.album("Wedding of A. & B.", null))
                .add(PHOTOS + "Wedding/IMG_0100.jpg.json", sidecar("IMG_0100.jpg", "The cake", NEW_YEAR, null, List.of(), false))
                .writeZip(folder.resolve(PART_2));
        new TestArchive().add("unrelated.jpg", media(9, 10)).writeZip(folder.resolve("takeout-20240101T000000Z-001.zip"));

        ExportWalk<PhotoAlbum, MediaItem> walk = walk(folder.resolve(PART_2), 1);
        PhotoAlbum wedding = album(walk, "Wedding of A. & B.");
        List<MediaItem> items = walk.items().get(wedding.id());
        assertEquals(List.of("IMG_0100.jpg", "IMG_0101.jpg"), names(items));
        assertEquals(List.of("The cake", "The rings"), items.stream().map(MediaItem::description).toList());
        assertTrue(items.get(1).content().uri().startsWith(PART_2 + "!"));
    }

    @Test
    public void aTgzExportIsReadAsAZipIs() throws Exception {
        String longAlbum = "An album whose name is long enough that its paths pass the hundred bytes of a tar header";
        Path tgz = new TestArchive()
                .add(PHOTOS + longAlbum + "/metadata.json", Takeout.album(longAlbum, "long"))
                .add(PHOTOS + longAlbum + "/IMG_0001.jpg", media(1, 700))
                .add(PHOTOS + longAlbum + "/IMG_0001.jpg.supplemental-metadata.json", sidecar("IMG_0001.jpg", NEW_YEAR))
                .add(PHOTOS + "Photos from 2019/IMG_0002.jpg", media(2, 1024))
                .writeTgz(temp.getRoot().toPath().resolve("takeout-20250101T000000Z-001.tgz"));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(tgz));
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(Takeout.exporter(10), context);

        MediaItem photo = walk.items().get(album(walk, longAlbum).id()).get(0);
        assertEquals(NEW_YEAR, photo.takenAt());
        assertEquals(List.of("IMG_0002.jpg"), names(walk.items().get(null)));
        try (InputStream in = Takeout.exporter(10).openMedia(context, photo.content())) {
            assertArrayEquals(media(1, 700), in.readAllBytes());
        }
        try (InputStream in = Takeout.exporter(10).openMedia(context, walk.items().get(null).get(0).content())) {
            assertArrayEquals(media(2, 1024), in.readAllBytes());
        }
    }

    /**
     * The engine checkpoints the cursor after each page; a kill -9 loses whatever came after. Resuming from every
     * checkpoint of a multi-part export, on a new exporter with a new job scratch (the catalog rebuilt), gives exactly
     * the rest: together with what was done before the crash, every item once.
     */
    @Test
    public void anExportResumedAfterACrashNeitherSkipsNorRepeats() throws Exception {
        Path folder = temp.newFolder("parts").toPath();
        TestArchive first = new TestArchive();
        TestArchive second = new TestArchive();
        for (int i = 0; i < 7; i++) {
            (i < 4 ? first : second).add(PHOTOS + "Photos from 2020/IMG_" + (1000 + i) + ".jpg", media(i, 300));
        }
        first.writeZip(folder.resolve(PART_1));
        second.writeZip(folder.resolve(PART_2));
        TransferEndpoint endpoint = Takeout.endpoint(folder);
        ExportWalk<PhotoAlbum, MediaItem> whole = walk(folder, 2);
        List<String> all = names(whole.items().get(null));
        assertEquals(7, all.size());

        List<ExportCursor> checkpoints = whole.steps().stream().map(s -> new ExportCursor(null, s.page().continuation()))
                .filter(c -> c.continuation() != null).toList();
        assertTrue("pages cross from one part into the next", checkpoints.stream().anyMatch(c -> c.continuation().startsWith("1:")));
        for (ExportCursor checkpoint : checkpoints) {
            List<String> seen = new ArrayList<>();
            for (ExportWalk.Step<PhotoAlbum, MediaItem> step : whole.steps()) {
                seen.addAll(names(step.page().items()));
                if (checkpoint.continuation().equals(step.page().continuation())) {
                    break;
                }
            }
            TestTransferContext restarted = new TestTransferContext(UUID.randomUUID(), endpoint);
            TakeoutPhotosExporter exporter = Takeout.exporter(2);
            for (ExportCursor cursor = checkpoint; cursor != null; ) {
                ExportPage<PhotoAlbum, MediaItem> page = exporter.export(restarted, cursor);
                seen.addAll(names(page.items()));
                cursor = page.continuation() == null ? null : new ExportCursor(null, page.continuation());
            }
            assertEquals("resumed at " + checkpoint.continuation(), all, seen);
        }
    }

    @Test
    public void unsafeEntryNamesAreRejectedAndNeverServed() throws Exception {
        Path zip = new TestArchive()
                .add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 100))
                .add(PHOTOS + "Photos from 2019/../../../../etc/evil.jpg", media(2, 100))
                .add("/Takeout/Google Photos/Photos from 2019/absolute.jpg", media(3, 100))
                .add(PHOTOS + "Photos from 2019/..\\..\\windows.jpg", media(4, 100))
                .writeZip(temp.getRoot().toPath().resolve(PART_1));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip));
        ExportWalk<PhotoAlbum, MediaItem> walk = ExportWalk.of(Takeout.exporter(10), context);

        assertEquals(List.of("IMG_0001.jpg"), names(walk.allItems()));
        assertEquals(3, walk.rejected().size());
        assertTrue(walk.rejected().toString(), walk.rejected().stream().anyMatch(r -> r.sourceId().contains("evil.jpg")
                && r.reason().contains("climbing out")));
        assertThrows(org.dtp.spi.ItemRejectedException.class, () -> Takeout.exporter(10).openMedia(context,
                new org.dtp.models.MediaRef(PART_1 + "!" + PHOTOS + "Photos from 2019/../../../../etc/evil.jpg", "image/jpeg", 100)));
    }

    @Test
    public void operatorsPathsMustLieUnderTheAllowedRoots() throws Exception {
        Path allowed = temp.newFolder("takeouts").toPath();
        Path elsewhere = temp.newFolder("elsewhere").toPath();
        new TestArchive().add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 100)).writeZip(elsewhere.resolve(PART_1));
        new TestArchive().add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 100)).writeZip(allowed.resolve(PART_1));
        TakeoutPhotosExporter exporter = new TakeoutPhotosExporter(new ArchiveSettings(List.of(allowed), 10, 1000, 1L << 30, 100));

        exporter.validate(Takeout.endpoint(allowed.resolve(PART_1)));
        InvalidEndpointException outside = assertThrows(InvalidEndpointException.class,
                () -> exporter.validate(Takeout.endpoint(elsewhere.resolve(PART_1))));
        assertTrue(outside.getMessage(), outside.getMessage().contains("outside"));
        assertThrows(InvalidEndpointException.class,
                () -> exporter.validate(Takeout.endpoint(allowed.resolve("../elsewhere/" + PART_1))));
        assertThrows(InvalidEndpointException.class, () -> exporter.validate(Takeout.endpoint(Path.of("relative.zip"))));
    }

    @Test
    public void endUsersMayOnlyNamePathsUnderTheUserRoots() throws Exception {
        Path uploads = temp.newFolder("uploads").toPath();
        Path operators = temp.newFolder("operators").toPath();
        new TestArchive().add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 100)).writeZip(uploads.resolve(PART_1));
        new TestArchive().add(PHOTOS + "Photos from 2019/IMG_0002.jpg", media(2, 100)).writeZip(operators.resolve(PART_1));
        TakeoutPhotosExporter exporter = new TakeoutPhotosExporter(new ArchiveSettings(List.of(), List.of(uploads), 10, 1000, 1L << 30, 100));
        TransferEndpoint operatorsArchive = Takeout.endpoint(operators.resolve(PART_1));

        assertEquals(1, ExportWalk.of(exporter, new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(uploads))).allItems().size());
        assertEquals(1, ExportWalk.of(exporter, new TestTransferContext(UUID.randomUUID(), operatorsArchive).ofOperators()).allItems().size());
        InvalidEndpointException refused = assertThrows(InvalidEndpointException.class,
                () -> exporter.export(new TestTransferContext(UUID.randomUUID(), operatorsArchive), ExportCursor.root()));
        assertTrue(refused.getMessage(), refused.getMessage().contains("userRoots"));
        exporter.validate(operatorsArchive);
    }

    /** A person's uploaded parts are read whatever the roots, in the order of their names; nobody else's. */
    @Test
    public void aTransferReadsTheArchiveItsOwnerUploaded() throws Exception {
        Path store = temp.newFolder("upload-store").toPath();
        Path second = Files.createDirectories(store.resolve("b")).resolve("takeout-20250101T000000Z-002.zip");
        Path first = Files.createDirectories(store.resolve("a")).resolve("takeout-20250101T000000Z-001.zip");
        new TestArchive().add(PHOTOS + "Photos from 2019/IMG_0001.jpg", media(1, 100)).writeZip(first);
        new TestArchive().add(PHOTOS + "Photos from 2019/IMG_0002.jpg", media(2, 100)).writeZip(second);
        String firstId = "0".repeat(31) + "1";
        String secondId = "0".repeat(31) + "2";
        // No roots at all: an end user may name no path, but may read their uploads.
        TakeoutPhotosExporter exporter = new TakeoutPhotosExporter(new ArchiveSettings(List.of(), List.of(), 10, 1000, 1L << 30, 100));
        TransferEndpoint uploaded = new TransferEndpoint("takeout", java.util.Map.of(ArchiveSettings.UPLOAD, secondId + "," + firstId));
        exporter.validate(uploaded);

        TestTransferContext owners = new TestTransferContext(UUID.randomUUID(), uploaded)
                .withUploads(java.util.Map.of(firstId, first, secondId, second));
        assertEquals(List.of("IMG_0001.jpg", "IMG_0002.jpg"), ExportWalk.of(exporter, owners).allItems().stream()
                .map(MediaItem::fileName).sorted().toList());

        // Another person's transfer naming the same ids finds none of them.
        TestTransferContext strangers = new TestTransferContext(UUID.randomUUID(), uploaded).withUploads(java.util.Map.of(firstId, first));
        InvalidEndpointException unknown = assertThrows(InvalidEndpointException.class,
                () -> exporter.export(strangers, ExportCursor.root()));
        assertTrue(unknown.getMessage(), unknown.getMessage().contains("no upload '" + secondId + "' of yours"));

        assertThrows(InvalidEndpointException.class, () -> exporter.validate(new TransferEndpoint("takeout",
                java.util.Map.of(ArchiveSettings.UPLOAD, "../../etc/passwd"))));
        assertThrows(InvalidEndpointException.class, () -> exporter.validate(new TransferEndpoint("takeout",
                java.util.Map.of(ArchiveSettings.UPLOAD, firstId, ArchiveSettings.PATH, first.toString()))));
    }
}
