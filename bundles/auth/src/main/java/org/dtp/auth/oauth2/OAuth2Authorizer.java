package org.dtp.auth.oauth2;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RetryAfter;
import org.dtp.transfer.Direction;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The OAuth 2.0 authorization code grant with PKCE, kept on the server (tokens never reach the browser):
 * <ol>
 * <li>{@link #begin}: for one side of one job, in the user's session, the authorization URL (RFC 6749
 *     §4.1.1 with {@code code_challenge} S256, RFC 7636 §4.3) and a pending authorization under a fresh,
 *     single-use {@code state};</li>
 * <li>{@link #complete}: the provider's callback, with only the {@code state} and the {@code code}: the
 *     pending authorization is taken (once), checked against the session and the redirect URI, and the code
 *     exchanged with the {@code code_verifier} (§4.1.3);</li>
 * <li>{@link #refresh} (§6) in long jobs, and {@link #revoke} (RFC 7009) when a job ends.</li>
 * </ol>
 * Failures at the provider: 5xx, 408, 429 and I/O failures are {@link TransientAdapterException} (with
 * {@code Retry-After}); an RFC 6749 §5.2 error is an {@link OAuth2ErrorResponseException}. No message holds
 * the code, the verifier, the client secret or a token. Thread-safe.
 */
public final class OAuth2Authorizer {
    /** Time allowed for one request to a token or revocation endpoint. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** A token response is a few kilobytes; anything much larger is not one. */
    static final int MAX_RESPONSE_BYTES = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final PendingAuthorizationStore pending;
    private final Function<String, Optional<OAuth2Provider>> providers;
    private final Clock clock;
    private final SecureRandom random;

    /**
     * @param http      sends to token and revocation endpoints; it must not follow redirects (a redirected
     *                  POST would carry the code, the verifier and the client secret to another address)
     * @param providers the provider configured under an id, for callbacks, which know only the state
     */
    public OAuth2Authorizer(HttpClient http, PendingAuthorizationStore pending,
                            Function<String, Optional<OAuth2Provider>> providers, Clock clock, SecureRandom random) {
        this.http = Objects.requireNonNull(http, "http");
        if (http.followRedirects() != HttpClient.Redirect.NEVER) {
            throw new IllegalArgumentException("the HTTP client for token endpoints must not follow redirects");
        }
        this.pending = Objects.requireNonNull(pending, "pending");
        this.providers = Objects.requireNonNull(providers, "providers");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    /**
     * Starts an authorization for {@code side} of job {@code jobId}, in the session {@code sessionId}: the
     * URL to send the user to, with the scopes of {@code direction} only.
     *
     * @param redirectUri where the provider sends the user back; it must be one of the provider's
     *                    registered redirect URIs exactly (after normalization of case, default port and
     *                    dot segments)
     * @throws IllegalArgumentException when the redirect URI is not registered, or the provider has no
     *                                  scopes for {@code direction}
     */
    public AuthorizationStart begin(OAuth2Provider provider, Direction direction, String sessionId, UUID jobId,
                                    String side, URI redirectUri) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(direction, "direction");
        URI registered = provider.registeredRedirectUri(redirectUri).orElseThrow(() -> new IllegalArgumentException(
                "the redirect URI " + ProviderHttp.redact(redirectUri) + " is not registered for provider " + provider.id()
                        + "; it must be exactly one of " + provider.redirectUris()));
        List<String> scopes = provider.scopesFor(direction).orElseThrow(() -> new IllegalArgumentException(
                "provider " + provider.id() + " has no scopes configured for " + direction));
        String state = Pkce.newState(random);
        String verifier = Pkce.newVerifier(random);
        pending.save(new PendingAuthorization(state, sessionId, jobId, side, provider.id(), direction, registered,
                verifier, clock.instant()));

        URI endpoint = provider.authorizationEndpoint();
        List<Map.Entry<String, String>> query = new ArrayList<>(FormEncoding.decode(endpoint.getRawQuery()));
        query.add(Map.entry("response_type", "code"));
        query.add(Map.entry("client_id", provider.clientId()));
        query.add(Map.entry("redirect_uri", registered.toString()));
        if (!scopes.isEmpty()) {
            query.add(Map.entry("scope", String.join(" ", scopes)));
        }
        query.add(Map.entry("state", state));
        query.add(Map.entry("code_challenge", Pkce.s256Challenge(verifier)));
        query.add(Map.entry("code_challenge_method", Pkce.S256));
        provider.authorizationParameters().forEach((name, value) -> query.add(Map.entry(name, value)));
        String base = endpoint.toString();
        int cut = base.indexOf('?');
        return new AuthorizationStart(URI.create((cut < 0 ? base : base.substring(0, cut)) + "?" + FormEncoding.encode(query)),
                state);
    }

    /**
     * Finishes the authorization the provider's callback answers: takes the pending authorization of
     * {@code state} (so a second callback with it fails), checks it was started in {@code sessionId} and
     * with {@code redirectUri} (the address the callback came to, without its query), and exchanges
     * {@code code} with the PKCE verifier.
     *
     * @throws AuthorizationStateException when the state is unknown, used, expired, of another session, or
     *                                     the redirect URI differs
     * @throws OAuth2ErrorResponseException when the provider refuses the code (e.g. {@code invalid_grant})
     * @throws TransientAdapterException when the provider cannot be reached or fails (5xx); the code may be
     *                                   spent: the user authorizes again
     */
    public CompletedAuthorization complete(String sessionId, String state, String code, URI redirectUri)
            throws AuthorizationStateException, AdapterException {
        PendingAuthorization authorization = take(sessionId, state);
        URI callback;
        try {
            callback = RedirectUris.normalize(redirectUri);
        } catch (IllegalArgumentException e) {
            callback = null;
        }
        if (!authorization.redirectUri().equals(callback)) {
            throw new AuthorizationStateException("the callback came to " + ProviderHttp.redact(redirectUri)
                    + ", not to the redirect URI the authorization was sent with");
        }
        if (code == null || code.isBlank()) {
            throw new AuthorizationStateException("the callback has no authorization code");
        }
        OAuth2Provider provider = providers.apply(authorization.providerId()).orElseThrow(() -> new AdapterException(
                "provider " + authorization.providerId() + " is not configured any more"));
        List<Map.Entry<String, String>> form = List.of(
                Map.entry("grant_type", "authorization_code"),
                Map.entry("code", code),
                Map.entry("redirect_uri", authorization.redirectUri().toString()),
                Map.entry("code_verifier", authorization.codeVerifier()));
        List<String> requested = provider.scopesFor(authorization.direction()).orElse(List.of());
        OAuth2Tokens tokens = requestTokens(provider, form, requested, null, "exchange the authorization code",
                code, authorization.codeVerifier());
        return new CompletedAuthorization(authorization.jobId(), authorization.side(), authorization.providerId(),
                authorization.direction(), tokens);
    }

    /**
     * Ends a pending authorization without tokens, for a callback that brings an error instead of a code
     * (e.g. {@code access_denied}, RFC 6749 §4.1.2.1): the state is used up, and the answer says which job
     * and side it was for.
     *
     * @throws AuthorizationStateException when the state is unknown, used, expired or of another session
     */
    public PendingAuthorization abandon(String sessionId, String state) throws AuthorizationStateException {
        return take(sessionId, state);
    }

    /**
     * New tokens for {@code tokens} with the refresh token grant (RFC 6749 §6), for the same scopes; the
     * refresh token stays when the provider does not send a new one.
     *
     * @throws IllegalArgumentException when {@code tokens} has no refresh token
     * @throws OAuth2ErrorResponseException when the provider refuses (e.g. {@code invalid_grant}: revoked or
     *                                      expired; the user authorizes again)
     */
    public OAuth2Tokens refresh(OAuth2Provider provider, OAuth2Tokens tokens) throws AdapterException {
        Objects.requireNonNull(provider, "provider");
        if (tokens.refreshToken() == null) {
            throw new IllegalArgumentException("these tokens of " + provider.id() + " have no refresh token");
        }
        List<Map.Entry<String, String>> form = List.of(
                Map.entry("grant_type", "refresh_token"),
                Map.entry("refresh_token", tokens.refreshToken()));
        return requestTokens(provider, form, tokens.scopes(), tokens.refreshToken(), "refresh the access token",
                tokens.accessToken(), tokens.refreshToken());
    }

    /**
     * Revokes {@code tokens} at the provider's RFC 7009 endpoint: the refresh token first (which also ends
     * the access tokens of its grant where the provider supports it, §2.1), then the access token. A token
     * type the provider does not revoke ({@code unsupported_token_type}) is skipped.
     *
     * @return whether a token was revoked; false when the provider has no revocation endpoint or revokes
     *         neither type
     */
    public boolean revoke(OAuth2Provider provider, OAuth2Tokens tokens) throws AdapterException {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(tokens, "tokens");
        if (provider.revocationEndpoint() == null) {
            return false;
        }
        boolean revoked = false;
        if (tokens.refreshToken() != null) {
            revoked = revokeOne(provider, tokens.refreshToken(), "refresh_token", tokens);
        }
        return revokeOne(provider, tokens.accessToken(), "access_token", tokens) || revoked;
    }

    /** The clock expiries are measured on. */
    Clock clock() {
        return clock;
    }

    private PendingAuthorization take(String sessionId, String state) throws AuthorizationStateException {
        PendingAuthorization authorization = pending.take(state).orElseThrow(() -> new AuthorizationStateException(
                "unknown, already used or expired authorization state"));
        if (!authorization.sessionId().equals(sessionId)) {
            throw new AuthorizationStateException("the authorization was started in another session");
        }
        return authorization;
    }

    private boolean revokeOne(OAuth2Provider provider, String token, String hint, OAuth2Tokens tokens)
            throws AdapterException {
        List<Map.Entry<String, String>> form = List.of(Map.entry("token", token), Map.entry("token_type_hint", hint));
        List<String> secrets = secretsOf(provider, tokens.accessToken(), tokens.refreshToken());
        Answer answer = post(provider, provider.revocationEndpoint(), form, "revoke the " + hint.replace('_', ' '));
        if (answer.status == 200) {
            return true;
        }
        OAuth2ErrorResponseException error = errorOf(provider, answer, "revoke the " + hint.replace('_', ' '), secrets);
        if ("unsupported_token_type".equals(error.error())) {
            return false;
        }
        throw error;
    }

    private OAuth2Tokens requestTokens(OAuth2Provider provider, List<Map.Entry<String, String>> grant,
                                       List<String> requestedScopes, String currentRefreshToken, String what,
                                       String... grantSecrets) throws AdapterException {
        List<String> secrets = secretsOf(provider, grantSecrets);
        Answer answer = post(provider, provider.tokenEndpoint(), grant, what);
        JsonNode body = answer.status == 200 ? json(answer.body) : null;
        if (body == null || !body.path("access_token").isTextual()) {
            if (answer.status == 200 && (body == null || !body.has("error"))) {
                throw new AdapterException(provider.id() + " answered the request to " + what + " without an access token");
            }
            throw errorOf(provider, answer, what, secrets);
        }
        String tokenType = body.path("token_type").asText("bearer");
        if (!"bearer".equals(tokenType.toLowerCase(Locale.ROOT))) {
            throw new AdapterException(provider.id() + " issued a token of type '" + Redaction.clean(tokenType, secrets)
                    + "'; only bearer tokens (RFC 6750) are supported");
        }
        String refreshToken = body.path("refresh_token").isTextual() && !body.path("refresh_token").asText().isEmpty()
                ? body.path("refresh_token").asText() : currentRefreshToken;
        Instant expiresAt = expiresAt(body.path("expires_in"));
        List<String> scopes = body.path("scope").isTextual()
                ? Arrays.stream(body.path("scope").asText().split(" ")).filter(s -> !s.isEmpty()).toList()
                : requestedScopes;
        return new OAuth2Tokens(body.path("access_token").asText(), refreshToken, expiresAt, scopes);
    }

    /** {@code expires_in} in seconds, as a number or (some providers) a numeric string; null when absent. */
    private Instant expiresAt(JsonNode expiresIn) {
        long seconds;
        if (expiresIn.isNumber()) {
            seconds = expiresIn.asLong();
        } else if (expiresIn.isTextual() && expiresIn.asText().strip().matches("-?\\d{1,12}")) {
            seconds = Long.parseLong(expiresIn.asText().strip());
        } else {
            return null;
        }
        return clock.instant().plusSeconds(Math.max(0, seconds));
    }

    private OAuth2ErrorResponseException errorOf(OAuth2Provider provider, Answer answer, String what, List<String> secrets)
            throws TransientAdapterException {
        if (answer.status >= 500 || answer.status == 429 || answer.status == 408) {
            Optional<Duration> retryAfter = answer.retryAfter.flatMap(v -> RetryAfter.parse(v, clock));
            throw new TransientAdapterException(provider.id() + " answered " + answer.status + " to the request to " + what
                    + retryAfter.map(d -> " (retry after " + d.toSeconds() + " s)").orElse(""), null, retryAfter.orElse(null));
        }
        JsonNode body = json(answer.body);
        String error = body != null && body.path("error").isTextual() ? Redaction.clean(body.path("error").asText(), secrets) : "";
        String description;
        if (!error.isEmpty()) {
            description = Redaction.clean(body.path("error_description").asText(""), secrets);
        } else {
            error = "unknown";
            description = Redaction.clean(answer.body, secrets);
        }
        return new OAuth2ErrorResponseException(provider.id() + " refused to " + what + " (" + answer.status + "): " + error
                + (description.isEmpty() ? "" : " (" + description + ")"), answer.status, error, description);
    }

    private static List<String> secretsOf(OAuth2Provider provider, String... more) {
        List<String> secrets = new ArrayList<>(Arrays.asList(more));
        secrets.add(provider.clientSecret());
        return secrets;
    }

    private static JsonNode json(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** What an endpoint answered: status, {@code Retry-After}, body text. */
    private record Answer(int status, Optional<String> retryAfter, String body) {
    }

    /** POSTs {@code form} with the provider's client authentication (RFC 6749 §2.3.1). */
    private Answer post(OAuth2Provider provider, URI endpoint, List<Map.Entry<String, String>> form, String what)
            throws AdapterException {
        List<Map.Entry<String, String>> body = new ArrayList<>(form);
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(REQUEST_TIMEOUT)
                .header("Accept", "application/json")
                .header("Content-Type", "application/x-www-form-urlencoded");
        switch (provider.clientAuthentication()) {
            case CLIENT_SECRET_BASIC -> request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (FormEncoding.percentEncode(provider.clientId()) + ":" + FormEncoding.percentEncode(provider.clientSecret()))
                            .getBytes(StandardCharsets.UTF_8)));
            case CLIENT_SECRET_POST -> {
                body.add(Map.entry("client_id", provider.clientId()));
                body.add(Map.entry("client_secret", provider.clientSecret()));
            }
        }
        request.POST(HttpRequest.BodyPublishers.ofString(FormEncoding.encode(body), StandardCharsets.UTF_8));
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), BodyHandlers.ofInputStream());
        } catch (IOException e) {
            String failure = e instanceof HttpTimeoutException ? "timed out" : "failed (" + e.getClass().getSimpleName() + ")";
            throw new TransientAdapterException("the request to " + what + " at " + provider.id() + " ("
                    + ProviderHttp.redact(endpoint) + ") " + failure, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException("interrupted during the request to " + what + " at " + provider.id(), e);
        }
        try (InputStream in = response.body()) {
            byte[] bytes = in.readNBytes(MAX_RESPONSE_BYTES + 1);
            if (bytes.length > MAX_RESPONSE_BYTES) {
                throw new AdapterException(provider.id() + " answered the request to " + what + " with more than "
                        + MAX_RESPONSE_BYTES + " bytes");
            }
            return new Answer(response.statusCode(), response.headers().firstValue("Retry-After"),
                    new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new TransientAdapterException("the answer of " + provider.id() + " to the request to " + what
                    + " broke off (" + e.getClass().getSimpleName() + ")", e);
        }
    }
}
