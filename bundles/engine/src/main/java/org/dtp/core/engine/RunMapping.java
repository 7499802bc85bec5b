package org.dtp.core.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.store.JobStore;
import org.dtp.models.ItemModel;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.TransferJob;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The mapping scope of a job's run (what earlier transfers between the same accounts copied), and what the run does
 * by it with each source item: import it (new), leave it (unchanged: same content fingerprint), or, when it
 * changed, what {@link ChangedItems} says.
 */
final class RunMapping {
    /** The fidelity entry's field for what concerns an item's content as a whole. */
    static final String CONTENT = "(content)";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the run does with an item. */
    enum Action { IMPORT, UNCHANGED, UPDATE, COPY_ANEW, SKIP }

    /** An item's action, its content fingerprint now, and what the scope held of it (null when nothing). */
    record Plan(Action action, String fingerprint, String modelVersion, JobStore.Mapped earlier) {
    }

    private final JobStore store;
    private final String scope;
    private final ContentFingerprints fingerprints;
    private final ChangedItems changedItems;

    private RunMapping(JobStore store, String scope, ContentFingerprints fingerprints, ChangedItems changedItems) {
        this.store = store;
        this.scope = scope;
        this.fingerprints = fingerprints;
        this.changedItems = changedItems;
    }

    /** Opens the scope of {@code job}'s owner, vertical and the two accounts (see {@link #account}). */
    static RunMapping open(JobStore store, TransferJob job, String sourceAccount, String destinationAccount,
                           ContentFingerprints fingerprints, ChangedItems changedItems) {
        String scope = store.openMappingScope(job.owner(), job.vertical(), sourceAccount, destinationAccount);
        return new RunMapping(store, scope, fingerprints, changedItems);
    }

    /**
     * How the engine names the account an endpoint reaches: its provider and the id its adapter gave; without one, its
     * provider and the settings that are not secret ({@link SecretSettings}), in name order. Never a secret.
     */
    static String account(TransferEndpoint endpoint, Optional<String> accountId) {
        if (accountId.isPresent()) {
            return endpoint.provider() + " account " + accountId.get();
        }
        Map<String, String> visible = new TreeMap<>();
        endpoint.settings().forEach((name, value) -> {
            if (!SecretSettings.isSecret(name)) {
                visible.put(name, value);
            }
        });
        try {
            return endpoint.provider() + " " + JSON.writeValueAsString(visible);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings are strings: " + e.getMessage(), e);
        }
    }

    String scope() {
        return scope;
    }

    /** What the scope maps of {@code keys}, by key. */
    Map<String, JobStore.Mapped> mapped(Collection<String> keys) {
        return keys.isEmpty() ? Map.of() : store.mapped(scope, keys);
    }

    /** What to do with {@code item}, of which the scope holds {@code earlier} (null: nothing). */
    Plan plan(ItemModel item, JobStore.Mapped earlier) {
        String fingerprint = fingerprints.of(item);
        String version = ContentFingerprints.modelVersion(item);
        Action action;
        if (earlier == null) {
            action = Action.IMPORT;
        } else if (fingerprint.equals(earlier.fingerprint())) {
            action = Action.UNCHANGED;
        } else {
            action = switch (changedItems) {
                case UPDATE -> Action.UPDATE;
                case COPY -> Action.COPY_ANEW;
                case SKIP -> Action.SKIP;
            };
        }
        return new Plan(action, fingerprint, version, earlier);
    }

    /** The record of what was done with {@code item} under {@code key}, for the run to write. */
    JobStore.Handled handled(String key, ItemModel item, Plan plan, String destinationId, String mediaSha256,
                             ItemRecord.Outcome outcome) {
        return new JobStore.Handled(scope, key, item.id(), destinationId, plan.fingerprint(), plan.modelVersion(),
                mediaSha256, outcome);
    }
}
