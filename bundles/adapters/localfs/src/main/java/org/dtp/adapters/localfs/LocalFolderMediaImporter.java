package org.dtp.adapters.localfs;

import org.dtp.adapters.localfs.Sidecars.AlbumSidecar;
import org.dtp.adapters.localfs.Sidecars.ItemSidecar;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;

/**
 * Imports photos and videos into a folder: albums become sub-folders, items files holding the
 * original bytes, each with a sidecar holding its idempotency key and metadata. Bytes are streamed to
 * a hidden temp file in the target folder and renamed into place, so a file is there whole or not at
 * all; the sidecar is written first, so a retry after a crash finds the name it had claimed.
 */
@Component(
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class LocalFolderMediaImporter implements Importer<PhotoAlbum, MediaItem> {
    /** How far "name (n)" numbering goes before an item is refused. */
    static final int MAX_NUMBERED = 10_000;
    private static final int COPY_BUFFER_BYTES = 64 * 1024;
    private static final int CLAIM_ATTEMPTS = 5;
    private static final Logger LOG = LoggerFactory.getLogger(LocalFolderMediaImporter.class);

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderMediaImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    LocalFolderMediaImporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        Path root = settings.root(destination);
        if (Files.exists(root)) {
            if (!Files.isDirectory(root)) {
                throw new InvalidEndpointException("'" + root + "' is not a folder");
            }
            if (!Files.isWritable(root) || !Files.isExecutable(root)) {
                throw new InvalidEndpointException("the folder '" + root + "' is not writable by the server");
            }
            return;
        }
        Path parent = root.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new InvalidEndpointException("the folder '" + root + "' does not exist, nor does its parent folder '"
                    + parent + "'");
        }
        if (!Files.isWritable(parent) || !Files.isExecutable(parent)) {
            throw new InvalidEndpointException("the folder '" + root + "' does not exist and cannot be created: '"
                    + parent + "' is not writable by the server");
        }
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        Path root = destinationRoot(context);
        Path parent = folder(root, parentId);
        String name = FileNames.sanitise(album.name(), "Album");
        try {
            for (int n = 1; n <= MAX_NUMBERED; n++) {
                Path candidate = parent.resolve(FileNames.numberedFolder(name, n));
                if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                    if (Files.isDirectory(candidate, LinkOption.NOFOLLOW_LINKS)
                            && Sidecars.readAlbum(candidate).map(AlbumSidecar::idempotencyKey)
                            .filter(idempotencyKey::equals).isPresent()) {
                        return FolderLayout.idOf(root, candidate);
                    }
                    continue;
                }
                if (createAlbum(parent, candidate, idempotencyKey, album)) {
                    return FolderLayout.idOf(root, candidate);
                }
                n--; // created by someone else meanwhile: look at it again
            }
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the album folder '" + name + "' in " + parent, e);
        }
        throw new AdapterException("there are " + MAX_NUMBERED + " folders named '" + name + "' in " + parent + " already");
    }

    /** Creates the album folder with its sidecar in place, by renaming a hidden, complete one; false if the name was taken. */
    private boolean createAlbum(Path parent, Path target, String key, PhotoAlbum album) throws IOException {
        Path temp = parent.resolve(FolderLayout.TEMP_PREFIX + UUID.randomUUID());
        Files.createDirectory(temp);
        try {
            Sidecars.write(settings.syncToDisk(), temp.resolve(FolderLayout.ALBUM_SIDECAR),
                    new AlbumSidecar(key, album.id(), album.name(), album.description(), target.getFileName().toString()),
                    false);
            try {
                Files.move(temp, target);
            } catch (FileAlreadyExistsException e) {
                return false;
            }
            syncQuietly(parent);
            return true;
        } finally {
            if (Files.exists(temp, LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(temp.resolve(FolderLayout.ALBUM_SIDECAR));
                Files.deleteIfExists(temp);
            }
        }
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        Path root = destinationRoot(context);
        Path folder = folder(root, containerId);
        String name = storedName(item);
        try {
            Slot earlier = findSlot(folder, name, idempotencyKey);
            if (earlier.state() == SlotState.DONE) {
                return FolderLayout.idOf(root, earlier.path()); // imported before: do not write again
            }
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot look for '" + name + "' in " + folder, e);
        }
        Path temp = folder.resolve(FolderLayout.TEMP_PREFIX + UUID.randomUUID() + ".part");
        try {
            Copied copied = copy(context, item, temp);
            for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
                Slot slot = findSlot(folder, name, idempotencyKey);
                if (slot.state() == SlotState.DONE) {
                    return FolderLayout.idOf(root, slot.path());
                }
                Path target = slot.path();
                Path sidecar = FolderLayout.itemSidecar(target);
                try {
                    // A reserved slot already has our sidecar (an earlier attempt died before the rename): refresh it.
                    Sidecars.write(settings.syncToDisk(), sidecar, sidecarOf(idempotencyKey, item, target, copied), slot.state() == SlotState.RESERVED);
                } catch (FileAlreadyExistsException e) {
                    continue; // another import claimed this name meanwhile
                }
                try {
                    Files.move(temp, target);
                } catch (FileAlreadyExistsException e) {
                    Files.deleteIfExists(sidecar); // a file appeared under the name we claimed: give the name back
                    continue;
                }
                syncQuietly(folder);
                return FolderLayout.idOf(root, target);
            }
            throw new TransientAdapterException("the names for '" + name + "' in " + folder + " keep being taken", null);
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot write '" + name + "' to " + folder, e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                LOG.warn("cannot remove the temp file {}: {}", temp, e.toString());
            }
        }
    }

    private enum SlotState { FREE, RESERVED, DONE }

    private record Slot(Path path, SlotState state) {
    }

    /**
     * The first of "name", "name (2)", … that is ours (sidecar with our key: DONE if the file is there,
     * RESERVED if not) or free (neither file nor sidecar). Names taken by other files are skipped.
     */
    private static Slot findSlot(Path folder, String name, String key) throws IOException, ItemRejectedException {
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            Path candidate = folder.resolve(FileNames.numberedFile(name, n));
            boolean fileExists = Files.exists(candidate, LinkOption.NOFOLLOW_LINKS);
            if (Files.exists(FolderLayout.itemSidecar(candidate), LinkOption.NOFOLLOW_LINKS)) {
                Optional<ItemSidecar> sidecar = Sidecars.readItem(candidate);
                if (sidecar.isPresent() && key.equals(sidecar.get().idempotencyKey())) {
                    return new Slot(candidate, fileExists ? SlotState.DONE : SlotState.RESERVED);
                }
            } else if (!fileExists) {
                return new Slot(candidate, SlotState.FREE);
            }
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " files named like '" + name + "' in " + folder + " already");
    }

    private record Copied(long size, String sha256) {
    }

    /** Streams the item's bytes to {@code temp} (never more than a buffer in memory) and forces them to disk. */
    private Copied copy(ImportContext context, MediaItem item, Path temp) throws AdapterException {
        MessageDigest digest = sha256();
        long count = 0;
        InputStream opened;
        try {
            opened = context.openMedia(item.content());
        } catch (IOException e) {
            throw IoFailures.ofSource("cannot open the media of '" + item.id() + "'", e);
        }
        try (InputStream in = opened;
             FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            byte[] buffer = new byte[COPY_BUFFER_BYTES];
            while (true) {
                int read;
                try {
                    read = in.read(buffer);
                } catch (IOException e) {
                    throw IoFailures.ofSource("reading the media of '" + item.id() + "' failed after " + count + " bytes", e);
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
            if (settings.syncToDisk()) {
                out.force(true);
            }
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot write the media of '" + item.id() + "'", e);
        }
        long expected = item.content().size();
        if (expected >= 0 && expected != count) {
            throw new TransientAdapterException("the source sent " + count + " bytes of '" + item.id()
                    + "' but announced " + expected, null);
        }
        return new Copied(count, HexFormat.of().formatHex(digest.digest()));
    }

    private static ItemSidecar sidecarOf(String key, MediaItem item, Path target, Copied copied) {
        String storedName = target.getFileName().toString();
        String contentType = item.content().contentType() != null ? item.content().contentType()
                : MediaTypes.of(storedName).map(MediaTypes.MediaType::contentType).orElse(null);
        return new ItemSidecar(Sidecars.ITEM_FORMAT, Sidecars.FORMAT_VERSION, key, item.id(), item.kind(),
                item.fileName(), storedName, contentType, copied.size(), copied.sha256(),
                item.title(), item.description(), item.takenAt(), item.location(), item.width(), item.height(), item.exif());
    }

    /**
     * The sanitised file name, with an extension the exporter recognises added when the item's own name
     * has none (taken from its content type), so that the file is found again on export.
     */
    static String storedName(MediaItem item) {
        String fallback = item.kind() == MediaKind.VIDEO ? "video" : "photo";
        String name = FileNames.sanitise(item.fileName(), fallback);
        if (MediaTypes.of(name).isPresent()) {
            return name;
        }
        Optional<String> extension = MediaTypes.extensionFor(item.content().contentType());
        return extension.map(e -> FileNames.sanitise(name + "." + e, fallback)).orElse(name);
    }

    /** The destination folder, created if missing (its parent must exist, as validate() checked). */
    private Path destinationRoot(ImportContext context) throws AdapterException {
        Path root = settings.root(context.endpoint());
        if (Files.isDirectory(root)) {
            return root;
        }
        try {
            Files.createDirectory(root);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(root)) {
                throw new AdapterException("'" + root + "' is not a folder");
            }
        } catch (NoSuchFileException e) {
            throw new AdapterException("cannot create the folder '" + root + "': its parent does not exist");
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the folder '" + root + "'", e);
        }
        return root;
    }

    private static Path folder(Path root, String id) throws AdapterException {
        Path folder = FolderLayout.resolve(root, id);
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("the album folder '" + id + "' does not exist in " + root);
        }
        return folder;
    }

    /** Makes a rename durable where the platform allows forcing a directory (Linux, macOS). */
    private void syncQuietly(Path folder) {
        if (!settings.syncToDisk()) {
            return;
        }
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.trace("cannot force {}: {}", folder, e.toString());
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
