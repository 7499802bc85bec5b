package org.dtp.adapters.instagram;

import org.dtp.adapters.metagraph.GraphConnection;
import org.dtp.auth.oauth2.OAuth2Clients;
import org.dtp.spi.http.ProviderConnection;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RateLimiter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** The Graph connection (HTTP client, rate limiter, the user's signer and revoke) of all of this server's Instagram requests. */
@Component(service = InstagramConnector.class, configurationPid = InstagramConfig.PID)
@Designate(ocd = InstagramConfig.class)
public final class InstagramConnector {
    static final String PROVIDER = "instagram";

    private final GraphConnection graph;

    @Activate
    public InstagramConnector(InstagramConfig config, @Reference OAuth2Clients clients) {
        ProviderHttp http = ProviderHttp.builder("Instagram").rateLimiter(RateLimiter.perSecond(config.requestsPerSecond()))
                .requestTimeout(Duration.ofSeconds(config.requestTimeoutSeconds())).userAgent("dtp-adapter-instagram").build();
        this.graph = new GraphConnection(ProviderConnection.builder(http)
                .authorization(ProviderConnection.authorization(context -> clients.signer(PROVIDER, context),
                        endpoint -> clients.revoke(PROVIDER, endpoint)))
                .build(), URI.create(config.apiBaseUrl()), List.of(config.mediaHosts()), config.pageSize(),
                Duration.ofSeconds(config.throttleWaitSeconds()));
    }

    GraphConnection graph() {
        return graph;
    }
}
