package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads Takeout's YouTube playlists, {@code Takeout/YouTube and YouTube Music/playlists/}, in both layouts Takeout has
 * written (see the README's sources):
 * <ul>
 * <li>older exports: one {@code <title>.csv} per playlist, a table of the playlist ({@code Playlist Id, Add new videos
 * to top, Description, Last modified, Title, Visibility}), an empty line, then its videos ({@code Video Id, Time
 * Added});</li>
 * <li>newer exports (since 2023): {@code playlists.csv}, one row per playlist ({@code Playlist ID, Add new videos to
 * top, Playlist Title (Original), ..., Playlist Visibility}), and per playlist {@code <title>-videos.csv}
 * ({@code Video ID, Playlist Video Creation Timestamp}).</li>
 * </ul>
 * A track is a YouTube video by its id ({@code providerIds.youtube}): the files hold nothing else of it.
 */
final class PlaylistsCatalog {
    /** The YouTube folder under Takeout/: "YouTube and YouTube Music" since 2020, "YouTube" before. */
    static final Set<String> FOLDERS = Set.of("YouTube and YouTube Music", "YouTube");
    /** The providerIds key of a YouTube video id. */
    static final String YOUTUBE = "youtube";
    private static final String VIDEOS_SUFFIX = "-videos";

    /** A playlist's own row: of playlists.csv, or the first table of an older playlist file. */
    private record Meta(String id, String title, String description, boolean publiclyVisible) {
    }

    /** A file of videos: its playlist's name (from the file's name) and own row, if it has one, and the video ids. */
    private record Videos(String entry, String name, Meta meta, List<String> ids) {
    }

    private PlaylistsCatalog() {
    }

    static ProductCatalog<Playlist, PlaylistTrack> read(ArchiveSettings settings, List<Path> parts) throws IOException {
        ProductCatalog.Builder<Playlist, PlaylistTrack> catalog = new ProductCatalog.Builder<>();
        Map<String, Meta> metaByTitle = new LinkedHashMap<>();
        List<Videos> files = new ArrayList<>();
        ProductFiles.scan(settings, parts, FOLDERS, catalog.rejected(), (file, bytes) -> {
            String path = file.path();
            if (!path.toLowerCase(Locale.ROOT).startsWith("playlists/") || !path.toLowerCase(Locale.ROOT).endsWith(".csv")) {
                return;
            }
            String text = ProductFiles.text(file, bytes, catalog.rejected());
            if (text != null) {
                read(file.entry().name(), EntryNames.fileNameOf(path), Csv.rows(text), metaByTitle, files);
            }
        });
        for (Videos videos : files) {
            Meta meta = videos.meta() != null ? videos.meta() : metaByTitle.remove(videos.name());
            String id = meta != null && !meta.id().isEmpty() ? meta.id() : videos.entry();
            catalog.container(new Playlist(id, meta != null && !meta.title().isEmpty() ? meta.title() : videos.name(),
                    meta == null ? null : meta.description(), meta != null && meta.publiclyVisible(), null));
            for (String videoId : videos.ids()) {
                int position = catalog.size(id);
                PlaylistTrack track = new PlaylistTrack(id + "/" + position, position, null, null, List.of(), null, null,
                        Map.of(YOUTUBE, videoId));
                catalog.item(id, track);
                catalog.notKept(track.id(), "addedAt", "when the video was added to the playlist: the playlist model has no field for it");
            }
        }
        for (Meta meta : metaByTitle.values()) {
            catalog.container(new Playlist(meta.id(), meta.title(), meta.description(), meta.publiclyVisible(), null));
        }
        return catalog.build();
    }

    private static void read(String entry, String fileName, List<List<String>> rows, Map<String, Meta> metaByTitle,
                             List<Videos> files) {
        int first = nextTable(rows, 0);
        if (first < 0) {
            return;
        }
        Header header = new Header(rows.get(first));
        String stem = fileName.substring(0, fileName.length() - ".csv".length());
        if (header.has("playlist id") && header.has("playlist title (original)")) {
            for (List<String> row : rows.subList(first + 1, rows.size())) {
                if (!row.isEmpty()) {
                    Meta meta = new Meta(header.get(row, "playlist id"), header.get(row, "playlist title (original)"), null,
                            "public".equalsIgnoreCase(header.get(row, "playlist visibility")));
                    metaByTitle.putIfAbsent(meta.title(), meta);
                }
            }
        } else if (header.has("playlist id")) {
            List<String> row = first + 1 < rows.size() ? rows.get(first + 1) : List.of();
            Meta meta = new Meta(header.get(row, "playlist id"), header.get(row, "title"), empty(header.get(row, "description")),
                    "public".equalsIgnoreCase(header.get(row, "visibility")));
            int videos = nextTable(rows, first + 2);
            files.add(new Videos(entry, stem, meta, videos < 0 ? List.of() : videoIds(rows, videos)));
        } else if (header.has("video id")) {
            String name = stem.endsWith(VIDEOS_SUFFIX) ? stem.substring(0, stem.length() - VIDEOS_SUFFIX.length()) : stem;
            files.add(new Videos(entry, name, null, videoIds(rows, first)));
        }
    }

    /** The ids in the "Video Id" column of the table whose header is {@code rows[header]}, to its end. */
    private static List<String> videoIds(List<List<String>> rows, int headerRow) {
        Header header = new Header(rows.get(headerRow));
        List<String> ids = new ArrayList<>();
        for (List<String> row : rows.subList(headerRow + 1, rows.size())) {
            if (row.isEmpty()) {
                break;
            }
            String id = header.get(row, "video id");
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** The first row at or after {@code from} that is not empty, or -1. */
    private static int nextTable(List<List<String>> rows, int from) {
        for (int i = from; i < rows.size(); i++) {
            if (!rows.get(i).isEmpty()) {
                return i;
            }
        }
        return -1;
    }

    private static String empty(String text) {
        return text.isEmpty() ? null : text;
    }

    /** A table's header: column names compared without case (Takeout has written "Video Id" and "Video ID"). */
    private record Header(List<String> names) {
        Header {
            names = names.stream().map(n -> n.strip().toLowerCase(Locale.ROOT)).toList();
        }

        boolean has(String name) {
            return names.contains(name);
        }

        /** The row's value in the column {@code name}, stripped; empty when the row has none. */
        String get(List<String> row, String name) {
            int column = names.indexOf(name);
            return column >= 0 && column < row.size() ? row.get(column).strip() : "";
        }
    }
}
