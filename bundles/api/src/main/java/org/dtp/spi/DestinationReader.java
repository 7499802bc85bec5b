package org.dtp.spi;

import org.osgi.annotation.versioning.ConsumerType;

import java.util.Optional;

/**
 * Reads back what an importer made at the destination, so that a transfer's receipt can be checked against the
 * destination after the transfer ended. An importer that can offers it by implementing this interface as well as
 * {@link Importer} (the engine asks the importer service {@code instanceof DestinationReader}); without it, the
 * destination's items are reported as not checkable.
 *
 * @since 1.7
 */
@ConsumerType
public interface DestinationReader {

    /**
     * What the destination holds now under {@code destinationId} (an id {@link Importer#importItem} returned),
     * or empty when nothing is there any more.
     *
     * @param context the ended transfer's id and this side's settings (with the secrets given again for the check);
     *                {@link TransferContext#updateSettings} keeps changes for the check only
     */
    Optional<DestinationItem> find(TransferContext context, String destinationId) throws AdapterException;
}
