package org.dtp.adapters.archives.meta;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Exports the photos and videos of a Meta "Download your information" archive (JSON format): its albums with their
 * captions and times, and at the root the videos and photos in no album ({@link MetaMediaCatalog}). The catalog is
 * read at a job's first page and kept in its scratch (rebuilt the same after a restart); a continuation is the
 * number of the container's items given so far.
 */
@Component(
        name = "org.dtp.adapters.archives.MetaMediaExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + MetaPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + MetaPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class MetaMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    private static final JobScratch.Key<MetaMediaCatalog> CATALOG = JobScratch.Key.of("archives.meta.media.catalog");

    private final ArchiveSettings settings;

    @Activate
    public MetaMediaExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public MetaMediaExporter(ArchiveSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        MetaMediaCatalog catalog = catalog(context);
        if (!catalog.hasContainer(cursor.containerId())) {
            throw new AdapterException("the album '" + cursor.containerId() + "' is not in this archive (any more)");
        }
        int from;
        try {
            from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
        } catch (NumberFormatException e) {
            throw new AdapterException("not a continuation of this exporter: '" + cursor.continuation() + "'");
        }
        List<MediaItem> items = catalog.items(cursor.containerId());
        int to = Math.min(items.size(), Math.max(from, 0) + settings.pageSize());
        boolean first = cursor.isRoot() && cursor.continuation() == null;
        return new ExportPage<>(first ? catalog.albums() : List.<PhotoAlbum>of(), items.subList(Math.min(Math.max(from, 0), to), to),
                to < items.size() ? Integer.toString(to) : null, first ? catalog.rejected() : List.of());
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        return catalog(context).index().open(ref);
    }

    private MetaMediaCatalog catalog(TransferContext context) throws AdapterException {
        List<Path> parts = settings.parts(context);
        try {
            return context.scratch().computeIfAbsent(CATALOG, () -> {
                try {
                    return MetaMediaCatalog.build(ArchiveIndex.build(settings, parts));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw new AdapterException("cannot read the archive: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
