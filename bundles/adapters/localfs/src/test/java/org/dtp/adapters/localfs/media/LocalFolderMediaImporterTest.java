package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.Samples;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.kit.testing.TestImportContext;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.ModelJson;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class LocalFolderMediaImporterTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private Path root;
    private LocalFolderMediaImporter importer;
    private TestImportContext context;

    @Before
    public void setUp() throws Exception {
        root = temp.getRoot().toPath().resolve("imported"); // does not exist yet: the importer creates it
        importer = Adapters.importer();
        context = TestContexts.destination(root, ref -> new ByteArrayInputStream(sampleOf(ref)));
    }

    private static byte[] sampleOf(MediaRef ref) {
        return Samples.bytes(ref.uri().substring("test:".length()));
    }

    private static MediaItem photo(String fileName) {
        return Samples.item("src/" + fileName, fileName, Samples.HTC, "A title", "A description",
                Instant.parse("2011-05-06T07:59:48Z"));
    }

    private List<String> namesIn(Path folder) throws Exception {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    public void importedFileIsByteIdenticalToTheSource() throws Exception {
        String id = importer.importItem(context, "k1", photo("duomo.jpg"), null);

        assertEquals("duomo.jpg", id);
        assertEquals(Samples.sha256(Samples.bytes(Samples.HTC)), Samples.sha256(root.resolve("duomo.jpg")));
    }

    @Test
    public void itemsOfOneNameImportedAtOnceEachGetANameOfTheirOwn() throws Exception {
        int threads = 16;
        for (int round = 0; round < 10; round++) {
            Path folder = temp.getRoot().toPath().resolve("round-" + round);
            java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(threads);
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
            List<java.util.concurrent.Future<String>> ids = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String key = "k" + t;
                TestImportContext own = TestContexts.destination(folder, ref -> new ByteArrayInputStream(sampleOf(ref)));
                ids.add(pool.submit(() -> {
                    together.await();
                    return importer.importItem(own, key, photo("IMG_0001.jpg"), null);
                }));
            }
            java.util.Set<String> distinct = new java.util.HashSet<>();
            for (java.util.concurrent.Future<String> id : ids) {
                distinct.add(id.get(30, java.util.concurrent.TimeUnit.SECONDS));
            }
            pool.shutdown();
            assertEquals(threads, distinct.size());
            java.util.Set<String> keys = new java.util.HashSet<>();
            for (String id : distinct) {
                assertEquals(Samples.sha256(Samples.bytes(Samples.HTC)), Samples.sha256(folder.resolve(id)));
                keys.add(ModelJson.newObjectMapper().readTree(folder.resolve(id + ".dtp.json").toFile())
                        .path("idempotencyKey").asText());
            }
            assertEquals("each file's sidecar holds its own key", threads, keys.size());
        }
    }

    @Test
    public void sidecarHoldsTheKeyAndTheMetadata() throws Exception {
        MediaItem item = new MediaItem("src/1", MediaKind.PHOTO, "duomo.jpg", "Duomo", "From the roof",
                Instant.parse("2011-05-06T07:59:48Z"), new GeoLocation(45.5, 9.11, 217.0), 776, 909,
                Map.of("Make", "HTC"), new MediaRef("test:" + Samples.HTC, "image/jpeg", -1));
        importer.importItem(context, "k1", item, null);
        JsonNode sidecar = ModelJson.newObjectMapper().readTree(root.resolve("duomo.jpg.dtp.json").toFile());

        assertEquals("dtp.localfs.item", sidecar.path("format").asText());
        assertEquals("k1", sidecar.path("idempotencyKey").asText());
        assertEquals("src/1", sidecar.path("sourceId").asText());
        assertEquals("Duomo", sidecar.path("title").asText());
        assertEquals("From the roof", sidecar.path("description").asText());
        assertEquals("2011-05-06T07:59:48Z", sidecar.path("takenAt").asText());
        assertEquals(45.5, sidecar.path("location").path("latitude").asDouble(), 0);
        assertEquals(776, sidecar.path("width").asInt());
        assertEquals("HTC", sidecar.path("exif").path("Make").asText());
        assertEquals("image/jpeg", sidecar.path("contentType").asText());
        assertEquals(Samples.bytes(Samples.HTC).length, sidecar.path("size").asLong());
        assertEquals(Samples.sha256(Samples.bytes(Samples.HTC)), sidecar.path("sha256").asText());
    }

    @Test
    public void sameKeyTwiceWritesOnceAndReturnsTheSameId() throws Exception {
        String first = importer.importItem(context, "k1", photo("duomo.jpg"), null);
        FileTime written = Files.getLastModifiedTime(root.resolve(first));
        String second = importer.importItem(context, "k1", photo("duomo.jpg"), null);

        assertEquals(first, second);
        assertEquals(1, context.opened());
        assertEquals(written, Files.getLastModifiedTime(root.resolve(first)));
        assertEquals(List.of("duomo.jpg", "duomo.jpg.dtp.json"), namesIn(root));
    }

    @Test
    public void anotherItemOfTheSameNameIsNumbered() throws Exception {
        assertEquals("IMG_1.jpg", importer.importItem(context, "k1", photo("IMG_1.jpg"), null));
        assertEquals("IMG_1 (2).jpg", importer.importItem(context, "k2", photo("IMG_1.jpg"), null));
        assertEquals("IMG_1 (3).jpg", importer.importItem(context, "k3", photo("IMG_1.jpg"), null));
        assertEquals("IMG_1 (2).jpg", importer.importItem(context, "k2", photo("IMG_1.jpg"), null));
    }

    @Test
    public void aFileAlreadyThereIsNeverOverwritten() throws Exception {
        Files.createDirectories(root);
        Files.writeString(root.resolve("mine.jpg"), "the user's own file");
        assertEquals("mine (2).jpg", importer.importItem(context, "k1", photo("mine.jpg"), null));
        assertEquals("the user's own file", Files.readString(root.resolve("mine.jpg")));
    }

    @Test
    public void nameClaimedByAnEarlierAttemptIsReused() throws Exception {
        importer.importItem(context, "k1", photo("a.jpg"), null);
        Files.delete(root.resolve("a.jpg")); // as if the attempt died between writing the sidecar and the rename
        assertEquals("a.jpg", importer.importItem(context, "k1", photo("a.jpg"), null));
        assertEquals(Samples.sha256(Samples.bytes(Samples.HTC)), Samples.sha256(root.resolve("a.jpg")));
    }

    @Test
    public void streamFailingMidwayLeavesNoFileBehind() throws Exception {
        byte[] data = Samples.bytes(Samples.HTC);
        TestImportContext failing = TestContexts.destination(root, ref -> TestContexts.failingAfter(data, 70_000));

        assertThrows(TransientAdapterException.class, () -> importer.importItem(failing, "k1", photo("duomo.jpg"), null));
        assertEquals(List.of(), namesIn(root));
        assertEquals("duomo.jpg", importer.importItem(context, "k1", photo("duomo.jpg"), null)); // the retry
        assertEquals(List.of("duomo.jpg", "duomo.jpg.dtp.json"), namesIn(root));
    }

    @Test
    public void streamShorterThanAnnouncedLeavesNoFileBehind() throws Exception {
        byte[] data = Samples.bytes(Samples.HTC);
        TestImportContext truncated =
                TestContexts.destination(root, ref -> new ByteArrayInputStream(data, 0, 1000));

        assertThrows(TransientAdapterException.class, () -> importer.importItem(truncated, "k1", photo("duomo.jpg"), null));
        assertEquals(List.of(), namesIn(root));
    }

    @Test
    public void hostileFileNamesStayInsideTheFolder() throws Exception {
        Files.createDirectories(root);
        List<String> before = namesIn(root.getParent());
        assertEquals("_x.jpg", importer.importItem(context, "k1", photo("../x.jpg"), null));
        assertEquals("a_b.jpg", importer.importItem(context, "k2", photo("a/b.jpg"), null));
        assertEquals("a_b (2).jpg", importer.importItem(context, "k3", photo("a\\b.jpg"), null));
        assertEquals("_con.jpg", importer.importItem(context, "k4", photo("con\u0000"), null));
        assertEquals("_.jpg", importer.importItem(context, "k5", photo("../.."), null));

        assertEquals(before, namesIn(root.getParent()));
        assertEquals(List.of("_.jpg", "_.jpg.dtp.json", "_con.jpg", "_con.jpg.dtp.json", "_x.jpg", "_x.jpg.dtp.json",
                "a_b (2).jpg", "a_b (2).jpg.dtp.json", "a_b.jpg", "a_b.jpg.dtp.json"), namesIn(root));
    }

    @Test
    public void hostileAlbumNamesStayInsideTheFolder() throws Exception {
        assertEquals("_evil", importer.importContainer(context, "a1", new PhotoAlbum("1", "../evil", null), null));
        assertEquals("x_y", importer.importContainer(context, "a2", new PhotoAlbum("2", "x/y", null), null));
        assertEquals("Album", importer.importContainer(context, "a3", new PhotoAlbum("3", "..", null), null));
        assertEquals(List.of("Album", "_evil", "x_y"), namesIn(root));
    }

    @Test
    public void unicodeNamesAreKept() throws Exception {
        assertEquals("Été à Zürich 東京", importer.importContainer(context, "a1", new PhotoAlbum("1", "Été à Zürich 東京", null), null));
        assertEquals("Été à Zürich 東京/café.jpg",
                importer.importItem(context, "k1", photo("café.jpg"), "Été à Zürich 東京"));
    }

    @Test
    public void missingExtensionIsTakenFromTheContentType() throws Exception {
        assertEquals("IMG_2.jpg", importer.importItem(context, "k1", photo("IMG_2"), null));
    }

    @Test
    public void albumIsCreatedOnceAndNumberedOnCollision() throws Exception {
        Files.createDirectories(root.resolve("Trip"));
        PhotoAlbum trip = new PhotoAlbum("s1", "Trip", "Summer");

        assertEquals("Trip (2)", importer.importContainer(context, "a1", trip, null));
        assertEquals("Trip (2)", importer.importContainer(context, "a1", trip, null));
        assertEquals("Trip (3)", importer.importContainer(context, "a2", trip, null));
        assertEquals(List.of("Trip", "Trip (2)", "Trip (3)"), namesIn(root));
        assertEquals(List.of(".dtp-album.json"), namesIn(root.resolve("Trip (2)")));
        JsonNode sidecar = ModelJson.newObjectMapper().readTree(root.resolve("Trip (2)/.dtp-album.json").toFile());
        assertEquals("a1", sidecar.path("idempotencyKey").asText());
        assertEquals("Trip", sidecar.path("name").asText());
        assertEquals("Summer", sidecar.path("description").asText());
    }

    @Test
    public void albumInAnAlbumIsCreatedUnderItsParent() throws Exception {
        String parent = importer.importContainer(context, "a1", new PhotoAlbum("s1", "2011", null), null);
        String child = importer.importContainer(context, "a2", new PhotoAlbum("s2", "Milan", null), parent);
        String item = importer.importItem(context, "k1", photo("duomo.jpg"), child);

        assertEquals("2011/Milan", child);
        assertEquals("2011/Milan/duomo.jpg", item);
        assertTrue(Files.isRegularFile(root.resolve("2011/Milan/duomo.jpg")));
    }

    @Test
    public void itemIntoAMissingAlbumFails() {
        assertThrows(AdapterException.class, () -> importer.importItem(context, "k1", photo("a.jpg"), "nope"));
        assertThrows(AdapterException.class, () -> importer.importItem(context, "k1", photo("a.jpg"), "../x"));
        assertFalse(Files.exists(root.getParent().resolve("x")));
    }

    @Test
    public void aChangedPhotoIsRewrittenInPlaceWithItsSidecarAndItsTime() throws Exception {
        String id = importer.importItem(context, "k1", photo("duomo.jpg"), null);
        Instant edited = Instant.parse("2024-02-03T04:05:06Z");
        MediaItem changed = Samples.item("src/duomo.jpg", "duomo.jpg", Samples.CANON, "Edited", null, null).toBuilder()
                .exif(Map.of(FileModifyDate.KEY, edited.toString())).build();

        assertEquals(id, importer.updateItem(context, "k2", changed, null, id));

        assertEquals(List.of("duomo.jpg", "duomo.jpg.dtp.json"), namesIn(root));
        assertEquals(Samples.sha256(Samples.bytes(Samples.CANON)), Samples.sha256(root.resolve("duomo.jpg")));
        assertEquals(FileTime.from(edited), Files.getLastModifiedTime(root.resolve("duomo.jpg")));
        JsonNode sidecar = ModelJson.newObjectMapper().readTree(root.resolve("duomo.jpg.dtp.json").toFile());
        assertEquals("Edited", sidecar.path("title").asText());
        assertEquals(Samples.sha256(Samples.bytes(Samples.CANON)), sidecar.path("sha256").asText());
        assertEquals("the first import's key: its retry still finds the file", "k1", sidecar.path("idempotencyKey").asText());
        assertEquals(id, importer.importItem(context, "k1", photo("duomo.jpg"), null));
    }

    @Test
    public void aPhotoGoneOrOfAnotherTypeIsNotUpdatedAndNothingIsLeftBehind() throws Exception {
        String id = importer.importItem(context, "k1", photo("duomo.jpg"), null);
        MediaItem asPng = Samples.item("src/duomo.png", "duomo.png", Samples.CANON, null, null, null);
        assertThrows(org.dtp.spi.ItemNotUpdatableException.class, () -> importer.updateItem(context, "k1", asPng, null, id));
        assertEquals(Samples.sha256(Samples.bytes(Samples.HTC)), Samples.sha256(root.resolve("duomo.jpg")));

        Files.delete(root.resolve("duomo.jpg"));
        assertThrows(org.dtp.spi.ItemNotUpdatableException.class, () -> importer.updateItem(context, "k1", photo("duomo.jpg"), null, id));
        assertEquals(List.of("duomo.jpg.dtp.json"), namesIn(root));
    }
}
