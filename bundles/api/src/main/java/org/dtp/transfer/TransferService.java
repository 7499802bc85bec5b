package org.dtp.transfer;

import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.osgi.annotation.versioning.ProviderType;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Starts and follows transfers. */
@ProviderType
public interface TransferService {

    /** The adapters installed now, sorted by provider id. */
    List<AdapterInfo> adapters();

    /**
     * The exporter a transfer from {@code provider} of {@code vertical} started now would use (the newest installed
     * version that is not revoked), for a dry run that only reads the source (an estimate); empty when there is none.
     * Since 1.5.
     */
    Optional<Exporter<?, ?>> exporter(String provider, Vertical vertical);

    /**
     * Validates and queues a transfer. Nothing is persisted unless the request is valid.
     *
     * @throws InvalidTransferException saying what is wrong (unknown adapter, unsupported vertical or
     *                                  direction, bad settings); a {@link TransferLimitException} when the
     *                                  owner has reached a limit (since 1.3)
     */
    TransferJob start(TransferRequest request) throws InvalidTransferException;

    Optional<TransferDetails> details(UUID id);

    /**
     * A page of the transfer's item errors, the latest first, with their total; empty when there is no such transfer.
     *
     * @since 1.8
     */
    Optional<ReportPage<ItemError>> errors(UUID id, int offset, int limit);

    /**
     * A page of the transfer's fidelity entries of {@code side} ({@code null}: both sides), in the order they were
     * reported, with their total; empty when there is no such transfer.
     *
     * @since 1.8
     */
    Optional<ReportPage<FieldNotKept>> fidelity(UUID id, FieldNotKept.Side side, int offset, int limit);

    /**
     * A page of the transfer's item records (what it did with each source item it handled: copied, updated, unchanged
     * or skipped, and where the item is at the destination), ordered by {@link ItemRecord#sourceKey()}, with their
     * total; empty when there is no such transfer.
     *
     * @since 1.9
     */
    Optional<ReportPage<ItemRecord>> items(UUID id, int offset, int limit);

    /**
     * The transfer alone, without its progress per container, errors or history: what checking its owner or state
     * needs.
     *
     * @since 1.3
     */
    Optional<TransferJob> job(UUID id);

    /** Transfers of every owner, newest first. */
    List<TransferJob> list(int offset, int limit);

    /**
     * The transfers of one owner, newest first.
     *
     * @since 1.3
     */
    List<TransferJob> list(String owner, int offset, int limit);

    /** Pauses a queued or running transfer at its next checkpoint. */
    TransferJob pause(UUID id) throws NoSuchTransferException, IllegalJobStateException;

    /** Queues a paused transfer again; it continues from its last checkpoint. */
    TransferJob resume(UUID id) throws NoSuchTransferException, IllegalJobStateException;

    /** Cancels a transfer that has not ended. What was copied stays at the destination. */
    TransferJob cancel(UUID id) throws NoSuchTransferException, IllegalJobStateException;

    /**
     * Revokes a version of a provider's adapter (its bundle version, as {@link AdapterInfo#bundleVersion()}
     * shows it): new transfers with it are refused and running ones pause until it is un-revoked or
     * another version of the adapter is installed.
     *
     * @since 1.1
     */
    Revocation revoke(String provider, String bundleVersion, String reason);

    /**
     * Lifts a revocation; transfers paused for it resume.
     *
     * @return whether that version was revoked
     * @since 1.1
     */
    boolean unrevoke(String provider, String bundleVersion);

    /** @since 1.1 */
    List<Revocation> revocations();
}
