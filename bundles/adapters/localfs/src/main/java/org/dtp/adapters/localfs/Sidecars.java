package org.dtp.adapters.localfs;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.ModelJson;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The JSON sidecars an import leaves beside what it wrote, so that a retried import finds its earlier
 * work (by idempotency key) and a later export of the folder gets the metadata back. Written with the
 * models' mapper ({@link ModelJson#newObjectMapper()}: ISO-8601 times, no nulls, unknown fields ignored).
 */
final class Sidecars {
    static final String ALBUM_FORMAT = "dtp.localfs.album";
    static final String ITEM_FORMAT = "dtp.localfs.item";
    static final int FORMAT_VERSION = 1;
    /** Ours are a few KB; anything much larger was not written by us and is not read into memory. */
    static final long MAX_SIDECAR_BYTES = 1 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(Sidecars.class);
    private static final ObjectMapper MAPPER = ModelJson.newObjectMapper();

    /** {@code .dtp-album.json} in an album folder. {@code folderName} tells whether the folder was renamed since. */
    record AlbumSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                        String name, String description, String folderName) {
        AlbumSidecar(String idempotencyKey, String sourceId, String name, String description, String folderName) {
            this(ALBUM_FORMAT, FORMAT_VERSION, idempotencyKey, sourceId, name, description, folderName);
        }
    }

    /**
     * {@code <storedName>.dtp.json} beside an imported file. {@code fileName} is the name the item had at
     * its source, {@code storedName} the (sanitised, numbered) name it has here.
     */
    record ItemSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                       MediaKind kind, String fileName, String storedName, String contentType, long size, String sha256,
                       String title, String description, Instant takenAt, GeoLocation location,
                       Integer width, Integer height, Map<String, String> exif) {
        ItemSidecar {
            // sorted, so that the same item always gives the same bytes
            exif = exif == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(exif));
        }
    }

    private Sidecars() {
    }

    static Optional<AlbumSidecar> readAlbum(Path folder) throws IOException {
        return read(folder.resolve(FolderLayout.ALBUM_SIDECAR), AlbumSidecar.class, ALBUM_FORMAT);
    }

    static Optional<ItemSidecar> readItem(Path file) throws IOException {
        return read(FolderLayout.itemSidecar(file), ItemSidecar.class, ITEM_FORMAT);
    }

    /** The sidecar, or empty if there is none or it is not one of ours (logged). */
    private static <T> Optional<T> read(Path path, Class<T> type, String format) throws IOException {
        byte[] json;
        try {
            if (Files.size(path) > MAX_SIDECAR_BYTES) {
                LOG.debug("ignoring {}: larger than a sidecar can be", path);
                return Optional.empty();
            }
            json = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        try {
            var tree = MAPPER.readTree(json);
            if (tree == null || !format.equals(tree.path("format").asText())) {
                LOG.debug("ignoring {}: not a {} sidecar", path, format);
                return Optional.empty();
            }
            return Optional.of(MAPPER.treeToValue(tree, type));
        } catch (IOException | IllegalArgumentException e) {
            LOG.debug("ignoring unreadable sidecar {}: {}", path, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Writes a sidecar whole or not at all: to a hidden temp file in the same folder, flushed to disk,
     * then renamed ({@code sync} false skips the flush). With {@code replace} false the rename fails with
     * {@link java.nio.file.FileAlreadyExistsException} if {@code target} exists.
     */
    static void write(boolean sync, Path target, Object sidecar, boolean replace) throws IOException {
        Path temp = target.resolveSibling(FolderLayout.TEMP_PREFIX + UUID.randomUUID() + ".json");
        try {
            ByteBuffer json = ByteBuffer.wrap(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(sidecar));
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                while (json.hasRemaining()) {
                    channel.write(json);
                }
                if (sync) {
                    channel.force(true);
                }
            }
            if (replace) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.move(temp, target);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
