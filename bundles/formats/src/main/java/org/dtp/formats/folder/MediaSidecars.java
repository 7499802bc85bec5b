package org.dtp.formats.folder;

import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaKind;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The media part of the folder layout that the local folder, WebDAV and object-storage adapters share: the JSON
 * sidecars an import leaves beside an album's folder and a media file, and their names. Written and read with the
 * models' mapper ({@link org.dtp.models.ModelJson#newObjectMapper()}: ISO-8601 times, no nulls, unknown fields
 * ignored). The format names say {@code localfs}, where the layout began; they stay so that folders written
 * before still read.
 */
public final class MediaSidecars {
    /** Hidden sidecar inside an album folder an import created. */
    public static final String ALBUM_SIDECAR = ".dtp-album.json";
    /** Suffix of the sidecar next to an imported file: {@code <fileName>.dtp.json}. */
    public static final String ITEM_SIDECAR_SUFFIX = ".dtp.json";
    public static final String ALBUM_FORMAT = "dtp.localfs.album";
    public static final String ITEM_FORMAT = "dtp.localfs.item";
    public static final int FORMAT_VERSION = 1;
    /**
     * A file's modification time in an item's {@code exif} map, under exiftool's name for it, as an ISO-8601 instant:
     * the canonical MediaItem has no field of its own for it, and the map is what every destination that keeps
     * metadata apart from the file already stores.
     */
    public static final String FILE_MODIFY_DATE = "FileModifyDate";

    private MediaSidecars() {
    }

    /** Whether a name in a folder is ours or hidden rather than a person's media or album. */
    public static boolean ignored(String name) {
        return name.startsWith(".") || name.endsWith(ITEM_SIDECAR_SUFFIX);
    }

    /** The name of the sidecar beside the file {@code fileName}. */
    public static String itemSidecarName(String fileName) {
        return fileName + ITEM_SIDECAR_SUFFIX;
    }

    /** {@code .dtp-album.json} in an album folder. {@code folderName} tells whether the folder was renamed since. */
    public record AlbumSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                               String name, String description, String folderName) {
        public AlbumSidecar(String idempotencyKey, String sourceId, String name, String description, String folderName) {
            this(ALBUM_FORMAT, FORMAT_VERSION, idempotencyKey, sourceId, name, description, folderName);
        }
    }

    /**
     * {@code <storedName>.dtp.json} beside an imported file. {@code fileName} is the name the item had at
     * its source, {@code storedName} the (sanitised, numbered) name it has here.
     */
    public record ItemSidecar(String format, int formatVersion, String idempotencyKey, String sourceId,
                              MediaKind kind, String fileName, String storedName, String contentType, long size, String sha256,
                              String title, String description, Instant takenAt, GeoLocation location,
                              Integer width, Integer height, Map<String, String> exif) {
        public ItemSidecar {
            // sorted, so that the same item always gives the same bytes
            exif = exif == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(exif));
        }
    }
}
