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
}
