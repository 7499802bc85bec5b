package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.models.MediaRef;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
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

import java.io.InputStream;

/** Exports the YouTube playlists of a Google Takeout export ({@link PlaylistsCatalog}). */
@Component(
        name = "org.dtp.adapters.archives.TakeoutPlaylistsExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + TakeoutPhotosExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Takeout archive",
                AdapterProperties.VERTICAL + "=PLAYLISTS"})
public final class TakeoutPlaylistsExporter implements Exporter<Playlist, PlaylistTrack> {
    private final ProductExport<Playlist, PlaylistTrack> export;

    @Activate
    public TakeoutPlaylistsExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public TakeoutPlaylistsExporter(ArchiveSettings settings) {
        this.export = new ProductExport<>(settings, "archives.takeout.playlists.catalog", PlaylistsCatalog::read);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        export.settings().checkSource(source);
    }

    @Override
    public ExportPage<Playlist, PlaylistTrack> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.page(context, cursor);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("playlist entries of a Takeout export carry no media");
    }
}
