package org.dtp.adapters.localfs;

import org.dtp.adapters.localfs.media.LocalFolderMediaExporter;
import org.dtp.adapters.localfs.media.LocalFolderMediaImporter;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransferContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The real sample photos under src/test/resources/samples (see the README there) and helpers around them. */
public final class Samples {
    /** HTC Desire, with GPS: DateTimeOriginal 2011:05:06 09:59:48, GPS time 07:59:48 UTC. */
    public static final String HTC = "htc-desire.jpg";
    /** Canon Digital IXUS 400: DateTimeOriginal 2003:09:06 14:45:48, no GPS. */
    public static final String CANON = "canon-ixus-400.jpg";
    /** Olympus PEN E-P3: DateTimeOriginal 2013:08:27 19:45:23, no GPS. */
    public static final String OLYMPUS = "olympus-pen-e-p3.jpg";

    private Samples() {
    }

    public static byte[] bytes(String sample) {
        try (InputStream in = Samples.class.getResourceAsStream("/samples/" + sample)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + sample);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path copy(String sample, Path folder, String as) throws IOException {
        Files.createDirectories(folder);
        return Files.write(folder.resolve(as), bytes(sample));
    }

    public static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(Path file) throws IOException {
        return sha256(Files.readAllBytes(file));
    }

    /** An item as another service might export it, its bytes being the sample's. */
    public static MediaItem item(String id, String fileName, String sample, String title, String description, Instant takenAt) {
        return MediaItem.builder()
                .id(id)
                .kind(MediaKind.PHOTO)
                .fileName(fileName)
                .title(title)
                .description(description)
                .takenAt(takenAt)
                .content(new MediaRef("test:" + sample, "image/jpeg", bytes(sample).length))
                .build();
    }

    /** Every album and item an exporter gives, walking containers the way the engine does. */
    public static Export exportAll(LocalFolderMediaExporter exporter, TransferContext context) throws Exception {
        Export all = new Export(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        Deque<String> containers = new ArrayDeque<>();
        containers.add("");
        while (!containers.isEmpty()) {
            String container = containers.poll();
            String continuation = null;
            do {
                ExportPage<PhotoAlbum, MediaItem> page =
                        exporter.export(context, new ExportCursor(container.isEmpty() ? null : container, continuation));
                all.pages().add(page);
                for (PhotoAlbum album : page.containers()) {
                    all.albums().add(album);
                    containers.add(album.id());
                }
                all.items().addAll(page.items());
                continuation = page.continuation();
            } while (continuation != null);
        }
        return all;
    }

    public record Export(List<PhotoAlbum> albums, List<MediaItem> items, List<ExportPage<PhotoAlbum, MediaItem>> pages) {
        public Map<String, MediaItem> itemsById() {
            Map<String, MediaItem> byId = new LinkedHashMap<>();
            items.forEach(i -> byId.put(i.id(), i));
            return byId;
        }
    }

    /** Copies everything from one folder to another through the adapter, as the engine's copy loop would. */
    public static void transfer(Path from, Path to, LocalFolderSettings settings) throws Exception {
        LocalFolderMediaExporter exporter = new LocalFolderMediaExporter(settings);
        LocalFolderMediaImporter importer = new LocalFolderMediaImporter(settings);
        TransferContext source = TestContexts.source(from);
        ImportContext destination = TestContexts.destination(to, ref -> exporter.openMedia(source, ref));
        Deque<String[]> containers = new ArrayDeque<>();
        containers.add(new String[]{null, null});
        while (!containers.isEmpty()) {
            String[] pair = containers.poll();
            String continuation = null;
            do {
                ExportPage<PhotoAlbum, MediaItem> page = exporter.export(source, new ExportCursor(pair[0], continuation));
                for (PhotoAlbum album : page.containers()) {
                    String id = importer.importContainer(destination, "album:" + album.id(), album, pair[1]);
                    containers.add(new String[]{album.id(), id});
                }
                for (MediaItem item : page.items()) {
                    importer.importItem(destination, "item:" + item.id(), item, pair[1]);
                }
                continuation = page.continuation();
            } while (continuation != null);
        }
    }
}
