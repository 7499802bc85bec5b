package org.dtp.spi;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.osgi.annotation.versioning.ConsumerType;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a person's data of one vertical from a provider, page by page. Nothing at the source is
 * ever changed. Pages must be reproducible: the same cursor gives the same items, so that a job
 * resumed from a checkpoint neither skips nor repeats items.
 *
 * @param <C> the vertical's container model
 * @param <I> the vertical's item model
 */
@ConsumerType
public interface Exporter<C extends ContainerModel, I extends ItemModel> {

    /** Checks the source settings before a job is created, e.g. that a folder exists. */
    default void validate(TransferEndpoint source) throws InvalidEndpointException {
    }

    /** Returns the page at {@code cursor}. */
    ExportPage<C, I> export(TransferContext context, ExportCursor cursor) throws AdapterException;

    /** Opens the bytes of a media reference this exporter returned in an item. */
    InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException;
}
