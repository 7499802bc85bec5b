package org.dtp.adapters.twitter;

import org.dtp.adapters.twitter.fake.FakeX;
import org.dtp.auth.oauth2.InMemoryPendingAuthorizations;
import org.dtp.auth.oauth2.OAuth2Authorizer;
import org.dtp.auth.oauth2.OAuth2BearerSigner;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A fake X, the OAuth 2.0 client registered for it, and the adapter's connector on it. */
final class Fixture implements AutoCloseable {
    final FakeX fake;

    Fixture() throws IOException {
        fake = new FakeX();
    }

    /** A connector asking for {@code pageSize} posts a page (X takes 5 to 100). */
    TwitterConnector connector(int pageSize) {
        return new TwitterConnector(config(pageSize), clients(), Clock.systemUTC());
    }

    /** The settings a transfer holds for a new pair of tokens, as the authorization flow leaves them. */
    TransferEndpoint endpoint(Map.Entry<String, String> tokens) {
        return new TransferEndpoint("twitter", Map.of("accessToken", tokens.getKey(), "refreshToken", tokens.getValue()));
    }

    private TwitterConfig config(int pageSize) {
        return new TwitterConfig() {
            public Class<? extends Annotation> annotationType() { return TwitterConfig.class; }
            public String apiBaseUrl() { return fake.root(); }
            public String[] mediaHosts() { return new String[]{"twimg.com"}; }
            public double requestsPerSecond() { return 50; }
            public int pageSize() { return pageSize; }
            public int requestTimeoutSeconds() { return 10; }
        };
    }

    private RegisteredOAuth2Clients clients() {
        OAuth2Provider provider = new OAuth2Provider("twitter", URI.create("https://x.com/i/oauth2/authorize"),
                URI.create(fake.root() + "/2/oauth2/token"), null, FakeX.CLIENT_ID, FakeX.CLIENT_SECRET,
                ClientAuthentication.CLIENT_SECRET_BASIC, Set.of(URI.create("https://dtp.example.org/api/v1/oauth/callback/twitter")),
                Map.of(Direction.EXPORT, List.of("tweet.read", "users.read", "offline.access")), Map.of());
        OAuth2Authorizer authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), Clock.systemUTC()), id -> Optional.of(provider),
                Clock.systemUTC(), new SecureRandom());
        return new RegisteredOAuth2Clients(authorizer, id -> Optional.of(provider), OAuth2BearerSigner.DEFAULT_SKEW);
    }

    @Override
    public void close() {
        fake.close();
    }
}
