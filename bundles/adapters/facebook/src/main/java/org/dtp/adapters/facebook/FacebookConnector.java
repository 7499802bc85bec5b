package org.dtp.adapters.facebook;

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

/** The Graph connection (HTTP client, rate limiter, the user's signer and revoke) of all of this server's Facebook requests. */
@Component(service = FacebookConnector.class, configurationPid = FacebookConfig.PID)
@Designate(ocd = FacebookConfig.class)
public final class FacebookConnector {
    static final String PROVIDER = "facebook";

    private final GraphConnection graph;

    @Activate
    public FacebookConnector(FacebookConfig config, @Reference OAuth2Clients clients) {
        ProviderHttp http = ProviderHttp.builder("Facebook").rateLimiter(RateLimiter.perSecond(config.requestsPerSecond()))
                .requestTimeout(Duration.ofSeconds(config.requestTimeoutSeconds())).userAgent("dtp-adapter-facebook").build();
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
