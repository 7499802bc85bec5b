package org.dtp.adapters.smugmug;

import org.dtp.auth.oauth1.ClientCredentials;
import org.dtp.auth.oauth1.OAuth1Signer;
import org.dtp.auth.oauth1.TokenCredentials;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
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

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * What the SmugMug exporter and importer share: the configuration, one HTTP client with one rate limiter
 * for all of this server's requests to SmugMug, and the importer's caches. Reconfiguring it restarts the
 * exporter and importer with the new settings.
 */
@Component(service = SmugMugConnector.class, configurationPid = SmugMugConfig.PID)
@Designate(ocd = SmugMugConfig.class)
public final class SmugMugConnector {
    /** Endpoint setting: the user's OAuth 1.0a access token. */
    public static final String ACCESS_TOKEN = "accessToken";
    /** Endpoint setting: the secret of that token. */
    public static final String ACCESS_TOKEN_SECRET = "accessTokenSecret";

    private static final int CACHED_CHAINS = 8;
    private static final int CACHED_ROOT_ALBUMS = 256;
    private static final int CACHED_USER_LIMITERS = 1024;

    /** One user's access: the API signed with their token, and an id for caches (a hash, never the token). */
    record Account(SmugMugApi api, String id) {
    }

    private final SmugMugSettings settings;
    private final ProviderConnection connection;
    private final Map<String, AlbumChain> chains = lru(CACHED_CHAINS);
    private final Map<String, String> rootAlbums = lru(CACHED_ROOT_ALBUMS);
    /** Each user's own limiter, within the server's, by account id (when requestsPerSecondPerUser is set). */
    private final Map<String, RateLimiter> userLimiters = lru(CACHED_USER_LIMITERS);

    @Activate
    public SmugMugConnector(SmugMugConfig config) {
        this(SmugMugSettings.of(config));
    }

    SmugMugConnector(SmugMugSettings settings) {
        this.settings = settings;
        this.connection = ProviderConnection.builder(ProviderHttp.builder("SmugMug")
                        .rateLimiter(RateLimiter.perSecond(settings.requestsPerSecond()))
                        .requestTimeout(settings.requestTimeout())
                        .userAgent("dtp-adapter-smugmug")
                        .build())
                .clusterKey("smugmug", settings.requestsPerSecond())
                .build();
    }

    SmugMugSettings settings() {
        return settings;
    }

    /**
     * With several nodes, {@code requestsPerSecond} holds for all of them together: the limiter also takes a permit
     * counted in the shared job store (when the engine offers one; a node alone counts alone).
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindClusterPermits(ClusterPermits permits) {
        connection.bindClusterPermits(permits);
        forgetUserLimiters();
    }

    void unbindClusterPermits(ClusterPermits permits) {
        connection.unbindClusterPermits(permits);
        forgetUserLimiters();
    }

    /** Users' limiters are made again, counted with the cluster's permits as they are now. */
    private void forgetUserLimiters() {
        synchronized (userLimiters) {
            userLimiters.clear();
        }
    }

    /** The limiter all of this server's SmugMug requests share: how hard SmugMug has pushed back, and the rate now. */
    RateLimiter rateLimiter() {
        return connection.rateLimiter();
    }

    /** Checks that this server has an API key and the endpoint has a user's token, before a job is created. */
    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        if (!settings.hasClientCredentials()) {
            throw new InvalidEndpointException("the SmugMug adapter has no API key: an operator sets consumerKey and consumerSecret in "
                    + SmugMugConfig.PID);
        }
        endpoint.require(ACCESS_TOKEN);
        endpoint.require(ACCESS_TOKEN_SECRET);
    }

    /** The API as the endpoint's user. */
    Account account(TransferEndpoint endpoint) throws AdapterException {
        validate(endpoint);
        String token = endpoint.require(ACCESS_TOKEN);
        String secret = endpoint.require(ACCESS_TOKEN_SECRET);
        OAuth1Signer signer = new OAuth1Signer(new ClientCredentials(settings.consumerKey(), settings.consumerSecret()),
                new TokenCredentials(token, secret));
        String id = fingerprint(settings.consumerKey() + "\n" + token);
        ProviderHttp api = connection.http().withSigner(signer);
        if (settings.requestsPerSecondPerUser() > 0) {
            api = api.withRateLimiter(userLimiter(id));
        }
        return new Account(new SmugMugApi(api, settings), id);
    }

    /**
     * The limiter of one user (by account id, a hash of the key and token), within the server's; counted for the
     * cluster under the user's own key when the engine shares permits.
     */
    RateLimiter userLimiter(String accountId) {
        synchronized (userLimiters) {
            return userLimiters.computeIfAbsent(accountId, id -> {
                RateLimiter limiter = RateLimiter.perSecond(settings.requestsPerSecondPerUser()).within(connection.rateLimiter());
                ClusterPermits permits = connection.clusterPermits().orElse(null);
                return permits == null ? limiter : limiter.sharedWith(permits, "smugmug:user:" + id,
                        (int) Math.max(1, Math.round(settings.requestsPerSecondPerUser())));
            });
        }
    }

    /** The cached chain of album {@code albumKey}, or one read from SmugMug. */
    AlbumChain chain(Account account, String albumKey) throws AdapterException {
        String key = account.id() + "|" + albumKey;
        synchronized (chains) {
            AlbumChain chain = chains.get(key);
            if (chain != null) {
                return chain;
            }
        }
        AlbumChain loaded = AlbumChain.load(account.api(), albumKey);
        synchronized (chains) {
            return chains.computeIfAbsent(key, k -> loaded);
        }
    }

    /** Forgets a chain that may no longer be what SmugMug holds. */
    void forget(Account account, String albumKey, AlbumChain chain) {
        synchronized (chains) {
            chains.remove(account.id() + "|" + albumKey, chain);
        }
    }

    String rootAlbum(Account account, UUID jobId) {
        synchronized (rootAlbums) {
            return rootAlbums.get(account.id() + "|" + jobId);
        }
    }

    void rootAlbum(Account account, UUID jobId, String albumKey) {
        synchronized (rootAlbums) {
            if (albumKey == null) {
                rootAlbums.remove(account.id() + "|" + jobId);
            } else {
                rootAlbums.put(account.id() + "|" + jobId, albumKey);
            }
        }
    }

    private static <V> Map<String, V> lru(int capacity) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        };
    }

    private static String fingerprint(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
