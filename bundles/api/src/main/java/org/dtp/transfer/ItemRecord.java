package org.dtp.transfer;

import java.time.Instant;
import java.util.Objects;

/**
 * What a transfer did with one source item: where it is at the destination and what content it had. Kept with the
 * transfer's other data (deleted with it when the retention period ends). Since 1.9.
 *
 * @param sourceKey     the engine's key of the source item ({@code "i:"} and its id): the order records are listed in
 * @param sourceId      the source item's id
 * @param destinationId the destination's id of the item (for an unchanged item, the one an earlier transfer made)
 * @param fingerprint   the SHA-256, in lower-case hex, of the item's canonical JSON as exported
 * @param mediaSha256   the SHA-256, in lower-case hex, of the media bytes the importer read for it; null when it read
 *                      none (no media, or an unchanged item)
 * @param outcome       what was done
 * @param at            when it was recorded
 */
public record ItemRecord(String sourceKey, String sourceId, String destinationId, String fingerprint, String mediaSha256,
                         Outcome outcome, Instant at) {
    public ItemRecord {
        Objects.requireNonNull(sourceKey, "sourceKey");
        Objects.requireNonNull(destinationId, "destinationId");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(at, "at");
    }

    /** What a transfer did with an item. */
    public enum Outcome {
        /** Created at the destination (new, or changed and copied anew). */
        COPIED,
        /** Changed since an earlier transfer copied it, and updated in place at the destination. */
        UPDATED,
        /** The same as an earlier transfer copied it: not copied again. */
        UNCHANGED,
        /** Changed since an earlier transfer copied it, and left as it was by the policy for changed items. */
        SKIPPED
    }
}
