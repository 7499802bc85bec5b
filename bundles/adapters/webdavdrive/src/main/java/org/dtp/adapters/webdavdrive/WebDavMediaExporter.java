package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FileNames;
import org.dtp.formats.folder.MediaSidecars;
import org.dtp.formats.folder.MediaSidecars.AlbumSidecar;
import org.dtp.formats.folder.MediaSidecars.ItemSidecar;
import org.dtp.formats.folder.MediaTypes;
import org.dtp.formats.folder.MediaTypes.MediaType;
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
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavEntry;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Exports the photos and videos of a folder of a WebDAV drive, read as the local folder reads its own: each sub-folder
 * (at any depth) is an album, files directly in a folder are its items, our sidecars give back what an import kept.
 * Each page lists its folder (one depth-1 PROPFIND, with lengths and modification times) and takes the files whose
 * names sort after the page before's last, so files added or removed between pages neither shift nor repeat others.
 * A file's modification time travels as the local folder's does ({@link MediaSidecars#FILE_MODIFY_DATE}). Media are
 * streamed (GET) when the destination reads them.
 */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavMediaExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class WebDavMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    private final WebDavDriveConnector connector;
    private final DavClient client;
    private final DriveSidecars sidecars;

    @Activate
    public WebDavMediaExporter(@Reference WebDavDriveConnector connector) {
        this.connector = connector;
        this.client = connector.client();
        this.sidecars = new DriveSidecars(client);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        DriveValidation.check(client, source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Drive drive = Drive.of(context);
        DavAccount account = drive.account();
        URI folder = drive.folderAt(cursor.containerId());
        List<DavEntry> entries = client.listEntries(account, folder);
        List<PhotoAlbum> albums = new ArrayList<>();
        if (cursor.continuation() == null) {
            for (DavEntry entry : entries) {
                if (entry.collection() && !MediaSidecars.ignored(entry.name())) {
                    albums.add(album(drive, entry));
                }
            }
        }
        Set<String> names = new HashSet<>();
        entries.forEach(e -> names.add(e.name()));
        String after = cursor.continuation();
        List<DavEntry> files = entries.stream()
                .filter(e -> !e.collection() && !MediaSidecars.ignored(e.name()) && MediaTypes.of(e.name()).isPresent())
                .filter(e -> after == null || e.name().compareTo(after) > 0)
                .sorted(Comparator.comparing(DavEntry::name))
                .limit(connector.pageSize() + 1L)
                .toList();
        boolean more = files.size() > connector.pageSize();
        List<DavEntry> page = more ? files.subList(0, connector.pageSize()) : files;
        List<MediaItem> items = new ArrayList<>(page.size());
        for (DavEntry file : page) {
            boolean hasSidecar = names.contains(MediaSidecars.itemSidecarName(file.name()));
            items.add(item(drive, file, hasSidecar));
        }
        return new ExportPage<>(albums, items, more ? page.get(page.size() - 1).name() : null);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        Drive drive = Drive.of(context);
        URI file = drive.fileAt(ref.uri());
        String name = file.getPath().substring(file.getPath().lastIndexOf('/') + 1);
        if (MediaSidecars.ignored(name) || MediaTypes.of(name).isEmpty()) {
            throw new ItemRejectedException("'" + ref.uri() + "' is not a media file of this drive folder");
        }
        return client.open(drive.account(), file);
    }

    private PhotoAlbum album(Drive drive, DavEntry folder) throws AdapterException {
        String folderName = folder.name();
        Optional<AlbumSidecar> sidecar = sidecars.read(drive.account(), folder.href().resolve(MediaSidecars.ALBUM_SIDECAR),
                AlbumSidecar.class, MediaSidecars.ALBUM_FORMAT);
        // The name an import was given survives its sanitising and numbering, unless the folder was renamed since.
        String name = sidecar.filter(s -> folderName.equals(s.folderName()) && s.name() != null && !s.name().isBlank())
                .map(AlbumSidecar::name).orElse(folderName);
        return new PhotoAlbum(drive.idOf(folder.href()), name, sidecar.map(AlbumSidecar::description).orElse(null));
    }

    private MediaItem item(Drive drive, DavEntry file, boolean hasSidecar) throws AdapterException {
        String name = file.name();
        MediaType type = MediaTypes.of(name).orElseThrow();
        Optional<ItemSidecar> sidecar = hasSidecar
                ? sidecars.read(drive.account(), file.href().resolve(Drive.encode(MediaSidecars.itemSidecarName(name))),
                        ItemSidecar.class, MediaSidecars.ITEM_FORMAT).filter(s -> name.equals(s.storedName()))
                : Optional.empty();
        Map<String, String> exif = new LinkedHashMap<>();
        sidecar.ifPresent(s -> exif.putAll(s.exif()));
        // The file's own time, unless an import wrote it from an item that had none (its time says when it was imported).
        if (file.lastModified() != null && (sidecar.isEmpty() || sidecar.get().exif().containsKey(MediaSidecars.FILE_MODIFY_DATE))) {
            exif.put(MediaSidecars.FILE_MODIFY_DATE, file.lastModified().toString());
        }
        String id = drive.idOf(file.href());
        return new MediaItem(
                id,
                type.kind(),
                sidecar.map(ItemSidecar::fileName).filter(n -> !n.isBlank()).orElse(name),
                sidecar.map(ItemSidecar::title).orElse(FileNames.withoutExtension(name)),
                sidecar.map(ItemSidecar::description).orElse(null),
                sidecar.map(ItemSidecar::takenAt).orElse(null),
                sidecar.map(ItemSidecar::location).orElse(null),
                sidecar.map(ItemSidecar::width).orElse(null),
                sidecar.map(ItemSidecar::height).orElse(null),
                exif,
                new MediaRef(id, type.contentType(), file.length()));
    }
}
