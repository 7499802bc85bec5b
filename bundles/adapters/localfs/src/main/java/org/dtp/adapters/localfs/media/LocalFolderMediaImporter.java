package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.DestinationFiles;
import org.dtp.adapters.localfs.DiskWrites;
import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.formats.folder.MediaTypes;
import org.dtp.adapters.localfs.Sidecars;
import org.dtp.formats.folder.MediaSidecars.AlbumSidecar;
import org.dtp.adapters.localfs.DiskWrites.Copied;
import org.dtp.formats.folder.MediaSidecars;
import org.dtp.formats.folder.MediaSidecars.ItemSidecar;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.DestinationReader;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.UUID;

/**
 * Imports photos and videos into a folder: albums become sub-folders, items files holding the
 * original bytes, each with a sidecar holding its idempotency key and metadata. Bytes are streamed to
 * a hidden temp file in the target folder and renamed into place, so a file is there whole or not at
 * all; the sidecar is written first, so a retry after a crash finds the name it had claimed. An item changed since
 * an earlier transfer copied it is rewritten in place ({@link #updateItem}).
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderMediaImporter",
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class LocalFolderMediaImporter implements Importer<PhotoAlbum, MediaItem>, DestinationReader {
    private static final int CLAIM_ATTEMPTS = 5;
    /**
     * Items a transfer writes at once: a disk has no provider's limit, and several files in flight overlap their
     * reads, hashing and fsyncs (rclone copies 4 at once by default). The bytes go to temp files of their own; only
     * claiming a name is serialised ({@link #claims}).
     */
    static final int ITEMS_AT_ONCE = 4;
    private static final int CLAIM_STRIPES = 64;

    /**
     * Held, for the item's folder, from looking for a free name to renaming the file into place: a rename that
     * finds no file first replaces one that appears meanwhile (POSIX rename), so two imports of the same name into
     * one folder (two "IMG_0001.jpg" of an album in flight at once, or two transfers into one folder) must not
     * claim it at the same time.
     */
    private final Object[] claims = new Object[CLAIM_STRIPES];

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderMediaImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderMediaImporter(LocalFolderSettings settings) {
        this.settings = settings;
        java.util.Arrays.setAll(claims, i -> new Object());
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        settings.checkDestination(destination);
    }

    /** The item's file, with the SHA-256 of its bytes now: they are the item's media as copied. */
    @Override
    public Optional<DestinationItem> find(TransferContext context, String destinationId) throws AdapterException {
        return DestinationFiles.findMedia(settings, context, destinationId);
    }

    @Override
    public int concurrency() {
        return ITEMS_AT_ONCE;
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        Path parent = folder(root, parentId);
        String name = FileNames.sanitise(album.name(), "Album");
        try {
            Path created = DiskWrites.claimFolder(settings.syncToDisk(), parent, name, idempotencyKey, FolderLayout.ALBUM_SIDECAR,
                    candidate -> Sidecars.readAlbum(candidate).map(AlbumSidecar::idempotencyKey),
                    folderName -> new AlbumSidecar(idempotencyKey, album.id(), album.name(), album.description(), folderName));
            return FolderLayout.idOf(root, created);
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot create the album folder '" + name + "' in " + parent, e);
        }
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        Path folder = folder(root, containerId);
        String name = MediaTypes.fileNameOf(item);
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
            Copied copied = DiskWrites.copyFromSource(context, item.content(), item.id(), temp, settings.syncToDisk(),
                    FileModifyDate.in(item.exif()));
            Path target;
            synchronized (claims[Math.floorMod(folder.hashCode(), CLAIM_STRIPES)]) {
                target = claim(folder, name, idempotencyKey, item, temp, copied);
            }
            if (target == null) {
                throw new TransientAdapterException("the names for '" + name + "' in " + folder + " keep being taken", null);
            }
            // Per item, not once per page: the engine may write this item to its ledger as soon as we return
            // (it writes runs every 250 ms, wherever a page ends) and tells an importer nothing when a page ends,
            // so a rename left for later could be lost to a power cut after the ledger counted the item.
            DiskWrites.syncFolder(settings.syncToDisk(), folder);
            return FolderLayout.idOf(root, target);
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot write '" + name + "' to " + folder, e);
        } finally {
            DiskWrites.deleteQuietly(temp);
        }
    }

    /**
     * Rewrites the file an earlier transfer wrote ({@code destinationId}) with the changed item's bytes, and its sidecar
     * with the item's metadata: the bytes are streamed to a temp file in the same folder (given the item's modification
     * time, as on import), the sidecar replaced, and the temp file renamed over the file atomically, so a reader sees
     * the old file or the new one, never a part; a crash in between leaves what a retry of the update rewrites. The file
     * keeps its name; an item whose type changed (a JPEG now a HEIC) is not updated, so that the name does not lie: the
     * engine copies it anew under its new name. A file, or its sidecar, gone since cannot be updated either.
     */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId,
                             String destinationId) throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        Path target = FolderLayout.resolve(root, destinationId);
        ItemSidecar earlier;
        try {
            earlier = Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) ? Sidecars.readItem(target).orElse(null) : null;
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot read the sidecar of '" + destinationId + "'", e);
        }
        if (earlier == null) {
            throw new ItemNotUpdatableException("'" + destinationId + "' or its sidecar is no longer in the folder");
        }
        String name = target.getFileName().toString();
        if (!MediaTypes.of(name).equals(MediaTypes.of(MediaTypes.fileNameOf(item)))) {
            throw new ItemNotUpdatableException("the item is now a " + MediaTypes.fileNameOf(item) + ", not a file like '" + name + "'");
        }
        Path temp = target.resolveSibling(FolderLayout.TEMP_PREFIX + UUID.randomUUID() + ".part");
        try {
            Copied copied = DiskWrites.copyFromSource(context, item.content(), item.id(), temp, settings.syncToDisk(),
                    FileModifyDate.in(item.exif()));
            Sidecars.write(settings.syncToDisk(), FolderLayout.itemSidecar(target), sidecarOf(earlier.idempotencyKey(), item, target, copied), true);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            DiskWrites.syncFolder(settings.syncToDisk(), target.getParent());
            return destinationId;
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot rewrite '" + destinationId + "'", e);
        } finally {
            DiskWrites.deleteQuietly(temp);
        }
    }

    /**
     * Gives the copied {@code temp} a name of its own in {@code folder} (its sidecar first, then the file); the path
     * of the item's file (an earlier import's, if one finished meanwhile), or null when the names kept being taken.
     */
    private Path claim(Path folder, String name, String idempotencyKey, MediaItem item, Path temp, Copied copied)
            throws IOException, ItemRejectedException {
        for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
            Slot slot = findSlot(folder, name, idempotencyKey);
            if (slot.state() == SlotState.DONE) {
                return slot.path();
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
            return target;
        }
        return null;
    }

    private enum SlotState { FREE, RESERVED, DONE }

    private record Slot(Path path, SlotState state) {
    }

    /**
     * The first of "name", "name (2)", … that is ours (sidecar with our key: DONE if the file is there,
     * RESERVED if not) or free (neither file nor sidecar). Names taken by other files are skipped.
     */
    private static Slot findSlot(Path folder, String name, String key) throws IOException, ItemRejectedException {
        for (int n = 1; n <= DiskWrites.MAX_NUMBERED; n++) {
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
        throw new ItemRejectedException("there are " + DiskWrites.MAX_NUMBERED + " files named like '" + name + "' in " + folder + " already");
    }

    private static ItemSidecar sidecarOf(String key, MediaItem item, Path target, Copied copied) {
        String storedName = target.getFileName().toString();
        String contentType = item.content().contentType() != null ? item.content().contentType()
                : MediaTypes.of(storedName).map(MediaTypes.MediaType::contentType).orElse(null);
        return new ItemSidecar(MediaSidecars.ITEM_FORMAT, MediaSidecars.FORMAT_VERSION, key, item.id(), item.kind(),
                item.fileName(), storedName, contentType, copied.size(), copied.sha256(),
                item.title(), item.description(), item.takenAt(), item.location(), item.width(), item.height(), item.exif());
    }

    private static Path folder(Path root, String id) throws AdapterException {
        Path folder = FolderLayout.resolve(root, id);
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("the album folder '" + id + "' does not exist in " + root);
        }
        return folder;
    }
}
