package org.dtp.adapters.localfs;

import org.dtp.formats.files.FileNames;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransientAdapterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;

/**
 * The ways every importer of this adapter writes: streamed copies into hidden temp files, folders that
 * appear whole with their sidecar, and renames made durable. {@code sync} is the configured syncToDisk.
 */
public final class DiskWrites {
    /** How far "name (n)" numbering goes before an item or folder is refused. */
    public static final int MAX_NUMBERED = 10_000;
    public static final int COPY_BUFFER_BYTES = 64 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(DiskWrites.class);

    private DiskWrites() {
    }

    /** What a copy wrote. */
    public record Copied(long size, String sha256) {
    }

    /**
     * Streams {@code in} (closed here) into the new file {@code temp}, a buffer at a time, with its SHA-256,
     * given the modification time {@code modified} unless it is null, and forced to disk (time included) when
     * {@code sync}. A failure of the source stream is {@link IoFailures#ofSource}, of the
     * disk {@link IoFailures#ofItem}; {@code itemId} names the item in both.
     */
    static Copied copy(InputStream in, Path temp, boolean sync, String itemId, FileTime modified) throws AdapterException {
        MessageDigest digest = sha256();
        long count = 0;
        try (InputStream source = in;
             FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            byte[] buffer = new byte[COPY_BUFFER_BYTES];
            while (true) {
                int read;
                try {
                    read = source.read(buffer);
                } catch (IOException e) {
                    throw IoFailures.ofSource("reading the bytes of '" + itemId + "' failed after " + count + " bytes", e);
                }
                if (read < 0) {
                    break;
                }
                digest.update(buffer, 0, read);
                count += read;
                ByteBuffer chunk = ByteBuffer.wrap(buffer, 0, read);
                while (chunk.hasRemaining()) {
                    out.write(chunk);
                }
            }
            if (modified != null) {
                // before the rename, so that the file never appears under its name with the time of the copy
                Files.setLastModifiedTime(temp, modified);
            }
            if (sync) {
                out.force(true);
            }
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot write the bytes of '" + itemId + "'", e);
        }
        return new Copied(count, HexFormat.of().formatHex(digest.digest()));
    }

    /**
     * Streams the bytes behind {@code ref} from the source into the new file {@code temp} and checks their count
     * against the size the source announced (a short stream is worth a retry).
     */
    public static Copied copyFromSource(ImportContext context, MediaRef ref, String itemId, Path temp, boolean sync)
            throws AdapterException {
        return copyFromSource(context, ref, itemId, temp, sync, null);
    }

    /** {@link #copyFromSource(ImportContext, MediaRef, String, Path, boolean)}, the file given the time {@code modified} unless it is null. */
    public static Copied copyFromSource(ImportContext context, MediaRef ref, String itemId, Path temp, boolean sync,
                                        FileTime modified) throws AdapterException {
        InputStream opened;
        try {
            opened = context.openMedia(ref);
        } catch (IOException e) {
            throw IoFailures.ofSource("cannot open the bytes of '" + itemId + "'", e);
        }
        Copied copied = copy(opened, temp, sync, itemId, modified);
        if (ref.size() >= 0 && ref.size() != copied.size()) {
            throw new TransientAdapterException("the source sent " + copied.size() + " bytes of '" + itemId
                    + "' but announced " + ref.size(), null);
        }
        return copied;
    }

    /** Reads the idempotency key a folder's sidecar holds; empty when it has none of ours. */
    public interface FolderKey {
        Optional<String> of(Path folder) throws IOException;
    }

    /** Makes the sidecar a new folder gets, given the folder's final name. */
    public interface FolderSidecar {
        Object forName(String folderName);
    }

    /**
     * The folder {@code name} (or "name (2)", …) in {@code parent} whose sidecar holds {@code key}, created
     * with its sidecar {@code sidecarName} when none is: built hidden and renamed into place, so it appears
     * whole. Folders of other keys, and files, keep their names.
     */
    public static Path claimFolder(boolean sync, Path parent, String name, String key, String sidecarName,
                            FolderKey keyOf, FolderSidecar sidecar) throws IOException, AdapterException {
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            Path candidate = parent.resolve(FileNames.numberedFolder(name, n));
            if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                if (Files.isDirectory(candidate, LinkOption.NOFOLLOW_LINKS)
                        && keyOf.of(candidate).filter(key::equals).isPresent()) {
                    return candidate;
                }
                continue;
            }
            if (createFolder(sync, parent, candidate, sidecarName, sidecar.forName(candidate.getFileName().toString()))) {
                return candidate;
            }
            n--; // created by someone else meanwhile: look at it again
        }
        throw new AdapterException("there are " + MAX_NUMBERED + " folders named '" + name + "' in " + parent + " already");
    }

    /** Creates {@code target} with its sidecar in place, by renaming a hidden, complete one; false if the name was taken. */
    private static boolean createFolder(boolean sync, Path parent, Path target, String sidecarName, Object sidecar)
            throws IOException {
        Path temp = parent.resolve(FolderLayout.TEMP_PREFIX + UUID.randomUUID());
        Files.createDirectory(temp);
        try {
            Sidecars.write(sync, temp.resolve(sidecarName), sidecar, false);
            try {
                Files.move(temp, target);
            } catch (FileAlreadyExistsException e) {
                return false;
            }
            syncFolder(sync, parent);
            return true;
        } finally {
            if (Files.exists(temp, LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(temp.resolve(sidecarName));
                Files.deleteIfExists(temp);
            }
        }
    }

    /**
     * Writes {@code bytes} whole or not at all: to a hidden temp file in the same folder, forced to disk when
     * {@code sync}, then renamed. With {@code replace} false the rename fails with
     * {@link FileAlreadyExistsException} if {@code target} exists; with it true it replaces it atomically.
     */
    public static void writeWhole(boolean sync, Path target, byte[] bytes, boolean replace) throws IOException {
        Path temp = target.resolveSibling(FolderLayout.TEMP_PREFIX + UUID.randomUUID() + ".part");
        try {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
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

    /** Makes a rename in {@code folder} durable where the platform allows forcing a directory (Linux, macOS). */
    public static void syncFolder(boolean sync, Path folder) {
        if (!sync) {
            return;
        }
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.trace("cannot force {}: {}", folder, e.toString());
        }
    }

    /** Deletes a temp file, logging rather than failing (it is hidden and never exported). */
    public static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            LOG.warn("cannot remove the temp file {}: {}", temp, e.toString());
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
