package org.dtp.spi;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.osgi.annotation.versioning.ConsumerType;

import java.util.Optional;

/**
 * Writes a person's data of one vertical to a provider. The engine keeps a ledger of what was
 * imported, but a crash can fall between an import and its ledger entry, so every method must be
 * idempotent on its {@code idempotencyKey}: called twice with the same key, it creates one thing and
 * returns the same destination id.
 *
 * @param <C> the vertical's container model
 * @param <I> the vertical's item model
 */
@ConsumerType
public interface Importer<C extends ContainerModel, I extends ItemModel> {

    /**
     * Called once when a transfer that used this destination has ended (completed, failed or cancelled), with its settings
     * as they were, just before the server deletes them: revoke what the provider lets one revoke (an OAuth 2.0
     * grant, RFC 7009). Called on a thread of the engine's own; a failure is logged and changes nothing else.
     *
     * @since 1.2
     */
    default void release(TransferEndpoint destination) throws AdapterException {
    }

    /** Checks the destination settings before a job is created. */
    default void validate(TransferEndpoint destination) throws InvalidEndpointException {
    }

    /**
     * Creates (or finds) the destination container for a source container.
     *
     * @param parentId the destination id of the parent container, {@code null} at the root
     * @return the destination container's id
     */
    String importContainer(ImportContext context, String idempotencyKey, C container, String parentId)
            throws AdapterException;

    /**
     * How many {@link #importItem} calls of one transfer this importer takes at once; 1 (the default) imports a
     * page's items one after the other, in the page's order, on one thread. More than 1 lets the engine import up
     * to that many items of a page at the same time, on threads of its own, in no particular order: say so only
     * when the provider's documented limits allow that many requests at once and the importer keeps no mutable
     * state outside its {@link ImportContext#scratch() job scratch} that concurrent calls could share unsafely.
     * Importers whose destination keeps the order items arrive in (mail folders, playlists) keep 1. Containers
     * are always imported one at a time, before the items of their page; the operator may lower this number.
     *
     * @since 1.6
     */
    default int concurrency() {
        return 1;
    }

    /**
     * Imports one item.
     *
     * @param containerId the destination container's id, {@code null} for items at the root
     * @return the destination item's id
     */
    String importItem(ImportContext context, String idempotencyKey, I item, String containerId)
            throws AdapterException;

    /**
     * Replaces the content of an item this destination holds (an earlier transfer created it as
     * {@code destinationId}) with {@code item}, whose source changed since: a CardDAV/CalDAV PUT to the same resource,
     * a file rewritten atomically, a provider's update call. Idempotent like {@link #importItem}: called again with the
     * same item it leaves the same content. The default takes no updates: it throws
     * {@link ItemNotUpdatableException}, and the engine copies the item anew (as {@link #importItem}) with a fidelity
     * entry saying why; an importer throws it too when the destination item is gone.
     *
     * @return the destination item's id after the update (usually {@code destinationId})
     * @since 1.7
     */
    default String updateItem(ImportContext context, String idempotencyKey, I item, String containerId,
                              String destinationId) throws AdapterException {
        throw new ItemNotUpdatableException("the destination takes no updates of items");
    }

    /**
     * A stable name of the account this destination reaches, e.g. the provider's user id; asked once per run. The
     * engine remembers what transfers copied per owner, source account, destination account and vertical, so that a
     * transfer between the same accounts copies only what is new or changed. Empty (the default): the engine names the
     * account by the provider and the endpoint's settings that are not secret
     * ({@link org.dtp.transfer.SecretSettings}); an endpoint whose settings hold only OAuth tokens then shares one
     * mapping per owner and provider. Never a secret.
     *
     * @since 1.7
     */
    default Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.empty();
    }
}
