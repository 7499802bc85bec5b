package org.dtp.formats.folder;

import org.dtp.spi.AdapterException;
import org.osgi.annotation.versioning.ConsumerType;

import java.io.InputStream;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a store must do for the folder layout's collections to be read and written on it: list a folder, read a file,
 * put a file, make a folder. Implemented by each storage adapter over its own objects (S3 keys, WebDAV resources).
 * Paths are relative to the transfer's root, names joined by '/', {@code ""} the root itself; an implementation
 * refuses a path that leaves the root ({@code ..}). Failures are the adapter's own (transient, item, transfer).
 * Since 1.1.
 */
@ConsumerType
public interface FileTree {
    /** A file or folder directly in a folder: its name, whether it is a folder, its size in bytes (-1 unknown). */
    record Node(String name, boolean folder, long size) {
    }

    /** The files and folders directly in {@code folder}, in any order; empty when there is no such folder. */
    List<Node> list(String folder) throws AdapterException;

    /**
     * Part of the files directly in {@code folder}, for a folder too large to list for each page read of it: the files
     * that come after the file {@code after} ({@code null}: from the first) in this store's listing order, in that
     * order, at most {@code limit} of them; empty when there is no such folder. Parts taken one after another, each
     * from the last file of the one before, give every file once. The default lists the whole folder and orders its
     * files by {@link #compareNames}; a store that can list from a name on (S3's StartAfter) lists only that part, in
     * its own order (Amazon S3's is {@link #compareNames}', some compatible stores' Java's {@code String} order).
     */
    default List<Node> listFilesAfter(String folder, String after, int limit) throws AdapterException {
        return list(folder).stream().filter(n -> !n.folder() && (after == null || compareNames(n.name(), after) > 0))
                .sorted(Comparator.comparing(Node::name, FileTree::compareNames)).limit(limit).toList();
    }

    /**
     * Names compared by their Unicode code points, the order of their UTF-8 bytes, in which Amazon S3 lists keys. It is
     * Java's {@code String} order but where a character above U+FFFF meets one from U+E000 to U+FFFF.
     */
    static int compareNames(String a, String b) {
        return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }

    /** The bytes of the file {@code path} as a stream the caller closes; empty when there is no such file. */
    Optional<InputStream> open(String path) throws AdapterException;

    /**
     * Bytes of a file from some offset on, as a stream the caller closes, and the file's {@code version}: a tag that
     * is another when the file's bytes are (an ETag, else at least its size), so that reads of one file at several
     * offsets can tell they read the same file.
     */
    record Slice(InputStream bytes, String version) {
    }

    /**
     * The bytes of the file {@code path} from byte {@code offset} on, those before it not read (a ranged read), with
     * the version of the file they are of; an offset at or past the end gives no bytes. Empty when there is no such
     * file. For reading a large file (an mbox) a page at a time.
     */
    Optional<Slice> open(String path, long offset) throws AdapterException;

    /** Puts {@code bytes} whole at {@code path}, replacing the file there if any: a reader sees it whole or not at all. */
    void put(String path, byte[] bytes, String contentType) throws AdapterException;

    /**
     * Puts the bytes {@code body} gives (read here to its end, not closed), {@code size} of them ({@code -1}: unknown),
     * at {@code path} as they are read, never all in memory, replacing the file there if any: a reader sees it whole
     * or not at all. For files of any size (a message, a video); a failure of {@code body} is transient.
     */
    void put(String path, InputStream body, long size, String contentType) throws AdapterException;

    /**
     * Makes the folder {@code path} in its (existing) parent; false when something is there already. Where folders
     * are only the names' prefixes (object storage), a folder is "there" when a name starts with it.
     */
    boolean makeFolder(String path) throws AdapterException;

    /** Where this tree is, for messages and to tell trees apart: never a secret. */
    String describe();
}
