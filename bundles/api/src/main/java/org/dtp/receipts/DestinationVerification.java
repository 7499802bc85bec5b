package org.dtp.receipts;

import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.ReportPage;
import org.osgi.annotation.versioning.ProviderType;

import java.util.Map;
import java.util.UUID;

/**
 * Checks an ended transfer's receipt against what its destination holds now: each item the transfer copied, updated
 * or found unchanged is read back from the destination by its id (through the importer's
 * {@link org.dtp.spi.DestinationReader}), a page of items at a time, on the calling thread.
 */
@ProviderType
public interface DestinationVerification {

    /** The most items one call checks: each is a read at the destination. */
    int MAX_PAGE = 200;

    /**
     * Checks the receipt's items from {@code offset}, at most {@code limit} ({@link #MAX_PAGE} at most), in the
     * receipt's order. An ended transfer keeps its destination settings without their secret values: give those
     * (a password, an authorization) again in {@code secretSettings}; they are used for this call only.
     *
     * @throws NoSuchTransferException  when there is no such transfer
     * @throws IllegalJobStateException when the transfer has not ended
     * @throws VerificationException    when the destination cannot be read back at all (its adapter is not installed
     *                                  or reads nothing back, the settings are refused)
     */
    ReportPage<ItemCheck> verify(UUID transfer, Map<String, String> secretSettings, int offset, int limit)
            throws NoSuchTransferException, IllegalJobStateException, VerificationException;
}
