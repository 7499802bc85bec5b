package org.dtp.core.receipts;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.dtp.core.store.JobStore;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The receipt's JSON (the signed payload): the transfer, its two sides without secret values, when it started and
 * ended, each item it handled (source id → destination id, fingerprints, outcome, the fields not kept of it on both
 * sides), its item errors and its totals. Written as a stream a page of items at a time, so memory does not grow with
 * the transfer.
 */
final class ReceiptDocument {
    static final String TYPE = "dtp-receipt";
    static final int VERSION = 1;
    static final String TRANSFER = "transfer";
    /** Items and errors read from the store at once. */
    private static final int PAGE = 500;

    private final TransferService transfers;
    private final JobStore store;
    private final JsonFactory json = new JsonFactory();

    ReceiptDocument(TransferService transfers, JobStore store) {
        this.transfers = transfers;
        this.store = store;
    }

    /** Writes the receipt of the ended transfer {@code details}; {@code issuedAt} is when the receipt was made. */
    void write(TransferDetails details, Instant issuedAt, OutputStream out) throws IOException {
        TransferJob job = details.job();
        try (JsonGenerator g = json.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("type", TYPE);
            g.writeNumberField("version", VERSION);
            g.writeStringField(TRANSFER, job.id().toString());
            g.writeStringField("owner", job.owner());
            g.writeStringField("vertical", job.vertical().name());
            endpoint(g, "source", job.source(), job.exporterVersion());
            endpoint(g, "destination", job.destination(), job.importerVersion());
            g.writeStringField("state", job.state().name());
            g.writeStringField("createdAt", job.createdAt().toString());
            instant(g, "startedAt", started(details.history()));
            instant(g, "endedAt", ended(details.history(), job));
            g.writeStringField("issuedAt", issuedAt.toString());
            Map<ItemRecord.Outcome, Long> outcomes = items(g, job.id());
            long failed = errors(g, job.id());
            g.writeObjectFieldStart("totals");
            for (ItemRecord.Outcome outcome : ItemRecord.Outcome.values()) {
                g.writeNumberField(outcome.name().toLowerCase(java.util.Locale.ROOT), outcomes.getOrDefault(outcome, 0L));
            }
            g.writeNumberField("failed", failed);
            g.writeNumberField("bytes", job.bytes());
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    private static void endpoint(JsonGenerator g, String side, TransferEndpoint endpoint, String adapterVersion) throws IOException {
        g.writeObjectFieldStart(side);
        g.writeStringField("provider", endpoint.provider());
        if (adapterVersion != null) {
            g.writeStringField("adapter", adapterVersion);
        }
        g.writeObjectFieldStart("settings");
        for (Map.Entry<String, String> setting : SecretSettings.mask(endpoint.settings()).entrySet()) {
            g.writeStringField(setting.getKey(), setting.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** Every item record, with its fields not kept; returns how many there were of each outcome. */
    private Map<ItemRecord.Outcome, Long> items(JsonGenerator g, UUID id) throws IOException {
        Map<ItemRecord.Outcome, Long> outcomes = new EnumMap<>(ItemRecord.Outcome.class);
        g.writeArrayFieldStart("items");
        List<ItemRecord> page;
        String after = null;
        do {
            // By key, not by offset: each page is one index range, however far into a large transfer it is.
            page = store.itemRecords(id, after, PAGE);
            Map<String, List<FieldNotKept>> notKept = store.fidelityOfItems(id, page.stream().map(ItemRecord::sourceId).toList());
            for (ItemRecord item : page) {
                outcomes.merge(item.outcome(), 1L, Long::sum);
                item(g, item, notKept.getOrDefault(item.sourceId(), List.of()));
            }
            after = page.isEmpty() ? after : page.get(page.size() - 1).sourceKey();
        } while (page.size() == PAGE);
        g.writeEndArray();
        return outcomes;
    }

    private static void item(JsonGenerator g, ItemRecord item, List<FieldNotKept> notKept) throws IOException {
        g.writeStartObject();
        g.writeStringField("sourceId", item.sourceId());
        g.writeStringField("destinationId", item.destinationId());
        g.writeStringField("outcome", item.outcome().name().toLowerCase(java.util.Locale.ROOT));
        g.writeStringField("fingerprint", item.fingerprint());
        if (item.mediaSha256() != null) {
            g.writeStringField("mediaSha256", item.mediaSha256());
        }
        if (!notKept.isEmpty()) {
            g.writeArrayFieldStart("notKept");
            for (FieldNotKept f : notKept) {
                g.writeStartObject();
                g.writeStringField("side", f.side().name().toLowerCase(java.util.Locale.ROOT));
                g.writeStringField("field", f.field());
                g.writeStringField("reason", f.reason());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    /** Every item error, oldest first; returns how many. */
    private long errors(JsonGenerator g, UUID id) throws IOException {
        g.writeArrayFieldStart("errors");
        ReportPage<ItemError> first = transfers.errors(id, 0, 1).orElse(null);
        long total = first == null ? 0 : first.total();
        // The store lists errors newest first; a receipt lists them in the order they happened, a page at a time.
        for (long end = total; end > 0; end -= PAGE) {
            int offset = (int) Math.max(0, end - PAGE);
            List<ItemError> page = transfers.errors(id, offset, (int) (end - offset)).map(ReportPage::entries).orElse(List.of());
            for (int i = page.size() - 1; i >= 0; i--) {
                ItemError e = page.get(i);
                g.writeStartObject();
                g.writeStringField("sourceId", e.itemId());
                if (e.containerId() != null) {
                    g.writeStringField("containerId", e.containerId());
                }
                g.writeStringField("message", e.message());
                g.writeStringField("at", e.at().toString());
                g.writeEndObject();
            }
        }
        g.writeEndArray();
        return total;
    }

    private static Instant started(List<StateChange> history) {
        return history.stream().filter(c -> c.to() == org.dtp.transfer.JobState.RUNNING).map(StateChange::at).findFirst().orElse(null);
    }

    private static Instant ended(List<StateChange> history, TransferJob job) {
        return history.stream().filter(c -> c.to().isFinal()).map(StateChange::at).reduce((a, b) -> b).orElse(job.updatedAt());
    }

    private static void instant(JsonGenerator g, String name, Instant at) throws IOException {
        if (at != null) {
            g.writeStringField(name, at.toString());
        } else {
            g.writeNullField(name);
        }
    }
}
