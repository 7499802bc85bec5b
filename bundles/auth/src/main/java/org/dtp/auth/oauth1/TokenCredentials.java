package org.dtp.auth.oauth1;

import java.util.Objects;

/**
 * A token and its secret: temporary credentials during the flow, then the token credentials (access
 * token) that sign a user's requests.
 */
public record TokenCredentials(String token, String secret) {
    public TokenCredentials {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(secret, "secret");
        if (token.isBlank()) {
            throw new IllegalArgumentException("a token cannot be blank");
        }
    }

    /** Never shows the token or its secret. */
    @Override
    public String toString() {
        return "TokenCredentials[token=***, secret=***]";
    }
}
