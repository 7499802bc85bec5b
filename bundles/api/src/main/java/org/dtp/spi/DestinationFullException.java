package org.dtp.spi;

import java.time.Instant;
import java.util.Optional;

/**
 * The destination cannot take more now, whatever the item: its storage is full (ENOSPC, IMAP {@code OVERQUOTA},
 * HTTP 507, a provider's storage quota) or the provider's quota of calls is used up until a known time. It is not
 * an item's error: the engine pauses the transfer at this item, tells its owner, and tries again after a back-off
 * (or at {@link #retryAt()}) or when the transfer is resumed; nothing is lost and nothing is copied twice.
 *
 * @since 1.4
 */
public class DestinationFullException extends AdapterException {
    private static final long serialVersionUID = 1L;
    private final transient Instant retryAt;

    /** Storage full: the engine tries again after its back-off. {@code message} says what is full, without answer bytes. */
    public DestinationFullException(String message, Throwable cause) {
        this(message, null, cause);
    }

    /** A quota used up until {@code retryAt} (null: unknown, the engine's back-off applies). */
    public DestinationFullException(String message, Instant retryAt, Throwable cause) {
        super(message, cause);
        this.retryAt = retryAt;
    }

    /** When the provider said its quota is renewed, if it said. */
    public Optional<Instant> retryAt() {
        return Optional.ofNullable(retryAt);
    }
}
