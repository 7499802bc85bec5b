package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.ChangeFeed;
import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.formats.folder.MediaTypes;
import org.dtp.adapters.localfs.Sidecars;
import org.dtp.adapters.localfs.media.MediaMetadata.Extracted;
import org.dtp.formats.folder.MediaTypes.MediaType;
import org.dtp.formats.folder.MediaSidecars.AlbumSidecar;
import org.dtp.formats.folder.MediaSidecars.ItemSidecar;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports the photos and videos of a folder: each sub-folder (at any depth) is an album, files
 * directly in the folder are items at the root. Pages are in file-name order; the continuation is the
 * last name of the page, so files added or removed between pages neither shift nor repeat others. A re-run lists
 * in each folder only the files changed since its previous scan ({@link ChangeFeed}); albums are always listed.
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderMediaExporter",
        service = Exporter.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=MEDIA"})
@Designate(ocd = LocalFolderConfig.class)
public final class LocalFolderMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    private static final Logger LOG = LoggerFactory.getLogger(LocalFolderMediaExporter.class);
    /** The prefix of an album folder's change feed name (then its id, empty for the root). */
    static final String FEED = "media:";

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderMediaExporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderMediaExporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Path root = settings.sourceRoot(context.endpoint());
        Path folder = FolderLayout.resolve(root, cursor.containerId());
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw new AdapterException("the album folder '" + cursor.containerId() + "' no longer exists in " + root);
        }
        try {
            List<PhotoAlbum> albums = new ArrayList<>();
            if (cursor.continuation() == null) {
                for (Path album : FolderLayout.subFolders(folder)) {
                    albums.add(album(root, album));
                }
            }
            // a re-run reads only the files changed since the folder's last scan; the others it does not open
            ChangeFeed feed = ChangeFeed.open(context, FEED + FolderLayout.idOf(root, folder), folder,
                    cursor.continuation() == null, settings.changeTimeMargin());
            List<String> names = FolderLayout.mediaFileNames(folder, cursor.continuation(), settings.pageSize() + 1, feed);
            boolean more = names.size() > settings.pageSize();
            List<String> page = more ? names.subList(0, settings.pageSize()) : names;
            List<MediaItem> items = new ArrayList<>(page.size());
            for (String name : page) {
                items.add(item(root, folder.resolve(name)));
            }
            return new ExportPage<>(albums, items, more ? page.get(page.size() - 1) : null);
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot list the folder '" + folder + "'", e);
        }
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        Path root = settings.root(context.endpoint());
        Path file = FolderLayout.resolve(root, ref.uri());
        String name = file.getFileName().toString();
        if (FolderLayout.ignored(name) || MediaTypes.of(name).isEmpty()) {
            throw new ItemRejectedException("'" + ref.uri() + "' is not a media file of this folder");
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ItemRejectedException("the file '" + ref.uri() + "' no longer exists in " + root);
        }
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot open '" + ref.uri() + "'", e);
        }
    }

    private static PhotoAlbum album(Path root, Path folder) {
        String folderName = folder.getFileName().toString();
        Optional<AlbumSidecar> sidecar = readQuietly(() -> Sidecars.readAlbum(folder), folder);
        // The name an import was given survives its sanitising and numbering, unless the folder was renamed since.
        String name = sidecar.filter(s -> folderName.equals(s.folderName()) && s.name() != null && !s.name().isBlank())
                .map(AlbumSidecar::name).orElse(folderName);
        return new PhotoAlbum(FolderLayout.idOf(root, folder), name, sidecar.map(AlbumSidecar::description).orElse(null));
    }

    private static MediaItem item(Path root, Path file) {
        String name = file.getFileName().toString();
        MediaType type = MediaTypes.of(name).orElseThrow();
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            LOG.debug("size of {} unknown: {}", file, e.toString());
            size = -1;
        }
        Extracted read = MediaMetadata.read(file, type);
        Optional<ItemSidecar> sidecar = readQuietly(() -> Sidecars.readItem(file), file)
                .filter(s -> name.equals(s.storedName()));
        Map<String, String> exif = new LinkedHashMap<>(read.exif());
        sidecar.ifPresent(s -> exif.putAll(s.exif()));
        // The file's own time, not the one its sidecar recorded at import (the file may have been edited since);
        // none for a file an import wrote from an item that had none, whose time only says when it was imported.
        if (sidecar.isEmpty() || sidecar.get().exif().containsKey(FileModifyDate.KEY)) {
            FileModifyDate.of(file).ifPresent(time -> exif.put(FileModifyDate.KEY, time));
        }
        String id = FolderLayout.idOf(root, file);
        return new MediaItem(
                id,
                type.kind(),
                sidecar.map(ItemSidecar::fileName).filter(n -> !n.isBlank()).orElse(name),
                sidecar.map(ItemSidecar::title).orElse(FileNames.withoutExtension(name)),
                sidecar.map(ItemSidecar::description).orElse(null),
                sidecar.map(ItemSidecar::takenAt).orElse(read.takenAt()),
                sidecar.map(ItemSidecar::location).orElse(read.location()),
                sidecar.map(ItemSidecar::width).orElse(read.width()),
                sidecar.map(ItemSidecar::height).orElse(read.height()),
                exif,
                new MediaRef(id, type.contentType(), size));
    }

    private interface SidecarRead<T> {
        Optional<T> read() throws IOException;
    }

    /** A sidecar that cannot be read only costs its metadata, never the export. */
    private static <T> Optional<T> readQuietly(SidecarRead<T> read, Path path) {
        try {
            return read.read();
        } catch (IOException e) {
            LOG.debug("sidecar of {} not read: {}", path, e.toString());
            return Optional.empty();
        }
    }
}
