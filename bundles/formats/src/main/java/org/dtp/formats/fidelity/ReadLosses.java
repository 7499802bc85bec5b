package org.dtp.formats.fidelity;

/**
 * Where a reader of a format says what of an item it read the canonical model cannot carry whole: a property
 * or parameter dropped, a value kept in another form, a value kept only in the item's extended properties. Its
 * shape is that of {@code TransferContext.reportNotKept}, so an exporter passes {@code context::reportNotKept}.
 */
@FunctionalInterface
public interface ReadLosses {
    /**
     * @param itemId the id of the item read (the id the reader gives the model it returns)
     * @param field  the model's field path ({@code "attendees[2].role"}), or where the value was kept
     *               ({@code "extended[3]"})
     * @param reason the property and value, and how they were kept: {@code "ATTENDEE;ROLE=OPT-PARTICIPANT kept as
     *               REQ-PARTICIPANT"}
     */
    void notKept(String itemId, String field, String reason);
}
