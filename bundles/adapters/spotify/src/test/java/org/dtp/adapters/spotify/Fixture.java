package org.dtp.adapters.spotify;

import org.dtp.adapters.spotify.fake.FakeSpotify;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.InMemoryPendingAuthorizations;
import org.dtp.auth.oauth2.OAuth2Authorizer;
import org.dtp.auth.oauth2.OAuth2BearerSigner;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A fake Spotify, the OAuth 2.0 client registered for it, and the adapter's connector on it. */
final class Fixture implements AutoCloseable {
    final FakeSpotify spotify;
    final RegisteredOAuth2Clients clients;

    Fixture() throws Exception {
        spotify = new FakeSpotify();
        OAuth2Provider provider = new OAuth2Provider(SpotifyConnector.PROVIDER,
                URI.create("https://accounts.spotify.com/authorize"), spotify.tokenEndpoint(), null,
                FakeSpotify.CLIENT_ID, FakeSpotify.CLIENT_SECRET, OAuth2Provider.ClientAuthentication.CLIENT_SECRET_BASIC,
                Set.of(URI.create("https://dtp.example.org/api/v1/oauth/callback/spotify")),
                Map.of(Direction.EXPORT, List.of("playlist-read-private", "playlist-read-collaborative"),
                        Direction.IMPORT, List.of("playlist-modify-private", "playlist-modify-public")),
                Map.of());
        Clock clock = Clock.systemUTC();
        OAuth2Authorizer authorizer = new OAuth2Authorizer(
                HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(InMemoryPendingAuthorizations.DEFAULT_TIME_TO_LIVE, clock),
                id -> Optional.of(provider), clock, new SecureRandom());
        clients = new RegisteredOAuth2Clients(authorizer, id -> Optional.of(provider), OAuth2BearerSigner.DEFAULT_SKEW);
    }

    SpotifyConnector connector(int pageSize) {
        return new SpotifyConnector(new SpotifySettings(spotify.baseUri(), 1000, pageSize, 10, Duration.ofSeconds(3),
                Duration.ofSeconds(10)), clients);
    }

    /** The settings a transfer holds for {@code user}'s tokens, as the authorization flow leaves them. */
    Map<String, String> tokens(String accessToken) {
        return Map.of(AuthorizationFlows.ACCESS_TOKEN, accessToken,
                AuthorizationFlows.REFRESH_TOKEN, spotify.refreshTokenOf(accessToken),
                AuthorizationFlows.TOKEN_EXPIRES_AT, Instant.now().plusSeconds(3600).toString());
    }

    TestTransferContext source(UUID job, String accessToken) {
        return new TestTransferContext(job, new TransferEndpoint(SpotifyConnector.PROVIDER, tokens(accessToken)));
    }

    TestImportContext destination(UUID job, String accessToken) {
        return new TestImportContext(job, new TransferEndpoint(SpotifyConnector.PROVIDER, tokens(accessToken)), ref -> {
            throw new AssertionError("playlists have no media");
        });
    }

    @Override
    public void close() {
        spotify.close();
    }
}
