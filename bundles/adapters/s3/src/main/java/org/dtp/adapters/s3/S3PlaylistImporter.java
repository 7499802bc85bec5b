package org.dtp.adapters.s3;

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
 * Imports playlists into a bucket in the folder layout ({@link FolderPlaylists}): {@code <name>.json} with
 * {@code .m3u8} and {@code .xspf} beside it, as the endpoint's {@code playlistFormats} chooses. A page's tracks come in
 * one batch, so each file of a playlist is put once per page of tracks, not once per track; tracks one at a time
 * (the concurrency stays 1: a playlist keeps its order).
 */
@Component(
        name = "org.dtp.adapters.s3.S3PlaylistImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class S3PlaylistImporter extends S3FolderImporter<Playlist, PlaylistTrack>
        implements BatchImporter<Playlist, PlaylistTrack> {
    private final S3Connector connector;
    private final FolderPlaylists playlists;

    @Activate
    public S3PlaylistImporter(@Reference S3Connector connector) {
        this(connector, new FolderPlaylists());
    }

    private S3PlaylistImporter(S3Connector connector, FolderPlaylists playlists) {
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
        return playlists.importTracks(S3FileTree.of(connector, items.get(0).context()), items, containerId);
    }
}
