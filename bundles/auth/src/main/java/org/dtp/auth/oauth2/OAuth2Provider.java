package org.dtp.auth.oauth2;

import org.dtp.transfer.Direction;

import java.net.URI;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One OAuth 2.0 client registration at a provider: its endpoints, this server's client id and secret, the
 * redirect URIs registered there (compared exactly, see {@link #registeredRedirectUri}), the scopes asked
 * for per direction (read scopes to export, write scopes to import: least privilege; a direction without
 * an entry cannot be authorized) and any extra authorization request parameters the provider needs (e.g.
 * Google's {@code access_type=offline} to get a refresh token).
 *
 * @param id                      the provider id, as in {@code dtp.provider} (e.g. {@code google})
 * @param revocationEndpoint      the RFC 7009 endpoint, or {@code null} when the provider has none
 * @param clientAuthentication    how the client authenticates at the token and revocation endpoints
 * @param authorizationParameters extra parameters of the authorization request, in order
 */
public record OAuth2Provider(String id, URI authorizationEndpoint, URI tokenEndpoint, URI revocationEndpoint,
                             String clientId, String clientSecret, ClientAuthentication clientAuthentication,
                             Set<URI> redirectUris, Map<Direction, List<String>> scopes,
                             Map<String, String> authorizationParameters) {
    /** RFC 6749 §2.3.1 client authentication methods (names as in RFC 7591 {@code token_endpoint_auth_method}). */
    public enum ClientAuthentication {
        /** HTTP Basic with the form-encoded client id and secret: what every server must support. */
        CLIENT_SECRET_BASIC,
        /** {@code client_id} and {@code client_secret} in the form body, for providers that want them there. */
        CLIENT_SECRET_POST
    }

    /** Parameters the authorizer sets itself: a provider's extra parameters cannot replace them. */
    private static final Set<String> PROTOCOL_PARAMETERS = Set.of("response_type", "client_id", "redirect_uri", "scope",
            "state", "code_challenge", "code_challenge_method");

    public OAuth2Provider {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("a provider needs an id");
        }
        endpoint(authorizationEndpoint, "authorization endpoint");
        endpoint(tokenEndpoint, "token endpoint");
        if (revocationEndpoint != null) {
            endpoint(revocationEndpoint, "revocation endpoint");
        }
        if (clientId == null || clientId.isBlank()) {
            throw new IllegalArgumentException("provider " + id + " needs a client id");
        }
        if (clientSecret == null || clientSecret.isEmpty()) {
            throw new IllegalArgumentException("provider " + id + " needs a client secret");
        }
        Objects.requireNonNull(clientAuthentication, "clientAuthentication");
        Set<URI> normalized = new LinkedHashSet<>();
        for (URI uri : Objects.requireNonNull(redirectUris, "redirectUris")) {
            normalized.add(RedirectUris.normalize(uri));
        }
        if (normalized.isEmpty()) {
            throw new IllegalArgumentException("provider " + id + " needs at least one registered redirect URI");
        }
        redirectUris = Set.copyOf(normalized);
        Map<Direction, List<String>> copy = new EnumMap<>(Direction.class);
        Objects.requireNonNull(scopes, "scopes").forEach((direction, list) -> {
            for (String scope : list) {
                if (!isScopeToken(scope)) {
                    throw new IllegalArgumentException("not an OAuth scope (RFC 6749 §3.3): '" + scope + "'");
                }
            }
            copy.put(Objects.requireNonNull(direction, "direction"), List.copyOf(new LinkedHashSet<>(list)));
        });
        scopes = Map.copyOf(copy);
        Map<String, String> extra = new LinkedHashMap<>(authorizationParameters == null ? Map.of() : authorizationParameters);
        for (String name : extra.keySet()) {
            if (PROTOCOL_PARAMETERS.contains(name)) {
                throw new IllegalArgumentException("'" + name + "' is set by the authorizer, not by provider " + id);
            }
        }
        authorizationParameters = Collections.unmodifiableMap(extra);
    }

    /** The scopes to ask for in {@code direction}; empty when the provider is not set up for it. */
    public Optional<List<String>> scopesFor(Direction direction) {
        return Optional.ofNullable(scopes.get(direction));
    }

    /**
     * The registered redirect URI that {@code uri} is, in its registered form: equal after normalization
     * (case of scheme and host, default port, dot segments), never a prefix or only the host.
     */
    public Optional<URI> registeredRedirectUri(URI uri) {
        URI normalized;
        try {
            normalized = RedirectUris.normalize(uri);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return redirectUris.contains(normalized) ? Optional.of(normalized) : Optional.empty();
    }

    private static void endpoint(URI uri, String what) {
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null
                || !("https".equalsIgnoreCase(uri.getScheme()) || "http".equalsIgnoreCase(uri.getScheme()))) {
            throw new IllegalArgumentException("the " + what + " must be an absolute http(s) URI: " + uri);
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("the " + what + " cannot have a fragment (RFC 6749 §3.1)");
        }
    }

    /** RFC 6749 §3.3: {@code scope-token = 1*( %x21 / %x23-5B / %x5D-7E )}. */
    private static boolean isScopeToken(String scope) {
        return scope != null && !scope.isEmpty()
                && scope.chars().allMatch(c -> c == 0x21 || (c >= 0x23 && c <= 0x5B) || (c >= 0x5D && c <= 0x7E));
    }

    /** Never shows the client secret. */
    @Override
    public String toString() {
        return "OAuth2Provider[id=" + id + ", authorizationEndpoint=" + authorizationEndpoint + ", tokenEndpoint="
                + tokenEndpoint + ", revocationEndpoint=" + revocationEndpoint + ", clientId=" + clientId
                + ", clientSecret=***, clientAuthentication=" + clientAuthentication + ", redirectUris=" + redirectUris
                + ", scopes=" + scopes + ", authorizationParameters=" + authorizationParameters.keySet() + "]";
    }
}
