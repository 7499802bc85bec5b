package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderPlaylists;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the playlists (.json, .xspf, .m3u8, .m3u) of a WebDAV drive folder in the folder layout ({@link FolderPlaylists}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavPlaylistExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class WebDavPlaylistExporter extends DriveFolderExporter<Playlist, PlaylistTrack> {
    @Activate
    public WebDavPlaylistExporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderPlaylists());
    }
}
