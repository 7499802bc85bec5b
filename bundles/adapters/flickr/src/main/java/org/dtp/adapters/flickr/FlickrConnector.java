package org.dtp.adapters.flickr;

import org.dtp.spi.Fingerprint;
import org.dtp.auth.oauth1.ClientCredentials;
import org.dtp.auth.oauth1.OAuth1Signer;
import org.dtp.auth.oauth1.TokenCredentials;
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

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the Flickr exporter and importer share: the configuration, one rate limiter for every API request of this
 * server's key (REST calls and uploads; with several nodes counted for all of them together), and the importer's
 * cache of the photosets it made. Reconfiguring it restarts the exporter and importer.
 */
@Component(service = FlickrConnector.class, configurationPid = FlickrConfig.PID)
@Designate(ocd = FlickrConfig.class)
public final class FlickrConnector {
    /** Endpoint setting: the user's OAuth 1.0a access token. */
    public static final String ACCESS_TOKEN = "accessToken";
    /** Endpoint setting: the secret of that token. */
    public static final String ACCESS_TOKEN_SECRET = "accessTokenSecret";
    private static final int CACHED_PHOTOSETS = 1024;

    private final FlickrSettings settings;
    private final ProviderConnection rest;
    private final ProviderHttp upload;
    private final ProviderHttp media;
    /** Photoset ids by the user's account id and the set's machine tag. */
    private final Map<String, String> photosets = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > CACHED_PHOTOSETS;
        }
    };

    private final Object[] photosetLocks = new Object[64];

    @Activate
    public FlickrConnector(FlickrConfig config) {
        this(FlickrSettings.of(config));
    }

    FlickrConnector(FlickrSettings settings) {
        this.settings = settings;
        for (int i = 0; i < photosetLocks.length; i++) {
            photosetLocks[i] = new Object();
        }
        RateLimiter api = RateLimiter.perSecond(settings.requestsPerSecond());
        this.rest = ProviderConnection.builder(ProviderHttp.builder("Flickr").rateLimiter(api)
                        .requestTimeout(settings.requestTimeout()).userAgent("dtp-adapter-flickr").build())
                .clusterKey(clusterKey(), settings.requestsPerSecond())
                .build();
        // The Upload API answers only in XML; same limiter, since uploads are calls of the key too.
        this.upload = ProviderHttp.builder("Flickr").rateLimiter(api).requestTimeout(settings.requestTimeout())
                .userAgent("dtp-adapter-flickr").mapper(new RestXml()).build();
        this.media = ProviderHttp.builder("Flickr").rateLimiter(RateLimiter.perSecond(settings.mediaRequestsPerSecond()))
                .requestTimeout(settings.requestTimeout()).userAgent("dtp-adapter-flickr").build();
    }

    FlickrSettings settings() {
        return settings;
    }

    /** The limiter every API request of this key waits on. */
    RateLimiter rateLimiter() {
        return rest.rateLimiter();
    }

    /** The key the cluster counts this API key's requests under: a hash, never the key itself. */
    String clusterKey() {
        return "flickr:key:" + fingerprint(settings.consumerKey());
    }

    /** Flickr's limit is per API key, whichever node asks: every permit is also one of the cluster's (when offered). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindClusterPermits(ClusterPermits permits) {
        rest.bindClusterPermits(permits);
    }

    void unbindClusterPermits(ClusterPermits permits) {
        rest.unbindClusterPermits(permits);
    }

    /** Checks that this server has an API key and the endpoint a user's token; makes no request. */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        if (!settings.hasClientCredentials()) {
            throw new InvalidEndpointException("the Flickr adapter has no API key: an operator sets consumerKey and consumerSecret in "
                    + FlickrConfig.PID);
        }
        endpoint.require(ACCESS_TOKEN);
        endpoint.require(ACCESS_TOKEN_SECRET);
    }

    /** The account as the Flickr user's NSID ({@link FlickrApi#userNsid}), the same for the exporter and the importer. */
    Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.of(account(context.endpoint()).api().userNsid());
    }

    /** The API as the endpoint's user, and an id of the account for caches (a hash, never the token). */
    record Account(FlickrApi api, String id) {
    }

    Account account(TransferEndpoint endpoint) throws AdapterException {
        validate(endpoint);
        String token = endpoint.require(ACCESS_TOKEN);
        OAuth1Signer signer = new OAuth1Signer(new ClientCredentials(settings.consumerKey(), settings.consumerSecret()),
                new TokenCredentials(token, endpoint.require(ACCESS_TOKEN_SECRET)));
        return new Account(new FlickrApi(rest.http().withSigner(signer), upload.withSigner(signer), media, settings),
                fingerprint(settings.consumerKey() + "\n" + token));
    }

    String photoset(Account account, String machineTag) {
        synchronized (photosets) {
            return photosets.get(account.id() + "|" + machineTag);
        }
    }

    void photoset(Account account, String machineTag, String photosetId) {
        synchronized (photosets) {
            if (photosetId == null) {
                photosets.remove(account.id() + "|" + machineTag);
            } else {
                photosets.put(account.id() + "|" + machineTag, photosetId);
            }
        }
    }

    /** One lock per photoset being made, so that two items of one album never create it twice on this node. */
    Object photosetLock(Account account, String machineTag) {
        return photosetLocks[Math.floorMod((account.id() + "|" + machineTag).hashCode(), photosetLocks.length)];
    }

    static String fingerprint(String text) {
        return Fingerprint.of(text).hex(16);
    }
}
