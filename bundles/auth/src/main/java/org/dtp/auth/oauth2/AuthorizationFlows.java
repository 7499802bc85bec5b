package org.dtp.auth.oauth2;

import org.dtp.spi.AdapterException;
import org.dtp.transfer.Direction;
import org.osgi.annotation.versioning.ProviderType;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A user signs in at a provider before a transfer, and the tokens stay on the server: {@link #begin} gives the
 * URL to send the user's browser to, the provider redirects it back to the callback, which {@link #complete}s
 * the exchange; the user then names the authorization's id in a transfer's settings and {@link #redeem} turns
 * it, once, into the settings the adapter reads (sealed in the transfer from then on). Tokens are never
 * returned by any method but {@link #redeem}, which the server calls for itself. Since 1.1.
 */
@ProviderType
public interface AuthorizationFlows {
    /** The settings {@link #redeem} fills in: what an OAuth 2.0 adapter reads. */
    String ACCESS_TOKEN = "accessToken";
    String REFRESH_TOKEN = "refreshToken";
    String TOKEN_EXPIRES_AT = "accessTokenExpiresAt";
    /** The setting of a transfer endpoint that names an authorization to redeem. */
    String AUTHORIZATION_SETTING = "authorization";

    enum Status {
        /** Begun: the user has not come back from the provider yet. */
        PENDING,
        /** The provider granted it; it waits to be used by a transfer. */
        AUTHORIZED,
        /** The user (or the provider) refused. */
        DENIED
    }

    record Started(UUID id, URI authorizationUrl) {
    }

    /** Providers an operator registered (Config Admin), sorted. */
    List<String> providers();

    /**
     * Starts the sign-in of {@code user}, in the browser session {@code sessionId}, at {@code provider} for
     * {@code direction} (read scopes to export, write scopes to import).
     *
     * @throws IllegalArgumentException for a provider that is not registered, or one without scopes for the direction
     */
    Started begin(String user, String sessionId, String provider, Direction direction);

    /**
     * The provider's redirect back: exchanges {@code code} for tokens if {@code state} is one this server issued,
     * to the same session, for the same provider, not used before and not expired.
     *
     * @return the authorization's id
     * @throws AuthorizationStateException for a state that is unknown, used, expired, of another session or provider
     * @throws AdapterException when the provider refuses the code or cannot be reached
     */
    UUID complete(String provider, String sessionId, String state, String code) throws AuthorizationStateException, AdapterException;

    /** The provider's redirect back with an error (the user said no): the authorization is {@link Status#DENIED}. */
    UUID deny(String provider, String sessionId, String state) throws AuthorizationStateException;

    /** Where an authorization of {@code user} stands; empty for another user's, an unknown or a used one. */
    Optional<Status> status(String user, UUID id);

    /**
     * Hands the tokens of an {@link Status#AUTHORIZED} authorization of {@code user} at {@code provider} for
     * {@code direction} over as endpoint settings, once.
     *
     * @throws IllegalArgumentException when there is no such authorization (unknown, another user's, another
     *                                  provider or direction, not authorized, used already)
     */
    Map<String, String> redeem(String user, UUID id, String provider, Direction direction);

    /**
     * The settings {@link #redeem} would give, without using the authorization up: for a dry run on the server
     * (an estimate of the source) before the transfer redeems it. The same checks as {@link #redeem}. Since 1.3.
     *
     * @throws IllegalArgumentException when there is no such authorization (as {@link #redeem})
     */
    Map<String, String> lend(String user, UUID id, String provider, Direction direction);
}
