package org.dtp.users;

import java.time.Instant;

/**
 * An API token as operators see it: never its secret, which only {@link IssuedApiToken} carries, once.
 * {@code revokedAt} is null while the token is valid.
 */
public record ApiToken(String id, ApiUser user, String label, Instant createdAt, Instant revokedAt) {
    public boolean valid() {
        return revokedAt == null;
    }
}
