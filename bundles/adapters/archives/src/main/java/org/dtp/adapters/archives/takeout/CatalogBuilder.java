package org.dtp.adapters.archives.takeout;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.archives.ArchiveEntry;
import org.dtp.adapters.archives.ArchivePart;
import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.adapters.archives.takeout.PhotosCatalog.Item;
import org.dtp.adapters.archives.takeout.PhotosCatalog.NotKept;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.ExportPage.Rejected;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads the Google Photos part of a Takeout export into a {@link PhotosCatalog}: one pass over each part's entries
 * (the zip's central directory with each JSON read directly; a tgz inflated once), then per folder the sidecars
 * matched ({@link SidecarNames}), Live Photos and motion photos paired, and each photo kept once however many
 * folders hold a copy (an album's copy before the year folder's).
 */
final class CatalogBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(CatalogBuilder.class);
    /**
     * The Photos folder under Takeout/ in English, Italian, Slovak, German, Russian and Bulgarian accounts (immich-go's
     * notes on the Takeout layout, GooglePhotosTakeoutHelper issue #8).
     */
    private static final Set<String> PHOTOS_FOLDERS = Set.of("Google Photos", "Google Foto", "Fotky Google", "Google Fotos",
            "Google Фото", "Google Снимки");
    /** Google's own folders of a year's photos, named in English whatever the account's language (immich-go #380). */
    private static final Pattern YEAR_FOLDER = Pattern.compile("Photos from \\d{4}");
    /** A sidecar or album JSON is a few KB; a larger one is not read (its photo keeps the archive's metadata only). */
    private static final long MAX_JSON_BYTES = 1024 * 1024;

    private final ArchiveSettings settings;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, Folder> folders = new TreeMap<>();
    private final List<Rejected> rejected = new ArrayList<>();

    /** One folder under Google Photos, as the scan found it across all parts. */
    private static final class Folder {
        final String path;
        AlbumMetadata album;
        final Map<String, Sidecar> sidecars = new HashMap<>();
        final List<Found> media = new ArrayList<>();

        Folder(String path) {
            this.path = path;
        }

        String name() {
            return EntryNames.fileNameOf(path);
        }

        boolean isYearFolder() {
            return album == null && YEAR_FOLDER.matcher(name()).matches();
        }
    }

    /** A media entry: where it lies, its part's file name, its path and size. */
    private record Found(Position position, String part, String entry, long size) {
        String fileName() {
            return EntryNames.fileNameOf(entry);
        }
    }

    private CatalogBuilder(ArchiveSettings settings) {
        this.settings = settings;
    }

    static PhotosCatalog build(ArchiveSettings settings, List<Path> parts) throws IOException {
        CatalogBuilder builder = new CatalogBuilder(settings);
        for (int p = 0; p < parts.size(); p++) {
            builder.scan(p, ArchivePart.of(parts.get(p)));
        }
        return builder.resolve();
    }

    private void scan(int partIndex, ArchivePart part) throws IOException {
        String partName = part.file().getFileName().toString();
        part.scan(settings.maxEntries(), (entry, bytes) -> {
            if (entry.directory()) {
                return;
            }
            String unsafe = EntryNames.unsafe(entry.name());
            if (unsafe != null) {
                rejected.add(new Rejected(printable(entry.name()), "refused in " + partName + ": " + unsafe));
                return;
            }
            String folderPath = photosFolder(entry.name());
            if (folderPath == null) {
                return;
            }
            String fileName = EntryNames.fileNameOf(entry.name());
            Folder folder = folders.computeIfAbsent(folderPath, Folder::new);
            if (fileName.toLowerCase(Locale.ROOT).endsWith(".json")) {
                readJson(folder, fileName, entry, bytes);
            } else if (PhotoFiles.of(fileName).isPresent()) {
                String tooLarge = settings.refusal(entry);
                if (tooLarge != null) {
                    rejected.add(new Rejected(entry.name(), tooLarge));
                } else {
                    folder.media.add(new Found(new Position(partIndex, entry.index()), partName, entry.name(), entry.size()));
                }
            }
        });
    }

    private void readJson(Folder folder, String fileName, ArchiveEntry entry, ArchivePart.EntryBytes bytes) {
        if (entry.size() > MAX_JSON_BYTES) {
            LOG.debug("{} not read: {} bytes", entry.name(), entry.size());
            return;
        }
        try (InputStream in = bytes.open()) {
            if (AlbumMetadata.isAlbumMetadata(fileName)) {
                folder.album = AlbumMetadata.read(json, in);
            } else {
                folder.sidecars.put(fileName, Sidecar.read(json, in));
            }
        } catch (IOException e) {
            // A sidecar that cannot be read only costs its photo's metadata, never the export.
            LOG.debug("{} not read: {}", entry.name(), e.toString());
        }
    }

    /** The folder path of an entry directly in a folder under Takeout's Photos folder, or null for any other entry. */
    private static String photosFolder(String name) {
        String[] segments = name.split("/");
        for (int i = 0; i + 2 < segments.length; i++) {
            if (PHOTOS_FOLDERS.contains(segments[i])) {
                return i + 3 == segments.length ? EntryNames.folderOf(name) : null;
            }
        }
        return null;
    }

    private PhotosCatalog resolve() {
        List<PhotoAlbum> albums = new ArrayList<>();
        Map<String, List<Item>> byContainer = new LinkedHashMap<>();
        Map<String, Item> keptByKey = new HashMap<>();
        Map<String, String> albumOfKey = new HashMap<>();
        Set<String> ids = new HashSet<>();
        List<Item> root = new ArrayList<>();
        // Albums first, so a photo also in a year folder is kept in its album: those with an album JSON (the user's
        // own) before folders without one (Google's "1 year ago" and the like), each in name order.
        List<Folder> albumFolders = new ArrayList<>(folders.values().stream().filter(f -> !f.isYearFolder()).toList());
        albumFolders.sort(Comparator.comparing((Folder f) -> f.album == null));
        for (Folder folder : albumFolders) {
            String albumName = folder.album != null && folder.album.title() != null ? folder.album.title() : folder.name();
            albums.add(new PhotoAlbum(folder.path, albumName, folder.album == null ? null : folder.album.description()));
            List<Item> items = new ArrayList<>();
            for (Item item : items(folder)) {
                String key = dedupKeyOf(item);
                Item kept = keptByKey.get(key);
                if (kept != null) {
                    kept.notKept().add(new NotKept("albums", "also in the album '" + albumName
                            + "': an item is exported once, in the album '" + albumOfKey.get(key) + "'"));
                } else if (ids.add(item.item().id())) {
                    keptByKey.put(key, item);
                    albumOfKey.put(key, albumName);
                    items.add(item);
                }
            }
            byContainer.put(folder.path, items);
        }
        for (Folder folder : folders.values()) {
            if (folder.isYearFolder()) {
                for (Item item : items(folder)) {
                    if (!keptByKey.containsKey(dedupKeyOf(item)) && ids.add(item.item().id())) {
                        root.add(item);
                    }
                }
            }
        }
        root.sort((a, b) -> a.position().compareTo(b.position()));
        byContainer.put(PhotosCatalog.ROOT, root);
        byContainer.replaceAll((container, items) -> items.stream().map(CatalogBuilder::frozen).toList());
        return new PhotosCatalog(albums, byContainer, rejected);
    }

    /** A folder's items in archive order: each with its sidecar, a Live Photo's video folded into its still. */
    private List<Item> items(Folder folder) {
        folder.media.sort((a, b) -> a.position().compareTo(b.position()));
        SidecarNames sidecarNames = new SidecarNames(folder.sidecars.keySet());
        Map<String, Found> stills = new HashMap<>();
        for (Found found : folder.media) {
            if (kindOf(found) == MediaKind.PHOTO) {
                stills.putIfAbsent(PhotoFiles.stem(found.fileName()).toLowerCase(Locale.ROOT), found);
            }
        }
        Map<Found, Found> motionOf = new HashMap<>();
        Set<Found> motionParts = new HashSet<>();
        for (Found found : folder.media) {
            if (kindOf(found) == MediaKind.VIDEO) {
                Found still = stillOf(found, stills);
                if (still != null && !motionOf.containsKey(still)) {
                    motionOf.put(still, found);
                    motionParts.add(found);
                }
            }
        }
        List<Item> items = new ArrayList<>();
        for (Found found : folder.media) {
            if (!motionParts.contains(found)) {
                String sidecarName = sidecarNames.find(found.fileName());
                items.add(item(found, sidecarName == null ? null : folder.sidecars.get(sidecarName), motionOf.get(found)));
            }
        }
        return items;
    }

    /**
     * The still a video is the motion part of, if any: an iPhone Live Photo's {@code IMG_1234.MOV} (or {@code .MP4})
     * beside {@code IMG_1234.HEIC}, a Pixel motion photo's {@code PXL_..._123.MP} beside {@code PXL_..._123.MP.jpg}.
     */
    private static Found stillOf(Found video, Map<String, Found> stills) {
        String name = video.fileName().toLowerCase(Locale.ROOT);
        Found sameStem = stills.get(PhotoFiles.stem(name));
        return sameStem != null ? sameStem : stills.get(name);
    }

    private static Item item(Found found, Sidecar sidecar, Found motion) {
        PhotoFiles.Type type = PhotoFiles.of(found.fileName()).orElseThrow();
        MediaItem.Builder item = MediaItem.builder()
                .id(found.entry())
                .kind(type.kind())
                .fileName(found.fileName())
                .title(PhotoFiles.stem(found.fileName()))
                .content(new MediaRef(found.part() + "!" + found.entry(), type.contentType(), found.size()));
        List<NotKept> notKept = new ArrayList<>();
        if (sidecar != null) {
            if (sidecar.title() != null) {
                item.title(sidecar.title());
            }
            item.description(sidecar.description()).takenAt(sidecar.when()).location(sidecar.location());
            if (!sidecar.people().isEmpty()) {
                notKept.add(new NotKept("people", "people recognised in Google Photos (" + String.join(", ", sidecar.people())
                        + "): the media model has no field for them"));
            }
            if (sidecar.favorited()) {
                notKept.add(new NotKept("favorite", "a favourite in Google Photos: the media model has no field for it"));
            }
        }
        if (motion != null) {
            notKept.add(new NotKept("content", "the motion part '" + motion.fileName() + "' of this Live Photo or motion photo:"
                    + " exported as one item with its still, and a media item carries one file"));
        }
        return new Item(found.position(), item.build(), notKept);
    }

    private static MediaKind kindOf(Found found) {
        return PhotoFiles.of(found.fileName()).orElseThrow().kind();
    }

    private static String dedupKeyOf(Item item) {
        return item.item().fileName() + '\u0000' + item.item().content().size();
    }

    private static Item frozen(Item item) {
        return new Item(item.position(), item.item(), List.copyOf(item.notKept()));
    }

    private static String printable(String name) {
        return name.replaceAll("\\p{Cntrl}", "?");
    }
}
