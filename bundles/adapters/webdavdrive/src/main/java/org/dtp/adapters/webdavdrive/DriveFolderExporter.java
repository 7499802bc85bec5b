package org.dtp.adapters.webdavdrive;

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
 * Exports one vertical's collections (.vcf, .ics) from a drive folder in the folder layout ({@link FolderVertical} on
 * a {@link DriveFileTree}); each vertical's component is a subclass naming its vertical.
 */
abstract class DriveFolderExporter<C extends ContainerModel, I extends ItemModel> implements Exporter<C, I> {
    private final WebDavDriveConnector connector;
    private final FolderVertical<C, I> vertical;

    DriveFolderExporter(WebDavDriveConnector connector, FolderVertical<C, I> vertical) {
        this.connector = connector;
        this.vertical = vertical;
    }

    @Override
    public final void validate(TransferEndpoint source) throws InvalidEndpointException {
        DriveValidation.check(connector.client(), source);
    }

    @Override
    public final ExportPage<C, I> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return vertical.export(DriveFileTree.of(connector.client(), context), context, cursor, connector.pageSize());
    }

    @Override
    public final InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        return vertical.openMedia(DriveFileTree.of(connector.client(), context), ref);
    }
}
