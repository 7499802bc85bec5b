package org.dtp.receipts;

import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.osgi.annotation.versioning.ProviderType;

import java.io.IOException;
import java.io.OutputStream;
import java.util.UUID;

/**
 * Signed receipts of ended transfers. The server signs with a key pair of its own (ES256, NIST P-256), kept in the
 * job store with its private key sealed by the node's master key, so that every node of a cluster signs with the same
 * key; an operator rotates it, and older public keys stay published so that older receipts still verify.
 */
@ProviderType
public interface Receipts {

    /** The public keys receipts are signed with, current first, as a JSON Web Key Set (RFC 7517); no private part. */
    String keySet();

    /** The ids ({@code kid}) of every signing key, newest (the one that signs) first. */
    java.util.List<String> keyIds();

    /** The id ({@code kid}) of the key that signs receipts now; a key is made on first use. */
    String currentKeyId();

    /**
     * Makes a new signing key and signs receipts with it from now on; the older public keys stay in {@link #keySet()}.
     *
     * @return the new key's id
     */
    String rotateKey();

    /**
     * Writes the receipt of an ended transfer as a JWS in compact serialization (RFC 7515): header
     * {@code {"alg":"ES256","kid":...,"typ":"dtp-receipt+jwt"}}, payload the receipt JSON. The payload is written to a
     * temporary file first and streamed from there, so memory does not grow with the transfer's items.
     *
     * @throws NoSuchTransferException  when there is no such transfer
     * @throws IllegalJobStateException when the transfer has not ended yet
     */
    void write(UUID transfer, OutputStream out) throws NoSuchTransferException, IllegalJobStateException, IOException;

    /** Whether {@code jws} is a receipt signed by one of this server's keys, and what it is the receipt of. */
    ReceiptCheck check(String jws);
}
