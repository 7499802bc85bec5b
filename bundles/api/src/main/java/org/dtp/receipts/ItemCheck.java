package org.dtp.receipts;

/**
 * What the destination holds now of one receipt item: {@code sourceId} and {@code destinationId} as the receipt has
 * them, the {@link Status}, and for a person what was compared or why it could not be.
 */
public record ItemCheck(String sourceId, String destinationId, Status status, String detail) {

    public enum Status {
        /** There, with the bytes the receipt fingerprinted. */
        SAME,
        /** There; the destination serves back nothing the receipt's fingerprints can be compared with. */
        PRESENT,
        /** Not there any more. */
        MISSING,
        /** There, with other bytes than the receipt fingerprinted. */
        CHANGED,
        /** Could not be read back: the reason is in the detail. */
        NOT_CHECKABLE
    }
}
