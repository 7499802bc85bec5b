package org.dtp.core.engine;

import org.dtp.models.ItemModel;
import org.dtp.spi.BatchImporter;
import org.dtp.spi.Importer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A page's items given a batch at a time to an importer that takes batches ({@link BatchImporter}): when the page's
 * loop reaches an item no batch has held yet, that item and the next ones still to import (up to the importer's
 * batch size) go to it in one call, on the job's thread. The items of the prefix it returns count as imported with
 * their ids; any other item, or every item when the importer takes no batches, is imported by itself as before. A
 * batch that throws is not retried as a batch: its items are imported one by one, which retries, reports and fails
 * each as its own.
 */
final class ItemBatches {
    private static final Logger LOG = LoggerFactory.getLogger(ItemBatches.class);

    /** An item's context, and its id when a batch imported it (null: import it by itself). */
    record Prepared(AdapterContext context, String imported) {
    }

    private final UUID jobId;
    private final BatchImporter<?, ItemModel> importer;
    private final String containerId;
    private final Supplier<AdapterContext> newContext;
    /** The items batches have held, by ledger key: their context and, for a returned prefix, their id. */
    private final Map<String, Prepared> held = new HashMap<>();

    @SuppressWarnings("unchecked")
    ItemBatches(UUID jobId, Importer<?, ?> importer, String containerId, Supplier<AdapterContext> newContext) {
        this.jobId = jobId;
        this.importer = importer instanceof BatchImporter<?, ?> batches && batches.batchSize() > 1
                ? (BatchImporter<?, ItemModel>) batches : null;
        this.containerId = containerId;
        this.newContext = newContext;
    }

    /** An item imported by itself, never in a batch. */
    Prepared alone() {
        return new Prepared(newContext.get(), null);
    }

    /**
     * Prepares {@code items[index]} (key {@code key}): runs the batch it starts when no batch held it, with the items
     * after it that are {@code batchable} and not in the batch already.
     */
    Prepared prepare(List<? extends ItemModel> items, int index, String key, Predicate<ItemModel> batchable) {
        if (importer == null) {
            return alone();
        }
        Prepared prepared = held.get(key);
        if (prepared != null) {
            return prepared;
        }
        List<BatchImporter.Item<ItemModel>> batch = new ArrayList<>();
        Set<String> inBatch = new HashSet<>();
        for (int i = index; i < items.size() && batch.size() < importer.batchSize(); i++) {
            String k = i == index ? key : "i:" + items.get(i).id();
            if ((i == index || batchable.test(items.get(i))) && inBatch.add(k)) {
                AdapterContext context = newContext.get();
                context.startAttempt();
                batch.add(new BatchImporter.Item<>(context, k, items.get(i)));
            }
        }
        List<String> ids = List.of();
        try {
            ids = importer.importItems(batch, containerId);
        } catch (Exception e) {
            LOG.info("job {}: a batch of {} items was not imported as one ({}); importing them one by one", jobId, batch.size(),
                    e.getMessage());
        }
        for (int i = 0; i < batch.size(); i++) {
            BatchImporter.Item<ItemModel> item = batch.get(i);
            held.put(item.idempotencyKey(), new Prepared((AdapterContext) item.context(), i < ids.size() ? ids.get(i) : null));
        }
        return held.get(key);
    }
}
