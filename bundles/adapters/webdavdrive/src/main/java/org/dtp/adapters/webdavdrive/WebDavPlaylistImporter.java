package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderPlaylists;
import org.dtp.formats.playlists.PlaylistFormat;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.List;

/**
 * Imports playlists into a WebDAV drive folder in the folder layout ({@link FolderPlaylists}): {@code <name>.json}
 * with {@code .m3u8} and {@code .xspf} beside it, as the endpoint's {@code playlistFormats} chooses. A page's tracks
 * come in one batch, so each file of a playlist is PUT once per page of tracks, not once per track; tracks one at a
 * time (the concurrency stays 1: a playlist keeps its order).
 */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavPlaylistImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class WebDavPlaylistImporter extends DriveFolderImporter<Playlist, PlaylistTrack>
        implements BatchImporter<Playlist, PlaylistTrack> {
    private final WebDavDriveConnector connector;
    private final FolderPlaylists playlists;

    @Activate
    public WebDavPlaylistImporter(@Reference WebDavDriveConnector connector) {
        this(connector, new FolderPlaylists());
    }

    private WebDavPlaylistImporter(WebDavDriveConnector connector, FolderPlaylists playlists) {
        super(connector, playlists);
        this.connector = connector;
        this.playlists = playlists;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        super.validate(destination);
        PlaylistFormat.of(destination);
    }

    @Override
    public int batchSize() {
        return FolderPlaylists.BATCH_SIZE;
    }

    @Override
    public List<String> importItems(List<Item<PlaylistTrack>> items, String containerId) throws AdapterException {
        return playlists.importTracks(DriveFileTree.of(connector.client(), items.get(0).context()), items, containerId);
    }
}
