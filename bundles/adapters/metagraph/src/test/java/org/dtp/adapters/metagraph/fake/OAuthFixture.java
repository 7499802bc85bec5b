package org.dtp.adapters.metagraph.fake;

import org.dtp.auth.oauth2.InMemoryPendingAuthorizations;
import org.dtp.auth.oauth2.OAuth2Authorizer;
import org.dtp.auth.oauth2.OAuth2BearerSigner;
import org.dtp.auth.oauth2.OAuth2Clients;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.transfer.Direction;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The OAuth 2.0 clients of a test: one registered client of {@code provider}, with the fake's endpoints. */
public final class OAuthFixture {
    private OAuthFixture() {
    }

    public static OAuth2Clients clients(String provider, URI authorizationEndpoint, URI tokenEndpoint,
                                        ClientAuthentication authentication, List<String> exportScopes) {
        OAuth2Provider client = new OAuth2Provider(provider, authorizationEndpoint, tokenEndpoint, null, "dtp-test-client",
                "client-secret-not-for-logs", authentication,
                Set.of(URI.create("https://dtp.example.org/api/v1/oauth/callback/" + provider)),
                Map.of(Direction.EXPORT, exportScopes), Map.of());
        Clock clock = Clock.systemUTC();
        OAuth2Authorizer authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), clock), id -> Optional.of(client), clock,
                new SecureRandom());
        return new RegisteredOAuth2Clients(authorizer, id -> id.equals(provider) ? Optional.of(client) : Optional.empty(),
                OAuth2BearerSigner.DEFAULT_SKEW);
    }
}
