package org.dtp.spi;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.osgi.annotation.versioning.ConsumerType;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

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

    /**
     * Called once when a transfer that used this source has ended (completed, failed or cancelled), with its settings
     * as they were, just before the server deletes them: revoke what the provider lets one revoke (an OAuth 2.0
     * grant, RFC 7009). Called on a thread of the engine's own; a failure is logged and changes nothing else.
     *
     * @since 1.2
     */
    default void release(TransferEndpoint source) throws AdapterException {
    }

    /** Checks the source settings before a job is created, e.g. that a folder exists. */
    default void validate(TransferEndpoint source) throws InvalidEndpointException {
    }

    /**
     * Returns the page at {@code cursor}. Never called twice at once for one transfer, but the next page of a transfer
     * may be asked for while media of its current page are being opened ({@link #openMedia}, from other threads), and
     * on another thread than the one before: what an exporter keeps of a page for its media (in the job's
     * {@link TransferContext#scratch scratch}) must stay until the page after the next one is asked for. A page asked for
     * ahead may be dropped unused and asked for again.
     */
    ExportPage<C, I> export(TransferContext context, ExportCursor cursor) throws AdapterException;

    /**
     * Opens the bytes of a media reference this exporter returned in an item. Called from several threads at once
     * for one transfer when its importer takes several items at once ({@link Importer#concurrency}), as it is
     * for several transfers.
     */
    InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException;

    /**
     * A stable name of the account this source reaches, e.g. the provider's user id; asked once per run. See
     * {@link Importer#accountId}: empty (the default) names it by the provider and the settings that are not secret.
     *
     * @since 1.7
     */
    default Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.empty();
    }
}
