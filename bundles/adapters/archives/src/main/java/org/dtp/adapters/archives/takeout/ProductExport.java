package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchivePart;
import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the exporters of Takeout's products other than Photos share: the product's catalog read at a job's first page
 * and kept in its scratch (rebuilt the same after a restart), its pages, and an entry of the archive opened again for
 * an item's media, found by the {@code <part>!<entry>} reference the item carries.
 */
final class ProductExport<C extends ContainerModel, I extends ItemModel> {
    /** Reads one product's catalog out of an export's parts. */
    interface CatalogReader<C extends ContainerModel, I extends ItemModel> {
        ProductCatalog<C, I> read(ArchiveSettings settings, List<Path> parts) throws IOException;
    }

    private final ArchiveSettings settings;
    private final JobScratch.Key<ProductCatalog<C, I>> key;
    private final CatalogReader<C, I> reader;

    ProductExport(ArchiveSettings settings, String scratchKey, CatalogReader<C, I> reader) {
        this.settings = settings;
        this.key = JobScratch.Key.of(scratchKey);
        this.reader = reader;
    }

    ArchiveSettings settings() {
        return settings;
    }

    ExportPage<C, I> page(TransferContext context, ExportCursor cursor) throws AdapterException {
        return catalog(context).page(context, cursor, settings.pageSize());
    }

    private ProductCatalog<C, I> catalog(TransferContext context) throws AdapterException {
        List<Path> parts = settings.parts(context);
        try {
            return context.scratch().computeIfAbsent(key, () -> {
                try {
                    return reader.read(settings, parts);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw new AdapterException("cannot read the archive: " + e.getCause().getMessage(), e.getCause());
        }
    }

    /** Opens the entry a reference {@code <part>!<entry>} names, {@code size} bytes long as the archive declared it. */
    InputStream open(TransferContext context, String reference, long size) throws AdapterException, IOException {
        return open(settings, context, reference, size);
    }

    /** {@link #open(TransferContext, String, long)} for an exporter of its own (Photos). */
    static InputStream open(ArchiveSettings settings, TransferContext context, String reference, long size)
            throws AdapterException, IOException {
        int bang = reference.indexOf('!');
        String entry = bang < 0 ? "" : reference.substring(bang + 1);
        if (bang < 0 || EntryNames.unsafe(entry) != null) {
            throw new ItemRejectedException("'" + reference + "' is not an entry of this archive");
        }
        String partName = reference.substring(0, bang);
        Path part = settings.parts(context).stream()
                .filter(p -> p.getFileName().toString().equals(partName)).findFirst()
                .orElseThrow(() -> new ItemRejectedException("the archive part '" + partName + "' is no longer there"));
        try {
            return ArchivePart.of(part).open(entry, size);
        } catch (NoSuchFileException e) {
            throw new ItemRejectedException("'" + entry + "' is no longer in " + partName);
        }
    }
}
