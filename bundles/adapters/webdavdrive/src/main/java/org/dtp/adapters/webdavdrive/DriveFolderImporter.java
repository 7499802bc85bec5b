package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderVertical;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

/**
 * Imports one vertical's collections into a drive folder in the folder layout ({@link FolderVertical} on a
 * {@link DriveFileTree}): collections are folders in the drive folder, whatever parent they had at the source (but for verticals whose collections nest: mail); a changed item is updated in place. Each
 * vertical's component is a subclass naming its vertical.
 */
abstract class DriveFolderImporter<C extends ContainerModel, I extends ItemModel> implements Importer<C, I> {
    private final WebDavDriveConnector connector;
    private final FolderVertical<C, I> vertical;

    DriveFolderImporter(WebDavDriveConnector connector, FolderVertical<C, I> vertical) {
        this.connector = connector;
        this.vertical = vertical;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        DriveValidation.check(connector.client(), destination);
    }

    @Override
    public final String importContainer(ImportContext context, String idempotencyKey, C container, String parentId)
            throws AdapterException {
        return vertical.importContainer(DriveFileTree.of(connector.client(), context), context, idempotencyKey, container, parentId);
    }

    @Override
    public final String importItem(ImportContext context, String idempotencyKey, I item, String containerId)
            throws AdapterException {
        return vertical.importItem(DriveFileTree.of(connector.client(), context), context, idempotencyKey, item, containerId);
    }

    @Override
    public final String updateItem(ImportContext context, String idempotencyKey, I item, String containerId, String destinationId)
            throws AdapterException {
        return vertical.updateItem(DriveFileTree.of(connector.client(), context), context, idempotencyKey, item, destinationId);
    }
}
