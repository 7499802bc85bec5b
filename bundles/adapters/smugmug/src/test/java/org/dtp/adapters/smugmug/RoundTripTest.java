package org.dtp.adapters.smugmug;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.core.testing.TestEngine;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;

/**
 * localfs → SmugMug (the fake) → localfs through the real engine outside OSGi (H2 job store, checkpoints,
 * ledger, retries), with SmugMug answering 429s and losing an upload's answer on the way: bytes, titles,
 * captions and album membership arrive as they left, each item once.
 */
public class RoundTripTest {
    private Fixture f;
    private Path work;
    private TestEngine engine;

    private static final LocalFolderConfig LOCALFS = new LocalFolderConfig() {
        @Override public String[] allowedRoots() { return new String[0]; }
        @Override public int pageSize() { return 2; }
        @Override public boolean syncToDisk() { return false; }
        @Override public int changeTimeMarginSeconds() { return 2; }
        @Override public Class<? extends Annotation> annotationType() { return LocalFolderConfig.class; }
    };

    @Before
    public void start() throws Exception {
        f = new Fixture();
        work = Files.createTempDirectory("roundtrip");
        SmugMugConnector connector = new SmugMugConnector(f.settings().pageSize(2).build());
        engine = new TestEngine()
                .exporter("localfs", Vertical.MEDIA, new LocalFolderMediaExporter(LOCALFS))
                .importer("localfs", Vertical.MEDIA, new LocalFolderMediaImporter(LOCALFS))
                .exporter("smugmug", Vertical.MEDIA, new SmugMugMediaExporter(connector))
                .importer("smugmug", Vertical.MEDIA, new SmugMugMediaImporter(connector));
    }

    @After
    public void stop() throws IOException {
        engine.close();
        f.close();
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** What a folder holds, as the localfs exporter reads it: album name → file name → (title, caption, SHA-256). */
    private static Map<String, Map<String, List<String>>> contents(Path folder) throws Exception {
        LocalFolderMediaExporter exporter = new LocalFolderMediaExporter(LOCALFS);
        TransferEndpoint endpoint = new TransferEndpoint("localfs", Map.of("path", folder.toString()));
        TransferContext ctx = new TestTransferContext(UUID.randomUUID(), endpoint);
        Map<String, Map<String, List<String>>> out = new TreeMap<>();
        List<PhotoAlbum> pending = new ArrayList<>();
        pending.add(new PhotoAlbum("(root)", "(root)", null));
        while (!pending.isEmpty()) {
            PhotoAlbum album = pending.remove(0);
            String id = album.id().equals("(root)") ? null : album.id();
            String continuation = null;
            do {
                ExportPage<PhotoAlbum, MediaItem> page = exporter.export(ctx, new ExportCursor(id, continuation));
                pending.addAll(page.containers());
                for (MediaItem item : page.items()) {
                    String sha;
                    try (InputStream in = exporter.openMedia(ctx, item.content())) {
                        sha = Fixture.sha256(in);
                    }
                    out.computeIfAbsent(album.name(), k -> new TreeMap<>()).put(item.fileName(),
                            List.of(String.valueOf(item.title()), String.valueOf(item.description()), sha));
                }
                continuation = page.continuation();
            } while (continuation != null);
        }
        return out;
    }

    private TransferJob run(TransferEndpoint from, TransferEndpoint to) throws Exception {
        return engine.run(Vertical.MEDIA, from, to);
    }

    @Test
    public void localFolderToSmugMugAndBack() throws Exception {
        Path source = Files.createDirectories(work.resolve("source"));
        Path back = work.resolve("back");
        Random random = new Random(1);
        // The source folder, written by the localfs importer so that titles and captions live in its sidecars.
        LocalFolderMediaImporter writer = new LocalFolderMediaImporter(LOCALFS);
        Map<String, byte[]> bytes = new java.util.HashMap<>();
        TestImportContext ctx = new TestImportContext(UUID.randomUUID(), new TransferEndpoint("localfs", Map.of("path", source.toString())),
                ref -> new ByteArrayInputStream(bytes.get(ref.uri())));
        String milan = writer.importContainer(ctx, "c:milan", new PhotoAlbum("milan", "Milan 2011", null), null);
        String trips = writer.importContainer(ctx, "c:trips", new PhotoAlbum("trips", "Trips", null), null);
        String alps = writer.importContainer(ctx, "c:alps", new PhotoAlbum("alps", "Alps", null), trips);
        String[][] photos = {
                {milan, "IMG_0042.jpg", "Duomo", "From the roof"},
                {milan, "IMG_0043.jpg", "Galleria", "Café at noon\nsecond line"},
                {milan, "IMG_0044.jpg", "Navigli", null},
                {trips, "map.png", "The map", null},
                {alps, "summit.jpg", "Summit", "3,000 m"},
                {alps, "Straße.jpg", "Über den Wolken", "Schön"},
                {null, "loose.jpg", "Loose", "in no album"}};
        for (String[] p : photos) {
            byte[] data = new byte[20_000 + random.nextInt(50_000)];
            random.nextBytes(data);
            bytes.put(p[1], data);
            writer.importItem(ctx, "i:" + p[1], MediaItem.builder()
                    .id(p[1])
                    .kind(MediaKind.PHOTO)
                    .fileName(p[1])
                    .title(p[2])
                    .description(p[3])
                    .content(new MediaRef(p[1], p[1].endsWith(".png") ? "image/png" : "image/jpeg", data.length))
                    .build(), p[0]);
        }
        Map<String, Map<String, List<String>>> before = contents(source);

        // Out to SmugMug, with SmugMug pushing back on the way.
        f.fake.failNext(2, 429, "0", "/api/v2/album/");
        f.fake.loseNextUploadResponses(1);
        TransferEndpoint smugmug = f.endpoint(f.ann);
        TransferJob out = run(new TransferEndpoint("localfs", Map.of("path", source.toString())), smugmug);
        assertEquals(out.toString(), JobState.COMPLETED, out.state());
        assertEquals(7, out.items());
        assertEquals("each photo uploaded once", 7, f.fake.uploads());

        // And back into a new folder.
        TransferJob in = run(smugmug, new TransferEndpoint("localfs", Map.of("path", back.toString())));
        assertEquals(in.toString(), JobState.COMPLETED, in.state());
        assertEquals(7, in.items());

        Map<String, Map<String, List<String>>> after = contents(back);
        // SmugMug has no albums in albums, and no photos outside albums: Alps comes back beside Trips, and the
        // loose photo in the album for loose items. Everything else is as it was.
        Map<String, Map<String, List<String>>> expected = new TreeMap<>(before);
        expected.put("Imported photos", expected.remove("(root)"));
        assertEquals(expected, after);
        assertEquals(List.of("Duomo", "From the roof"), after.get("Milan 2011").get("IMG_0042.jpg").subList(0, 2));
        assertEquals("Café at noon\nsecond line", after.get("Milan 2011").get("IMG_0043.jpg").get(1));
        assertEquals("Über den Wolken", after.get("Alps").get("Straße.jpg").get(0));
        assertEquals(new String("ok".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8), "ok");
    }
}
