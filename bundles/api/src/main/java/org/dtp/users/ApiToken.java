package org.dtp.users;

import java.time.Instant;

/**
 * An API token as operators see it: never its secret, which only {@link IssuedApiToken} carries, once.
 * {@code revokedAt} is null while the token is not revoked; {@code expiresAt} is null for a token that does not
 * expire (since 1.1).
 */
public record ApiToken(String id, ApiUser user, String label, Instant createdAt, Instant revokedAt, Instant expiresAt) {
    /** A token that does not expire (the 1.0 constructor). */
    public ApiToken(String id, ApiUser user, String label, Instant createdAt, Instant revokedAt) {
        this(id, user, label, createdAt, revokedAt, null);
    }

    /** Neither revoked nor expired now. */
    public boolean valid() {
        return revokedAt == null && (expiresAt == null || Instant.now().isBefore(expiresAt));
    }
}
