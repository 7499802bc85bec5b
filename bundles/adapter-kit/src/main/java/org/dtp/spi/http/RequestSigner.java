package org.dtp.spi.http;

import org.dtp.spi.AdapterException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Authorizes one request just before it is sent, typically by setting its {@code Authorization}
 * header: an OAuth 1.0a signature over the method, URI and form parameters, or an OAuth 2.0 bearer
 * token. Called once per attempt, so a signature (nonce, timestamp) is never reused.
 */
@ConsumerType
@FunctionalInterface
public interface RequestSigner {
    /** Leaves requests as they are. */
    RequestSigner NONE = request -> {
    };

    /**
     * Adds what authorizes {@code request} to it.
     *
     * @throws AdapterException when the request cannot be authorized (e.g. a token that cannot be refreshed)
     */
    void sign(SignableRequest request) throws AdapterException;

    /**
     * Told that the provider answered 401 to {@code signed}, a request this signer signed: e.g. an OAuth 2.0 token
     * revoked or expired before its time.
     *
     * @return whether signing again may succeed (e.g. the next {@link #sign} refreshes the token), in which case
     * {@link ProviderHttp} sends a request whose body it can repeat once more, signed anew
     * @since 1.2
     */
    default boolean unauthorized(SignableRequest signed) {
        return false;
    }
}
