package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FileNames;
import org.dtp.formats.folder.MediaSidecars;
import org.dtp.formats.folder.MediaSidecars.AlbumSidecar;
import org.dtp.formats.folder.MediaSidecars.ItemSidecar;
import org.dtp.formats.folder.MediaTypes;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavEntry;
import org.dtp.webdav.DavPutResult;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Imports photos and videos into a folder of a WebDAV drive, in the local folder's layout: albums become folders
 * (MKCOL) with a {@code .dtp-album.json} sidecar, items files holding the original bytes, streamed from the source
 * straight into the PUT (never whole in memory) and named as the local folder names them. A file's name is claimed by
 * the PUT itself ({@code If-None-Match: *}); a name taken by a file of the item's size (the same file from an earlier
 * attempt) is the item, found, not written again; a name taken otherwise gets the next " (n)". An item's
 * {@code <name>.dtp.json} sidecar is written only when the item carries what its file and name do not (a description,
 * a time, a place, camera metadata, another name at its source, no known size), so that a plain copy of files costs one
 * request per file. The file's modification time goes to the server as Nextcloud's and ownCloud's {@code X-OC-MTime}
 * header, which other servers ignore.
 */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavMediaImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class WebDavMediaImporter implements Importer<PhotoAlbum, MediaItem> {
    static final String PROVIDER = "webdav";
    /** Names tried for one file or album ("name", "name (2)", …) before the item is given up. */
    static final int MAX_NUMBERED = 1000;
    /** The header Nextcloud and ownCloud set a new file's modification time from (seconds since the epoch). */
    static final String MTIME_HEADER = "X-OC-MTime";
    private static final String OCTET_STREAM = "application/octet-stream";

    private final WebDavDriveConnector connector;
    private final DavClient client;
    private final DriveSidecars sidecars;

    @Activate
    public WebDavMediaImporter(@Reference WebDavDriveConnector connector) {
        this.connector = connector;
        this.client = connector.client();
        this.sidecars = new DriveSidecars(client);
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        DriveValidation.check(client, destination);
    }

    @Override
    public int concurrency() {
        return connector.filesAtOnce();
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        Drive drive = Drive.of(context);
        DavAccount account = drive.account();
        URI parent = drive.folderAt(parentId);
        String name = FileNames.sanitise(album.name(), "Album");
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            String folderName = FileNames.numberedFolder(name, n);
            URI folder = Drive.in(parent, folderName, true);
            URI sidecar = folder.resolve(MediaSidecars.ALBUM_SIDECAR);
            AlbumSidecar ours = new AlbumSidecar(idempotencyKey, album.id(), album.name(), album.description(), folderName);
            if (client.makeFolder(account, folder)) {
                sidecars.write(account, sidecar, ours);
                return drive.idOf(folder);
            }
            Optional<DavEntry> there = client.entry(account, folder);
            if (there.isEmpty() || !there.get().collection()) {
                continue; // a file of that name
            }
            Optional<AlbumSidecar> found = sidecars.read(account, sidecar, AlbumSidecar.class, MediaSidecars.ALBUM_FORMAT);
            if (found.map(AlbumSidecar::idempotencyKey).filter(idempotencyKey::equals).isPresent()) {
                return drive.idOf(folder);
            }
            if (found.isEmpty() && client.listEntries(account, folder).isEmpty()) {
                // Ours, made by an attempt that ended before its sidecar: an empty folder is taken as it is.
                sidecars.write(account, sidecar, ours);
                return drive.idOf(folder);
            }
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " folders named like '" + name + "' in " + parent.getPath());
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        Drive drive = Drive.of(context);
        DavAccount account = drive.account();
        URI folder = drive.folderAt(containerId);
        String name = MediaTypes.fileNameOf(item);
        MediaRef ref = item.content();
        String contentType = ref.contentType() != null ? ref.contentType()
                : MediaTypes.of(name).map(MediaTypes.MediaType::contentType).orElse(OCTET_STREAM);
        for (int n = 1; n <= MAX_NUMBERED; n++) {
            String storedName = FileNames.numberedFile(name, n);
            URI file = Drive.in(folder, storedName, false);
            boolean withSidecar = needsSidecar(item, storedName);
            Upload upload = put(context, account, file, item, contentType, withSidecar);
            if (upload.created() || isOurs(account, file, idempotencyKey, ref)) {
                if (withSidecar) {
                    sidecars.write(account, Drive.in(folder, MediaSidecars.itemSidecarName(storedName), false),
                            sidecarOf(idempotencyKey, item, storedName, contentType, upload));
                }
                return drive.idOf(file);
            }
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " files named like '" + name + "' in " + folder.getPath());
    }

    /** What a PUT did: whether it made the file, and the bytes it sent (their hash when a sidecar wants it). */
    private record Upload(boolean created, long size, String sha256) {
    }

    /** Streams the item's bytes from the source into a new file at {@code file}, if nothing is there. */
    private Upload put(ImportContext context, DavAccount account, URI file, MediaItem item, String contentType,
                       boolean hash) throws AdapterException {
        MediaRef ref = item.content();
        MessageDigest digest = hash ? sha256() : null;
        try (InputStream source = context.openMedia(ref);
             CountingStream counted = new CountingStream(digest == null ? source : new DigestInputStream(source, digest))) {
            DavPutResult put = client.putNew(account, file, counted, ref.size(), contentType, mtimeHeader(item));
            return new Upload(put.outcome() == DavPutResult.Outcome.CREATED, counted.count(), digest == null ? null : HexFormat.of().formatHex(digest.digest()));
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read the bytes of '" + item.id() + "' from the source: " + e, e);
        }
    }

    /**
     * Whether the file at {@code file} is this item from an earlier attempt: a file of the item's size, or, when the
     * source gave no size, one whose sidecar holds the item's idempotency key.
     */
    private boolean isOurs(DavAccount account, URI file, String idempotencyKey, MediaRef ref) throws AdapterException {
        Optional<DavEntry> there = client.entry(account, file);
        if (there.isEmpty() || there.get().collection()) {
            return false;
        }
        if (ref.size() >= 0) {
            return there.get().length() == ref.size();
        }
        String name = there.get().name();
        return sidecars.read(account, file.resolve(Drive.encode(MediaSidecars.itemSidecarName(name))), ItemSidecar.class,
                        MediaSidecars.ITEM_FORMAT).map(ItemSidecar::idempotencyKey).filter(idempotencyKey::equals).isPresent();
    }

    /**
     * Whether the item carries what its file and stored name do not: its sidecar is then written. An item of unknown
     * size always has one (its idempotency key is how a retry knows the file).
     */
    static boolean needsSidecar(MediaItem item, String storedName) {
        boolean moreThanTheTime = item.exif().keySet().stream().anyMatch(k -> !k.equals(MediaSidecars.FILE_MODIFY_DATE));
        return item.content().size() < 0 || item.description() != null || item.takenAt() != null
                || item.location() != null || item.width() != null || item.height() != null || moreThanTheTime
                || !storedName.equals(item.fileName())
                || item.title() != null && !item.title().equals(FileNames.withoutExtension(storedName));
    }

    private static ItemSidecar sidecarOf(String key, MediaItem item, String storedName, String contentType, Upload upload) {
        return new ItemSidecar(MediaSidecars.ITEM_FORMAT, MediaSidecars.FORMAT_VERSION, key, item.id(), item.kind(),
                item.fileName(), storedName, contentType, item.content().size() >= 0 ? item.content().size() : upload.size(),
                upload.sha256(), item.title(), item.description(), item.takenAt(), item.location(), item.width(),
                item.height(), item.exif());
    }

    /** The item's file time as {@value #MTIME_HEADER} (seconds), when it has one. */
    static Map<String, String> mtimeHeader(MediaItem item) {
        String time = item.exif().get(MediaSidecars.FILE_MODIFY_DATE);
        if (time == null) {
            return Map.of();
        }
        try {
            return Map.of(MTIME_HEADER, Long.toString(Instant.parse(time).getEpochSecond()));
        } catch (DateTimeParseException e) {
            return Map.of();
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Counts the bytes read through it. */
    private static final class CountingStream extends java.io.FilterInputStream {
        private long count;

        CountingStream(InputStream in) {
            super(Objects.requireNonNull(in));
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        long count() {
            return count;
        }
    }
}
