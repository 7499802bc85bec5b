package org.dtp.adapters.localfs;

import org.dtp.formats.folder.FileNames;
import org.dtp.formats.folder.MailSidecars;
import org.dtp.formats.folder.MediaSidecars;
import org.dtp.formats.folder.MediaTypes;
import org.dtp.spi.ItemRejectedException;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * How an account maps onto a folder: ids are paths relative to the root with '/' separators; hidden
 * entries, symbolic links and our sidecars are never media.
 */
public final class FolderLayout {
    /** Hidden sidecar inside an album folder an import created. */
    public static final String ALBUM_SIDECAR = MediaSidecars.ALBUM_SIDECAR;
    /** Hidden sidecar inside a mail folder directory an import created. */
    public static final String MAIL_FOLDER_SIDECAR = MailSidecars.FOLDER_SIDECAR;
    /** Hidden sidecars inside the address book, calendar and task list directories an import created. */
    public static final String ADDRESS_BOOK_SIDECAR = ".dtp-address-book.json";
    public static final String CALENDAR_SIDECAR = ".dtp-calendar.json";
    public static final String TASK_LIST_SIDECAR = ".dtp-task-list.json";
    /** Prefix of our temporary files and folders; hidden, so never exported. */
    public static final String TEMP_PREFIX = ".dtp-tmp-";

    private FolderLayout() {
    }

    /** Whether a directory entry is ours or hidden rather than a person's media or album. */
    public static boolean ignored(String name) {
        return MediaSidecars.ignored(name);
    }

    /** The id of a file or folder under the root: its relative path with '/'. */
    public static String idOf(Path root, Path path) {
        StringJoiner id = new StringJoiner("/");
        for (Path part : root.relativize(path)) {
            id.add(part.toString());
        }
        return id.toString();
    }

    /**
     * The path of an id under the root; refuses an id that is absolute, or that leads out of the root
     * by "..", or through a symbolic link.
     */
    public static Path resolve(Path root, String id) throws ItemRejectedException {
        if (id == null || id.isEmpty()) {
            return root;
        }
        Path relative;
        try {
            relative = root.getFileSystem().getPath(id);
        } catch (InvalidPathException e) {
            throw new ItemRejectedException("'" + id + "' is not a path in this folder: " + e.getReason());
        }
        Path path = root.resolve(relative).normalize();
        if (relative.isAbsolute() || !path.startsWith(root) || path.equals(root)) {
            throw new ItemRejectedException("'" + id + "' is outside the folder " + root);
        }
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            try {
                if (!path.toRealPath().startsWith(root.toRealPath())) {
                    throw new ItemRejectedException("'" + id + "' leads out of the folder " + root + " by a link");
                }
            } catch (IOException e) {
                throw new ItemRejectedException("cannot check where '" + id + "' leads: " + e.getMessage(), e);
            }
        }
        return path;
    }

    /** The sidecar of a media file. */
    public static Path itemSidecar(Path file) {
        return file.resolveSibling(MediaSidecars.itemSidecarName(file.getFileName().toString()));
    }

    /** The folders directly in {@code dir} that are not ours, hidden or links, by name (albums, mail folders). */
    public static List<Path> subFolders(Path dir) throws IOException {
        List<Path> albums = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (!ignored(entry.getFileName().toString()) && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    albums.add(entry);
                }
            }
        }
        albums.sort(null);
        return albums;
    }

    /** {@link #fileNames} of the media files directly in {@code dir} that {@code feed} lists. */
    public static List<String> mediaFileNames(Path dir, String after, int limit, ChangeFeed feed) throws IOException {
        return fileNames(dir, after, limit, name -> MediaTypes.of(name).isPresent(), feed);
    }

    /** {@link #fileNames(Path, String, int, Predicate, ChangeFeed)} of every such file, changed or not. */
    public static List<String> fileNames(Path dir, String after, int limit, Predicate<String> accept) throws IOException {
        return fileNames(dir, after, limit, accept, ChangeFeed.EVERYTHING);
    }

    /**
     * The names of regular files directly in {@code dir} that are not ours or hidden, that {@code accept}
     * takes, that {@code feed} lists (changed since its token) and that sort after {@code after} ({@code null} for
     * the first), in name order, at most {@code limit}. Keeps only {@code limit} names in memory however large the
     * folder is. Only names and file attributes are read, never contents.
     */
    public static List<String> fileNames(Path dir, String after, int limit, Predicate<String> accept, ChangeFeed feed)
            throws IOException {
        TreeSet<String> smallest = new TreeSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if ((after != null && name.compareTo(after) <= 0) || ignored(name) || !accept.test(name)
                        // A name past the page's last is not looked at (each page scans the folder: a stat of every
                        // file per page made a first listing of 100,000 files quadratic in stats)
                        || (smallest.size() >= limit && name.compareTo(smallest.last()) > 0) || !feed.lists(entry)) {
                    continue;
                }
                smallest.add(name);
                if (smallest.size() > limit) {
                    smallest.pollLast();
                }
            }
        }
        return new ArrayList<>(smallest);
    }
}
