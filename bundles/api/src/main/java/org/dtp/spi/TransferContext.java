package org.dtp.spi;

import org.osgi.annotation.versioning.ProviderType;

import java.util.Map;
import java.util.UUID;

/** What an adapter knows of the job it works for. Implemented by the engine only. */
@ProviderType
public interface TransferContext {
    UUID jobId();

    /**
     * The fingerprint of {@code key} in this job ({@link Fingerprint#of(UUID, String)}): what an importer tags an
     * item it creates with, so that the same job importing it again finds it instead of creating it twice.
     */
    default Fingerprint fingerprint(String key) {
        return Fingerprint.of(jobId(), key);
    }

    /**
     * Records that {@code field} of the source item or container {@code sourceId} is not carried whole through this
     * side, so the transfer's fidelity report lists it instead of losing it silently. An exporter calls it during
     * {@link Exporter#export} for what the canonical model cannot carry of what it read (the entry's side is the
     * source); an importer calls it for what the destination cannot keep (see {@link ImportContext#reportNotKept}).
     * What a failed attempt reported is dropped; what the successful one reported is kept once, so a page exported
     * again reports nothing twice.
     *
     * @param sourceId the source item's or container's {@code id()}
     * @param field    the canonical model's field, as a path ({@code "attendees[2].role"}), or for what has no field
     *                 in the model the path it was kept under ({@code "extended[3]"})
     * @param reason   for a person, naming the property and value and how it was kept:
     *                 {@code "ATTENDEE;ROLE=OPT-PARTICIPANT kept as REQ-PARTICIPANT"}; never a secret
     * @since 1.6
     */
    void reportNotKept(String sourceId, String field, String reason);

    /**
     * Where this source's change feed stood after the last transfer between the same two accounts that completed
     * with every item copied: the token it recorded under {@code feed} ({@link #recordChangeToken}), if there is one.
     * An exporter whose provider has a change feed (a WebDAV sync token, an IMAP folder's UIDVALIDITY, UIDNEXT and
     * HIGHESTMODSEQ, a delta link, a folder's scan time) lists only what changed since, and lists everything when
     * there is no token or the provider refuses it (an expired sync token, a new UIDVALIDITY): the engine then skips
     * what it copied before by its mapping, as without a feed. Items that were deleted at the source need not be
     * told: nothing is deleted at the destination.
     * <p>
     * Empty on the import side, for a transfer that selects part of the source (its run must not move the feed on
     * for the whole), after the user deleted the mapping between the two accounts, and where the engine keeps none
     * (estimates, tests).
     *
     * @param feed names the listing, as given to {@link #recordChangeToken} (e.g. an address book's path)
     * @since 1.8
     */
    default java.util.Optional<String> changeToken(String feed) {
        return java.util.Optional.empty();
    }

    /**
     * Records where the change feed under {@code feed} stood when this transfer read its listing, for the next
     * transfer between the same two accounts: a token read with or before the listing, never after it (a token past
     * what was listed skips changes). The first token recorded under a feed in a transfer is the one kept: a run
     * resumed after a crash lists again, but its earlier pages came from the first listing. The next transfer gets it
     * only if this one completes with no item error; otherwise it gets the one this transfer got, and lists those
     * changes again. Stored at once, sealed like the transfer's other data; ignored where {@link #changeToken}
     * is always empty.
     *
     * @param feed  names the listing; at most 1,000 characters
     * @param token the provider's token (opaque to the engine); at most 65,536 characters
     * @throws AdapterException when it could not be stored
     * @since 1.8
     */
    default void recordChangeToken(String feed, String token) throws AdapterException {
    }

    /**
     * The file the owner of this transfer uploaded to the server under {@code id} (the REST API's
     * {@code POST /api/v1/uploads}), for a source that reads files people bring (an export archive). Empty for an id
     * that names no upload of this transfer's owner (another owner's upload is as unknown as none), and where the
     * server keeps no uploads. Read it, never change or delete it: it is the owner's, until they or the server's
     * retention delete it.
     *
     * @since 1.8
     */
    default java.util.Optional<java.nio.file.Path> upload(String id) {
        return java.util.Optional.empty();
    }

    /** What the adapter keeps in memory for this job while it runs (see {@link JobScratch}). */
    JobScratch scratch();

    /** This side's provider and settings, as last updated by {@link #updateSettings}. */
    TransferEndpoint endpoint();

    /**
     * Stores new values for some of this side's settings, sealed in the job like the others, so that every later
     * {@link #endpoint()} of this job, on any node and after a restart, returns them: e.g. the OAuth 2.0 tokens a
     * provider renewed mid-transfer (a rotated refresh token is only good once). Settings not named keep their
     * values; a null value removes a setting.
     *
     * @throws AdapterException when the job has ended (its settings are gone) or they could not be stored
     * @since 1.3
     */
    void updateSettings(Map<String, String> changes) throws AdapterException;

    /**
     * Whether the operators run this transfer (its owner is {@code operator}), not an end user: what an adapter
     * may reach for it can be wider (see {@link org.dtp.spi.net.OutboundAddresses#forOperator()}).
     *
     * @since 1.4
     */
    default boolean operatorTransfer() {
        return false;
    }

    /**
     * When the work this context is for must have answered, if it must: an estimate answers within its
     * {@code maxSeconds}. An adapter bounds its connects and reads by it, so that a silent server does not hold the
     * work (and what it holds) past the answer. Empty for a transfer, which has no such bound.
     *
     * @since 1.4
     */
    default java.util.Optional<java.time.Instant> deadline() {
        return java.util.Optional.empty();
    }

    /**
     * {@code timeout} cut to what is left before {@code deadline} (see {@link #deadline()}), if there is one.
     *
     * @throws TransientAdapterException when the deadline has passed; {@code what} names what was to be reached
     * @since 1.4
     */
    static java.time.Duration timeoutBefore(java.time.Duration timeout, java.util.Optional<java.time.Instant> deadline,
                                            String what) throws TransientAdapterException {
        if (deadline.isEmpty()) {
            return timeout;
        }
        java.time.Duration left = java.time.Duration.between(java.time.Instant.now(), deadline.get());
        if (left.isNegative() || left.isZero()) {
            throw new TransientAdapterException("no time is left to reach " + what, null);
        }
        return left.compareTo(timeout) < 0 ? left : timeout;
    }
}
