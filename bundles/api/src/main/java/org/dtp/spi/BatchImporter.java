package org.dtp.spi;

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.osgi.annotation.versioning.ConsumerType;

import java.util.List;

/**
 * An importer that can also store several items of a page in one call, for providers that take a batch in one
 * request (IMAP MULTIAPPEND, a batchCreate). The engine gives it a page's items to import a batch at a time, in the
 * page's order, one batch after the other on the job's thread; it records each item of the prefix the call returns
 * as imported with its id, and imports the items after that prefix one by one with {@link #importItem}, under its
 * retry policy. So a batch need not succeed as a whole: when it cannot be stored at once (a provider's refusal of
 * one item fails its whole batch, a connection broke), the importer returns the ids of the items it did store, or
 * none, or throws, and each item left gets the ordinary per-item handling and failure. Each item keeps its own
 * {@link ImportContext} (its media, what it could not keep, its bytes). Like {@link #importItem}, an item imported
 * by a batch must be found, not created twice, when it comes again (a repeated page, a crash before the engine
 * recorded the batch).
 *
 * @param <C> the vertical's container model
 * @param <I> the vertical's item model
 * @since 1.7
 */
@ConsumerType
public interface BatchImporter<C extends ContainerModel, I extends ItemModel> extends Importer<C, I> {

    /** The most items one {@link #importItems} call takes; 1 or less: none (every item goes to importItem). */
    int batchSize();

    /**
     * Imports items into one container, in the order given.
     *
     * @param items       at most {@link #batchSize()} items of one page, in its order
     * @param containerId the destination container's id, {@code null} for items at the root
     * @return the destination ids of the first items, in order: of all of them, of a prefix, or none
     */
    List<String> importItems(List<Item<I>> items, String containerId) throws AdapterException;

    /** One item of a batch, with its idempotency key and its own context. */
    record Item<I extends ItemModel>(ImportContext context, String idempotencyKey, I item) {
    }
}
