package org.dtp.adapters.microsoft;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.OAuth2Clients;
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

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the Microsoft exporters and importers share: the configuration, the registered OAuth 2.0 client, one rate
 * limiter for all of this server's requests to Graph, and the importer's upload sessions. Reconfiguring it restarts
 * the adapter's services with the new settings.
 */
@Component(service = MicrosoftConnector.class, configurationPid = MicrosoftConfig.PID)
@Designate(ocd = MicrosoftConfig.class)
public final class MicrosoftConnector {
    /** The provider id, in service properties and in {@code etc/org.dtp.oauth2.client-microsoft.cfg}. */
    public static final String PROVIDER = "microsoft";
    private static final int CACHED_SESSIONS = 256;

    private final MicrosoftSettings settings;
    /** Signed Graph requests. Redirects are not followed: the JDK would send the bearer token to the new host. */
    private final ProviderConnection graph;
    /** Pre-authenticated addresses (download URLs, upload sessions): never signed, same rate limiter. */
    private final ProviderHttp unsigned;
    private final HttpClient uploads;
    /** Upload sessions by job and idempotency key, so a retried import resumes one; the URLs are credentials. */
    private final Map<String, URI> sessions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, URI> eldest) {
            return size() > CACHED_SESSIONS;
        }
    };

    @Activate
    public MicrosoftConnector(MicrosoftConfig config, @Reference OAuth2Clients clients) {
        this(MicrosoftSettings.of(config), clients);
    }

    MicrosoftConnector(MicrosoftSettings settings, OAuth2Clients clients) {
        this.settings = settings;
        this.graph = ProviderConnection.builder(ProviderHttp.builder("Microsoft Graph")
                        .rateLimiter(RateLimiter.perSecond(settings.requestsPerSecond()))
                        .requestTimeout(settings.requestTimeout())
                        .followRedirects(false)
                        .userAgent("dtp-adapter-microsoft")
                        .answerPolicy(StorageQuota::judge)
                        .build())
                .clusterKey(PROVIDER, settings.requestsPerSecond())
                .authorization(ProviderConnection.authorization(context -> clients.signer(PROVIDER, context),
                        endpoint -> clients.revoke(PROVIDER, endpoint)))
                .build();
        this.unsigned = ProviderHttp.builder("OneDrive")
                .rateLimiter(graph.rateLimiter())
                .requestTimeout(settings.requestTimeout())
                .userAgent("dtp-adapter-microsoft")
                .answerPolicy(StorageQuota::judge)
                .build();
        this.uploads = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1).build();
    }

    public MicrosoftSettings settings() {
        return settings;
    }

    /** With several nodes, {@code requestsPerSecond} holds for all of them together. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindClusterPermits(ClusterPermits permits) {
        graph.bindClusterPermits(permits);
    }

    void unbindClusterPermits(ClusterPermits permits) {
        graph.unbindClusterPermits(permits);
    }

    RateLimiter rateLimiter() {
        return graph.rateLimiter();
    }

    /** Checks that the endpoint holds a user's tokens; makes no request. */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        endpoint.require(AuthorizationFlows.ACCESS_TOKEN);
    }

    /** Graph as the context's user; renewed tokens are written back into the job. */
    public GraphApi api(TransferContext context) throws AdapterException {
        validate(context.endpoint());
        return new GraphApi(graph.signedFor(context), unsigned, uploads, settings);
    }

    /** Revokes what the registered client can revoke (Microsoft offers no RFC 7009 endpoint: usually nothing). */
    void release(TransferEndpoint endpoint) throws AdapterException {
        graph.revoke(endpoint);
    }

    public URI session(String key) {
        synchronized (sessions) {
            return sessions.get(key);
        }
    }

    public void session(String key, URI uploadUrl) {
        synchronized (sessions) {
            if (uploadUrl == null) {
                sessions.remove(key);
            } else {
                sessions.put(key, uploadUrl);
            }
        }
    }
}
