package org.dtp.users;

import org.osgi.annotation.versioning.ProviderType;

import java.util.List;
import java.util.Optional;

/** Issues, checks and revokes the API tokens of end users. Tokens are stored as hashes only. */
@ProviderType
public interface ApiTokens {
    /**
     * A new token for {@code user}.
     *
     * @throws IllegalArgumentException for a blank or over-long user name, label or e-mail address, or an e-mail
     *                                  address that is not one
     */
    IssuedApiToken issue(ApiUser user, String label);

    /**
     * A new token for {@code user} that no longer authenticates from {@code expiresAt} on (null: never).
     *
     * @throws IllegalArgumentException as {@link #issue(ApiUser, String)}, or for an expiry that has passed
     * @since 1.1
     */
    IssuedApiToken issue(ApiUser user, String label, java.time.Instant expiresAt);

    /** The user a token's secret belongs to, if it is a valid (issued, not revoked) token. */
    Optional<ApiUser> authenticate(String secret);

    /** Every token, newest first. */
    List<ApiToken> tokens();

    /** @return whether a valid token with that id was revoked now */
    boolean revoke(String id);

    /** The e-mail address of a user's newest valid token that names one. */
    Optional<String> email(String user);
}
