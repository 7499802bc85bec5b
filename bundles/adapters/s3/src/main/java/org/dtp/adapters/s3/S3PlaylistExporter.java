package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderPlaylists;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the playlists (.json, .xspf, .m3u8, .m3u) of a bucket in the folder layout ({@link FolderPlaylists}). */
@Component(
        name = "org.dtp.adapters.s3.S3PlaylistExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class S3PlaylistExporter extends S3FolderExporter<Playlist, PlaylistTrack> {
    @Activate
    public S3PlaylistExporter(@Reference S3Connector connector) {
        super(connector, new FolderPlaylists());
    }
}
