package org.dtp.adapters.s3;

import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;

/** The SPI conformance kit on the S3 adapter's playlists in the folder layout (see {@link S3Conformance}). */
public class S3PlaylistConformanceTest extends S3Conformance<Playlist, PlaylistTrack> {
    @Override
    protected Vertical vertical() {
        return Vertical.PLAYLISTS;
    }

    @Override
    protected Exporter<Playlist, PlaylistTrack> newExporter() {
        return new S3PlaylistExporter(connector());
    }

    @Override
    protected Importer<Playlist, PlaylistTrack> newImporter() {
        return new S3PlaylistImporter(connector());
    }

    /** A file that is no playlist is passed over, as the local folder adapter does (it may be another vertical's JSON). */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<Playlist, PlaylistTrack> data) {
        return null;
    }
}
