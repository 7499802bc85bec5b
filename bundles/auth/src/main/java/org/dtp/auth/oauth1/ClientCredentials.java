package org.dtp.auth.oauth1;

import java.util.Objects;

/** An application's key and secret at a provider (RFC 5849 "client credentials", the consumer key). */
public record ClientCredentials(String key, String secret) {
    public ClientCredentials {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(secret, "secret");
        if (key.isBlank()) {
            throw new IllegalArgumentException("a client key cannot be blank");
        }
    }

    /** Never shows the secret. */
    @Override
    public String toString() {
        return "ClientCredentials[key=" + key + ", secret=***]";
    }
}
