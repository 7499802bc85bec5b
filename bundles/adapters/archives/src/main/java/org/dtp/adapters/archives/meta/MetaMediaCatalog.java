package org.dtp.adapters.archives.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;
import org.dtp.adapters.archives.social.JsonRecords;
import org.dtp.adapters.archives.social.MediaTypes;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportPage.Rejected;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The photos and videos of a Meta archive, read once per job: each {@code album/<n>.json} ({@code name},
 * {@code description}, {@code photos: [{uri, creation_timestamp, description, media_metadata}]}) is an album of the
 * files it names; the videos ({@code your_videos.json}) and photos in no album ({@code your_uncategorized_photos.json})
 * not already in an album are at the root. Metadata only, a few hundred bytes an item.
 */
record MetaMediaCatalog(ArchiveIndex index, List<PhotoAlbum> albums, Map<String, List<MediaItem>> itemsByContainer,
                        List<Rejected> rejected) {
    /** The key of the root container's items. */
    static final String ROOT = "";
    /** An album file lists a photo in ~500 bytes: 64 MiB is more than 100,000 photos. */
    private static final long MAX_ALBUM_BYTES = 64L * 1024 * 1024;

    static MetaMediaCatalog build(ArchiveIndex index) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<PhotoAlbum> albums = new ArrayList<>();
        Map<String, List<MediaItem>> byContainer = new LinkedHashMap<>();
        List<Rejected> rejected = new ArrayList<>(index.rejected());
        Set<String> kept = new HashSet<>();
        for (Located file : MetaLayout.albumFiles(index)) {
            if (file.size() > MAX_ALBUM_BYTES) {
                rejected.add(new Rejected(file.entry(), "an album file of " + file.size() + " bytes, more than " + MAX_ALBUM_BYTES));
                continue;
            }
            JsonNode album;
            try (InputStream in = ArchiveIndex.open(file)) {
                album = json.readTree(in);
            }
            String name = MetaText.text(album, "name");
            albums.add(new PhotoAlbum(file.entry(), name == null ? file.fileName() : name, MetaText.text(album, "description")));
            List<MediaItem> items = new ArrayList<>();
            for (JsonNode photo : album.path("photos")) {
                add(index, file, photo, items, kept, rejected);
            }
            byContainer.put(file.entry(), items);
        }
        List<MediaItem> root = new ArrayList<>();
        for (Located file : MetaLayout.looseMediaFiles(index)) {
            try (JsonRecords records = JsonRecords.open(ArchiveIndex.open(file), "videos_v2", "other_photos_v2", "videos")) {
                for (JsonNode media = records.next(); media != null; media = records.next()) {
                    add(index, file, media, root, kept, rejected);
                }
            }
        }
        byContainer.put(ROOT, root);
        return new MetaMediaCatalog(index, albums, byContainer, rejected);
    }

    /** Adds the media a record names to {@code items} unless an album holds it already. */
    private static void add(ArchiveIndex index, Located namedIn, JsonNode media, List<MediaItem> items, Set<String> kept,
                            List<Rejected> rejected) {
        String uri = MetaText.text(media, "uri");
        Located file = MetaLayout.media(index, namedIn, uri);
        if (file == null || !MediaTypes.isPhotoOrVideo(file.fileName())) {
            rejected.add(new Rejected(uri == null ? namedIn.entry() : uri, file == null
                    ? "named in " + namedIn.entry() + " but not in the archive" : "not a photo or video"));
            return;
        }
        if (!kept.add(file.entry())) {
            return;
        }
        JsonNode exif = media.path("media_metadata").path("photo_metadata").path("exif_data").path(0);
        if (exif.isMissingNode()) {
            exif = media.path("media_metadata").path("video_metadata").path("exif_data").path(0);
        }
        Instant taken = exif.path("taken_timestamp").canConvertToLong() && exif.path("taken_timestamp").asLong() > 0
                ? Instant.ofEpochSecond(exif.path("taken_timestamp").asLong())
                : media.path("creation_timestamp").canConvertToLong() ? Instant.ofEpochSecond(media.path("creation_timestamp").asLong()) : null;
        GeoLocation location = exif.path("latitude").isNumber() && exif.path("longitude").isNumber()
                ? new GeoLocation(exif.path("latitude").asDouble(), exif.path("longitude").asDouble(), null) : null;
        MediaKind kind = MediaTypes.kindOf(file.fileName());
        items.add(MediaItem.builder()
                .id(file.entry())
                .kind(kind)
                .fileName(file.fileName())
                .description(MetaText.text(media, "description"))
                .takenAt(taken)
                .location(location)
                .content(ArchiveIndex.ref(file))
                .build());
    }

    boolean hasContainer(String containerId) {
        return itemsByContainer.containsKey(containerId == null ? ROOT : containerId);
    }

    List<MediaItem> items(String containerId) {
        return itemsByContainer.getOrDefault(containerId == null ? ROOT : containerId, List.of());
    }
}
