package org.dtp.auth.oauth2;

import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.RequestSigner;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * {@link OAuth2Clients} over an {@link OAuth2Authorizer} and the registered clients by provider id. The auth
 * bundle's service is one; an adapter's tests make their own with a client of their fake provider. Since 1.2.
 */
public final class RegisteredOAuth2Clients implements OAuth2Clients {
    /** The signers of a job run, by provider and grant. */
    private static final JobScratch.Key<ConcurrentMap<String, RequestSigner>> SIGNERS = JobScratch.Key.of("oauth2.signers");

    private final OAuth2Authorizer authorizer;
    private final Function<String, Optional<OAuth2Provider>> clients;
    private final Duration skew;

    public RegisteredOAuth2Clients(OAuth2Authorizer authorizer, Function<String, Optional<OAuth2Provider>> clients,
                                   Duration skew) {
        this.authorizer = Objects.requireNonNull(authorizer, "authorizer");
        this.clients = Objects.requireNonNull(clients, "clients");
        this.skew = Objects.requireNonNull(skew, "skew");
    }

    @Override
    public RequestSigner signer(String provider, TransferContext context) throws AdapterException {
        OAuth2Tokens tokens = tokensIn(context.endpoint()).orElseThrow(() -> new InvalidEndpointException(
                "provider '" + provider + "' needs the setting '" + AuthorizationFlows.ACCESS_TOKEN
                        + "': sign in with POST /api/v1/authorizations and name it as the setting '"
                        + AuthorizationFlows.AUTHORIZATION_SETTING + "'"));
        OAuth2Provider client = clients.apply(provider).orElseThrow(() -> new InvalidEndpointException(
                "no OAuth 2.0 client is registered for provider '" + provider + "' (an operator adds "
                        + "etc/org.dtp.oauth2.client-" + provider + ".cfg)"));
        // One signer per grant and job run: the items a job has in flight at once sign with it, so that a token
        // about to expire is refreshed once, not by each of them with the same (maybe rotated, single-use)
        // refresh token. Renewed tokens are in the job's settings, so a signer made later starts from them.
        String grant = provider + '\n' + (tokens.refreshToken() != null ? tokens.refreshToken() : tokens.accessToken());
        return context.scratch().computeIfAbsent(SIGNERS, ConcurrentHashMap::new).computeIfAbsent(grant,
                g -> new OAuth2BearerSigner(authorizer, client, tokens, skew, renewed -> {
                    try {
                        context.updateSettings(settingsOf(renewed));
                    } catch (AdapterException e) {
                        throw new IllegalStateException("the renewed tokens could not be kept: " + e.getMessage(), e);
                    }
                }));
    }

    @Override
    public boolean revoke(String provider, TransferEndpoint endpoint) throws AdapterException {
        Optional<OAuth2Tokens> tokens = tokensIn(endpoint);
        Optional<OAuth2Provider> client = clients.apply(provider);
        if (tokens.isEmpty() || client.isEmpty()) {
            return false;
        }
        return authorizer.revoke(client.get(), tokens.get());
    }

    /** The tokens a transfer's settings hold, as {@link AuthorizationFlows#redeem} put them there; empty without an access token. */
    public static Optional<OAuth2Tokens> tokensIn(TransferEndpoint endpoint) throws InvalidEndpointException {
        Map<String, String> settings = endpoint.settings();
        String access = settings.get(AuthorizationFlows.ACCESS_TOKEN);
        if (access == null || access.isBlank()) {
            return Optional.empty();
        }
        String expires = settings.get(AuthorizationFlows.TOKEN_EXPIRES_AT);
        Instant expiresAt;
        try {
            expiresAt = expires == null || expires.isBlank() ? null : Instant.parse(expires);
        } catch (DateTimeParseException e) {
            throw new InvalidEndpointException("the setting '" + AuthorizationFlows.TOKEN_EXPIRES_AT
                    + "' is not an ISO-8601 instant such as 2026-12-03T18:00:00Z");
        }
        return Optional.of(new OAuth2Tokens(access, settings.get(AuthorizationFlows.REFRESH_TOKEN), expiresAt, List.of()));
    }

    /** The settings that hold {@code tokens}; a refresh token or expiry the tokens lack is removed (null). */
    public static Map<String, String> settingsOf(OAuth2Tokens tokens) {
        Map<String, String> settings = new HashMap<>();
        settings.put(AuthorizationFlows.ACCESS_TOKEN, tokens.accessToken());
        settings.put(AuthorizationFlows.REFRESH_TOKEN, tokens.refreshToken());
        settings.put(AuthorizationFlows.TOKEN_EXPIRES_AT, tokens.expiresAt() == null ? null : tokens.expiresAt().toString());
        return settings;
    }
}
