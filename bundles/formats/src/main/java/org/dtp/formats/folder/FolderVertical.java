package org.dtp.formats.folder;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.TransferContext;
import org.osgi.annotation.versioning.ProviderType;

import java.io.InputStream;

/**
 * One vertical's export and import in the folder layout, on any {@link FileTree}: what a storage adapter's exporter
 * and importer of that vertical do, the store aside. One instance per importer (it keeps the locks of its writes).
 * Since 1.1.
 */
@ProviderType
public interface FolderVertical<C extends ContainerModel, I extends ItemModel> {
    /** The root page (the collections) or a collection's page of at most {@code pageSize} entries. */
    ExportPage<C, I> export(FileTree tree, TransferContext context, ExportCursor cursor, int pageSize) throws AdapterException;

    /** The media an exported item refers to (a contact's inline photo); rejected when there is none. */
    InputStream openMedia(FileTree tree, MediaRef ref) throws AdapterException;

    /** The folder of the collection (made, or found again by its key). Collections are all in the root. */
    String importContainer(FileTree tree, ImportContext context, String idempotencyKey, C container) throws AdapterException;

    /**
     * The folder of the collection in the folder {@code parentId} (null: the root), for verticals whose collections
     * nest (mail folders); by default the collection goes into the root, as {@link #importContainer(FileTree,
     * ImportContext, String, ContainerModel)} puts it.
     */
    default String importContainer(FileTree tree, ImportContext context, String idempotencyKey, C container, String parentId)
            throws AdapterException {
        return importContainer(tree, context, idempotencyKey, container);
    }

    /** Writes the item into its collection (or the collection of items without one); its id. */
    String importItem(FileTree tree, ImportContext context, String idempotencyKey, I item, String containerId)
            throws AdapterException;

    /**
     * Replaces the item an earlier transfer wrote at {@code destinationId} with its changed version, in place (the file
     * keeps its name, a series its other components); {@code ItemNotUpdatableException} when it is no longer there.
     */
    String updateItem(FileTree tree, ImportContext context, String idempotencyKey, I item, String destinationId)
            throws AdapterException;
}
