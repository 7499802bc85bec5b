package org.dtp.adapters.google;

import org.dtp.adapters.google.contacts.ContactGroups;
import org.dtp.adapters.google.media.AlbumMembership;
import com.fasterxml.jackson.databind.JsonNode;
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

import java.util.List;

/**
 * What the Google exporters and importers share: the configuration, the registered OAuth 2.0 client, one rate
 * limiter for all of this server's requests to Google, and the importers' and the exporters' caches.
 * Reconfiguring it restarts the adapter's services with the new settings.
 */
@Component(service = GoogleConnector.class, configurationPid = GoogleConfig.PID)
@Designate(ocd = GoogleConfig.class)
public final class GoogleConnector {
    /** The provider id, in service properties and in {@code etc/org.dtp.oauth2.client-google.cfg}. */
    public static final String PROVIDER = "google";
    private static final int CACHED_CONTAINERS = 256;
    private static final int CACHED_INDEXES = 16;
    private static final int CACHED_MEMBERSHIPS = 4;

    private final GoogleSettings settings;
    /** Signed API requests. Redirects are not followed: the JDK would send the bearer token to the new host. */
    private final ProviderConnection api;
    /** Media addresses (baseUrl): never signed, same rate limiter. */
    private final ProviderHttp media;
    /** Destination album, calendar and task list ids by job and idempotency key. */
    private final LruCache<String> created = new LruCache<>(CACHED_CONTAINERS);
    /** The importers' index of what an album (or the user's contacts) holds, by job and album id (or "people"). */
    private final MarkerIndexes<MarkerIndex> indexes = new MarkerIndexes<>(CACHED_INDEXES, MarkerIndex::new);
    /** The tasks importer's index of what a list holds, by job and list id. */
    private final MarkerIndexes<TaskListIndex> taskIndexes = new MarkerIndexes<>(CACHED_INDEXES, TaskListIndex::new);
    /** Contact groups and Gmail labels by name, by job and kind. */
    private final LruCache<NamedIds> names = new LruCache<>(CACHED_INDEXES);
    /** The exporter's set of items that are in some album, by job. */
    private final LruCache<AlbumMembership> memberships = new LruCache<>(CACHED_MEMBERSHIPS);
    /** The Gmail exporter's labels, by job. */
    private final LruCache<List<JsonNode>> labels = new LruCache<>(CACHED_INDEXES);
    /** The contacts exporter's contact groups, by job. */
    private final LruCache<ContactGroups> contactGroups = new LruCache<>(CACHED_INDEXES);

    @Activate
    public GoogleConnector(GoogleConfig config, @Reference OAuth2Clients clients) {
        this(GoogleSettings.of(config), clients);
    }

    public GoogleConnector(GoogleSettings settings, OAuth2Clients clients) {
        this.settings = settings;
        this.api = ProviderConnection.builder(ProviderHttp.builder("Google")
                        .rateLimiter(RateLimiter.perSecond(settings.requestsPerSecond()))
                        .requestTimeout(settings.requestTimeout())
                        .followRedirects(false)
                        .userAgent("dtp-adapter-google")
                        .answerPolicy(GoogleHttp::judge)
                        .build())
                .clusterKey(PROVIDER, settings.requestsPerSecond())
                .authorization(ProviderConnection.authorization(context -> clients.signer(PROVIDER, context),
                        endpoint -> clients.revoke(PROVIDER, endpoint)))
                .build();
        this.media = ProviderHttp.builder("Google Photos media")
                .rateLimiter(api.rateLimiter())
                .requestTimeout(settings.requestTimeout())
                .userAgent("dtp-adapter-google")
                .build();
    }

    public GoogleSettings settings() {
        return settings;
    }

    /** With several nodes, {@code requestsPerSecond} holds for all of them together. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindClusterPermits(ClusterPermits permits) {
        api.bindClusterPermits(permits);
    }

    void unbindClusterPermits(ClusterPermits permits) {
        api.unbindClusterPermits(permits);
    }

    public RateLimiter rateLimiter() {
        return api.rateLimiter();
    }

    /** Checks that the endpoint holds a user's tokens; makes no request. */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        endpoint.require(AuthorizationFlows.ACCESS_TOKEN);
    }

    /** Google as the context's user; renewed tokens are written back into the job. */
    public GoogleHttp http(TransferContext context) throws AdapterException {
        validate(context.endpoint());
        return new GoogleHttp(api.signedFor(context), media);
    }

    /** Revokes the transfer's grant at Google's revocation endpoint (when the operator configured it). */
    void release(TransferEndpoint endpoint) throws AdapterException {
        api.revoke(endpoint);
    }

    /** Finds or makes a destination container. */
    public interface ContainerMaker {
        String findOrMake() throws AdapterException;
    }

    /**
     * The destination container (album, calendar, task list) for {@code key} (job and idempotency key): the one made
     * for it before, else the one {@code maker} finds or makes, then remembered.
     */
    public String container(String key, ContainerMaker maker) throws AdapterException {
        return cached(created, key, maker::findOrMake);
    }

    /** The indexes of albums and of the user's contacts, by job and album id (or job and "people"). */
    public MarkerIndexes<MarkerIndex> indexes() {
        return indexes;
    }

    /** The indexes of task lists, by job and list id. */
    public MarkerIndexes<TaskListIndex> taskIndexes() {
        return taskIndexes;
    }

    /** The contact groups or Gmail labels of {@code key} (job and kind); new ones, not yet read, when none are cached. */
    public NamedIds names(String key) {
        return names.getOrCreate(key, NamedIds::new);
    }

    public AlbumMembership membership(String key) {
        return memberships.get(key);
    }

    public void membership(String key, AlbumMembership membership) {
        memberships.put(key, membership);
    }

    /** Reads something from Google. */
    public interface Reader<V> {
        V read() throws AdapterException;
    }

    /** The Gmail labels of {@code key} (a job): the ones read before, else the ones {@code reader} reads, then kept. */
    public List<JsonNode> labels(String key, Reader<List<JsonNode>> reader) throws AdapterException {
        return cached(labels, key, reader);
    }

    /** The contact groups of {@code key} (a job): the ones read before, else the ones {@code reader} reads, then kept. */
    public ContactGroups contactGroups(String key, Reader<ContactGroups> reader) throws AdapterException {
        return cached(contactGroups, key, reader);
    }

    private static <V> V cached(LruCache<V> cache, String key, Reader<V> reader) throws AdapterException {
        V known = cache.get(key);
        if (known != null) {
            return known;
        }
        V value = reader.read();
        cache.put(key, value);
        return value;
    }
}
