package org.dtp.adapters.localfs.playlists;

import org.dtp.adapters.localfs.LocalFolderConformance;
import org.dtp.models.Vertical;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on the folder's playlists (see {@link org.dtp.conformance.AdapterConformanceTest}). */
public class LocalFolderPlaylistConformanceTest extends LocalFolderConformance<Playlist, PlaylistTrack> {
    @Override
    protected Vertical vertical() {
        return Vertical.PLAYLISTS;
    }

    @Override
    protected Exporter<Playlist, PlaylistTrack> newExporter() {
        return new LocalFolderPlaylistExporter(SETTINGS);
    }

    @Override
    protected Importer<Playlist, PlaylistTrack> newImporter() {
        return new LocalFolderPlaylistImporter(SETTINGS);
    }
}
