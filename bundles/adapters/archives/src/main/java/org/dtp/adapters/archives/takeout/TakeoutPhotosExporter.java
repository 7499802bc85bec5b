package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.adapters.archives.takeout.PhotosCatalog.Item;
import org.dtp.adapters.archives.takeout.PhotosCatalog.NotKept;
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
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.Designate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports the photos and videos of a Google Takeout export: its album folders as albums, the photos found only in
 * year folders ("Photos from 2019") at the root, each with what its JSON sidecar says. The archive is read where it
 * lies, one or more .zip or .tgz parts, never unpacked: the first page of a job reads the parts' entries into a
 * {@link PhotosCatalog} (kept in the job's scratch, rebuilt the same after a restart), pages run in archive order
 * (part, then entry) and the continuation is the last position given, so a resumed export neither skips nor repeats.
 */
@Component(
        name = "org.dtp.adapters.archives.TakeoutPhotosExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + TakeoutPhotosExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Takeout archive",
                AdapterProperties.VERTICAL + "=MEDIA"})
@Designate(ocd = ArchivesConfig.class)
public final class TakeoutPhotosExporter implements Exporter<PhotoAlbum, MediaItem> {
    public static final String PROVIDER = "takeout";
    private static final JobScratch.Key<PhotosCatalog> CATALOG = JobScratch.Key.of("archives.takeout.photos.catalog");

    private final ArchiveSettings settings;

    @Activate
    public TakeoutPhotosExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public TakeoutPhotosExporter(ArchiveSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        PhotosCatalog catalog = catalog(context);
        if (!catalog.hasContainer(cursor.containerId())) {
            throw new AdapterException("the album folder '" + cursor.containerId() + "' is not in this archive (any more)");
        }
        Position after;
        try {
            after = cursor.continuation() == null ? null : Position.parse(cursor.continuation());
        } catch (IllegalArgumentException e) {
            throw new AdapterException(e.getMessage());
        }
        List<Item> page = catalog.page(cursor.containerId(), after, settings.pageSize() + 1);
        boolean more = page.size() > settings.pageSize();
        List<Item> items = more ? page.subList(0, settings.pageSize()) : page;
        List<MediaItem> models = new ArrayList<>(items.size());
        for (Item item : items) {
            models.add(item.item());
            for (NotKept notKept : item.notKept()) {
                context.reportNotKept(item.item().id(), notKept.field(), notKept.reason());
            }
        }
        boolean first = cursor.isRoot() && cursor.continuation() == null;
        return new ExportPage<>(first ? catalog.albums() : List.<PhotoAlbum>of(), models,
                more ? items.get(items.size() - 1).position().toString() : null,
                first ? catalog.rejected() : List.of());
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        String entry = ref.uri().substring(ref.uri().indexOf('!') + 1);
        if (PhotoFiles.of(EntryNames.fileNameOf(entry)).isEmpty()) {
            throw new ItemRejectedException("'" + ref.uri() + "' is not a photo or video of this archive");
        }
        return ProductExport.open(settings, context, ref.uri(), ref.size());
    }

    private PhotosCatalog catalog(TransferContext context) throws AdapterException {
        List<Path> parts = settings.parts(context);
        try {
            return context.scratch().computeIfAbsent(CATALOG, () -> {
                try {
                    return CatalogBuilder.build(settings, parts);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw new AdapterException("cannot read the archive: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
