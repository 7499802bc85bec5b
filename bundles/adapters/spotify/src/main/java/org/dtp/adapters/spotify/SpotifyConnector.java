package org.dtp.adapters.spotify;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.OAuth2Clients;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.ClusterPermits;
import org.dtp.spi.http.ProviderConnection;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RateLimiter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.Designate;

import java.util.Objects;
import java.util.Optional;

/**
 * What the Spotify exporter and importer share: the configuration, one HTTP client with one rate limiter for all of
 * this server's requests to Spotify, and the registered OAuth 2.0 clients that sign them. Reconfiguring it restarts
 * the exporter and importer with the new settings.
 */
@Component(service = SpotifyConnector.class, configurationPid = SpotifyConfig.PID)
@Designate(ocd = SpotifyConfig.class)
public final class SpotifyConnector {
    /** The provider id: of the adapter's services and of the OAuth 2.0 client registration. */
    public static final String PROVIDER = "spotify";

    private final SpotifySettings settings;
    private final OAuth2Clients clients;
    private final ProviderConnection connection;

    @Activate
    public SpotifyConnector(SpotifyConfig config, @Reference OAuth2Clients clients) {
        this(SpotifySettings.of(config), clients);
    }

    SpotifyConnector(SpotifySettings settings, OAuth2Clients clients) {
        this.settings = settings;
        this.clients = Objects.requireNonNull(clients, "clients");
        this.connection = ProviderConnection.builder(ProviderHttp.builder("Spotify")
                        .rateLimiter(RateLimiter.perSecond(settings.requestsPerSecond()))
                        .requestTimeout(settings.requestTimeout())
                        .userAgent("dtp-adapter-spotify")
                        .build())
                .clusterKey(PROVIDER, settings.requestsPerSecond())
                .authorization(context -> clients.signer(PROVIDER, context))
                .build();
    }

    /** With several nodes, {@code requestsPerSecond} holds for all of them together (when the engine offers permits). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindClusterPermits(ClusterPermits permits) {
        connection.bindClusterPermits(permits);
    }

    void unbindClusterPermits(ClusterPermits permits) {
        connection.unbindClusterPermits(permits);
    }

    SpotifySettings settings() {
        return settings;
    }

    OAuth2Clients clients() {
        return clients;
    }

    /** The limiter all of this server's Spotify requests share. */
    RateLimiter rateLimiter() {
        return connection.rateLimiter();
    }

    /** Checks, before a job is created, that the endpoint holds a user's tokens (as a finished sign-in leaves them). */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        if (RegisteredOAuth2Clients.tokensIn(endpoint).isEmpty()) {
            throw new InvalidEndpointException("provider 'spotify' needs a Spotify sign-in: start one with POST "
                    + "/api/v1/authorizations and name it as the setting '" + AuthorizationFlows.AUTHORIZATION_SETTING + "'");
        }
    }

    /**
     * The account as the Spotify user's id ({@code GET /v1/me}, https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile):
     * stable and not secret, the same for the exporter and the importer.
     */
    Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.of(api(context).currentUserId());
    }

    /** The Web API as the user of {@code context}, signed with their tokens (refreshed and kept in the job when due). */
    SpotifyApi api(TransferContext context) throws AdapterException {
        return new SpotifyApi(connection.signedFor(context), settings.apiBaseUrl());
    }
}
