package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderVertical;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

/**
 * Imports one vertical's collections into a bucket in the folder layout ({@link FolderVertical} on an
 * {@link S3FileTree}): collections are folders in the prefix, whatever parent they had at the source (but for verticals whose collections nest: mail); a changed item is updated in place. Each
 * vertical's component is a subclass naming its vertical.
 */
abstract class S3FolderImporter<C extends ContainerModel, I extends ItemModel> implements Importer<C, I> {
    private final S3Connector connector;
    private final FolderVertical<C, I> vertical;

    S3FolderImporter(S3Connector connector, FolderVertical<C, I> vertical) {
        this.connector = connector;
        this.vertical = vertical;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    @Override
    public final String importContainer(ImportContext context, String idempotencyKey, C container, String parentId)
            throws AdapterException {
        return vertical.importContainer(S3FileTree.of(connector, context), context, idempotencyKey, container, parentId);
    }

    @Override
    public final String importItem(ImportContext context, String idempotencyKey, I item, String containerId)
            throws AdapterException {
        return vertical.importItem(S3FileTree.of(connector, context), context, idempotencyKey, item, containerId);
    }

    @Override
    public final String updateItem(ImportContext context, String idempotencyKey, I item, String containerId, String destinationId)
            throws AdapterException {
        return vertical.updateItem(S3FileTree.of(connector, context), context, idempotencyKey, item, destinationId);
    }
}
