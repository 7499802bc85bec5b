package org.dtp.adapters.webdavdrive;

import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;

/** The SPI conformance kit on the WebDAV drive's playlists in the folder layout (see {@link DriveConformance}). */
public class WebDavPlaylistConformanceTest extends DriveConformance<Playlist, PlaylistTrack> {
    @Override
    protected Vertical vertical() {
        return Vertical.PLAYLISTS;
    }

    @Override
    protected Exporter<Playlist, PlaylistTrack> newExporter() {
        return new WebDavPlaylistExporter(connector());
    }

    @Override
    protected Importer<Playlist, PlaylistTrack> newImporter() {
        return new WebDavPlaylistImporter(connector());
    }

    /** A file that is no playlist is passed over, as the local folder adapter does (it may be another vertical's JSON). */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<Playlist, PlaylistTrack> data) {
        return null;
    }
}
