package org.dtp.auth.oauth2;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a token endpoint granted (RFC 6749 §5.1): a bearer access token, a refresh token when the provider
 * gave one, when the access token expires (when the provider said, from {@code expires_in}) and the
 * granted scopes (the requested ones when the provider did not say, as §5.1 allows). Never prints a token.
 *
 * @param refreshToken {@code null} when the provider gave none
 * @param expiresAt    {@code null} when the provider did not say
 */
public record OAuth2Tokens(String accessToken, String refreshToken, Instant expiresAt, List<String> scopes) {
    public OAuth2Tokens {
        if (accessToken == null || accessToken.isEmpty()) {
            throw new IllegalArgumentException("an access token cannot be empty");
        }
        if (refreshToken != null && refreshToken.isEmpty()) {
            refreshToken = null;
        }
        scopes = List.copyOf(Objects.requireNonNull(scopes, "scopes"));
    }

    /** Whether the access token expires within {@code margin} from now; never, when its expiry is unknown. */
    public boolean expiresWithin(Duration margin, Clock clock) {
        return expiresAt != null && !clock.instant().plus(margin).isBefore(expiresAt);
    }

    /** Never shows the tokens. */
    @Override
    public String toString() {
        return "OAuth2Tokens[accessToken=***, refreshToken=" + (refreshToken == null ? "none" : "***")
                + ", expiresAt=" + expiresAt + ", scopes=" + scopes + "]";
    }
}
