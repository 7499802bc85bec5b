package org.dtp.adapters.facebook;

import org.dtp.adapters.metagraph.GraphApi;
import org.dtp.adapters.metagraph.GraphConnection;
import org.dtp.auth.oauth2.OAuth2Clients;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.RateLimiter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** One Graph connection (HTTP client, rate limiter) for all of this server's Facebook requests, and the user's signer. */
@Component(service = FacebookConnector.class, configurationPid = FacebookConfig.PID)
@Designate(ocd = FacebookConfig.class)
public final class FacebookConnector {
    static final String PROVIDER = "facebook";

    private final OAuth2Clients clients;
    private final GraphConnection connection;
    private final int pageSize;

    @Activate
    public FacebookConnector(FacebookConfig config, @Reference OAuth2Clients clients) {
        this.clients = clients;
        this.pageSize = Math.max(1, Math.min(100, config.pageSize()));
        this.connection = new GraphConnection("Facebook", URI.create(config.apiBaseUrl()), List.of(config.mediaHosts()),
                RateLimiter.perSecond(config.requestsPerSecond()), Duration.ofSeconds(config.requestTimeoutSeconds()),
                Duration.ofSeconds(config.throttleWaitSeconds()));
    }

    /** The Graph API as the transfer's user; refreshed tokens go back into the job through {@code context}. */
    GraphApi api(TransferContext context) throws AdapterException {
        return connection.api(clients.signer(PROVIDER, context));
    }

    int pageSize() {
        return pageSize;
    }

    void revoke(TransferEndpoint endpoint) throws AdapterException {
        clients.revoke(PROVIDER, endpoint);
    }
}
