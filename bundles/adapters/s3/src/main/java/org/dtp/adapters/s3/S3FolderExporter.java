package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderVertical;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.InputStream;

/**
 * Exports one vertical's collections (.vcf, .ics) from a bucket in the folder layout ({@link FolderVertical} on an
 * {@link S3FileTree}); each vertical's component is a subclass naming its vertical.
 */
abstract class S3FolderExporter<C extends ContainerModel, I extends ItemModel> implements Exporter<C, I> {
    private final S3Connector connector;
    private final FolderVertical<C, I> vertical;

    S3FolderExporter(S3Connector connector, FolderVertical<C, I> vertical) {
        this.connector = connector;
        this.vertical = vertical;
    }

    @Override
    public final void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public final ExportPage<C, I> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return vertical.export(S3FileTree.of(connector, context), context, cursor, connector.pageSize());
    }

    @Override
    public final InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        return vertical.openMedia(S3FileTree.of(connector, context), ref);
    }
}
