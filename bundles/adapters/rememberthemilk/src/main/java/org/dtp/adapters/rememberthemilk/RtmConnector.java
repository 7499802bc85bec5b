package org.dtp.adapters.rememberthemilk;

import org.dtp.spi.Fingerprint;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AnswerOutcome;
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

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the Remember The Milk exporter and importer share: the configuration, one HTTP client and one rate limiter for
 * every request of this server's API key (RTM asks for one per second on average; with several nodes counted for all
 * of them together), and per user a timeline and the user's time zone.
 */
@Component(service = RtmConnector.class, configurationPid = RtmConfig.PID)
@Designate(ocd = RtmConfig.class)
public final class RtmConnector {
    /** Endpoint setting: the user's auth token (rtm.auth.getToken; see README). */
    public static final String AUTH_TOKEN = "authToken";
    /** How long a timeline is used before a new one is made: our choice, RTM documents no expiry. */
    private static final Duration TIMELINE_REUSE = Duration.ofMinutes(10);
    private static final int CACHED_ACCOUNTS = 1024;

    record Account(RtmApi api, String id) {
    }

    private record Timeline(String id, Instant made) {
    }

    private final RtmSettings settings;
    private final ProviderConnection connection;
    private final Clock clock;
    private final Map<String, Timeline> timelines = lru();
    private final Map<String, ZoneId> zones = lru();

    @Activate
    public RtmConnector(RtmConfig config) {
        this(RtmSettings.of(config), Clock.systemUTC());
    }

    RtmConnector(RtmSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        // a burst of one: RTM's limit is an average, and it answers 503 to bursts
        this.connection = ProviderConnection.builder(ProviderHttp.builder("Remember The Milk")
                        .rateLimiter(RateLimiter.of(settings.requestsPerSecond(), 1))
                        .requestTimeout(settings.requestTimeout()).userAgent("dtp-adapter-rememberthemilk")
                        // RTM answers 503 past its rate limit, with or without a Retry-After: slow down as for a 429
                        .answerPolicy(answer -> answer.status() == 503 ? AnswerOutcome.rateLimited(null)
                                : AnswerOutcome.byStatus())
                        .build())
                .clusterKey(clusterKey(), settings.requestsPerSecond())
                .build();
    }

    RtmSettings settings() {
        return settings;
    }

    RateLimiter rateLimiter() {
        return connection.rateLimiter();
    }

    String clusterKey() {
        return "rememberthemilk:key:" + fingerprint(settings.apiKey());
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindClusterPermits(ClusterPermits permits) {
        connection.bindClusterPermits(permits);
    }

    void unbindClusterPermits(ClusterPermits permits) {
        connection.unbindClusterPermits(permits);
    }

    void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        if (!settings.hasKey()) {
            throw new InvalidEndpointException("the Remember The Milk adapter has no API key: an operator sets apiKey and sharedSecret in "
                    + RtmConfig.PID);
        }
        endpoint.require(AUTH_TOKEN);
    }

    Account account(TransferEndpoint endpoint) throws AdapterException {
        validate(endpoint);
        String token = endpoint.require(AUTH_TOKEN);
        return new Account(new RtmApi(connection.http(), settings, token), fingerprint(settings.apiKey() + "\n" + token));
    }

    /**
     * The account as the RTM user's id (rtm.auth.checkToken, https://www.rememberthemilk.com/services/api/methods/rtm.auth.checkToken.rtm):
     * stable and not secret, the same for the exporter and the importer.
     */
    Optional<String> accountId(TransferContext context) throws AdapterException {
        String id = account(context.endpoint()).api().call("rtm.auth.checkToken", false).path("auth").path("user").path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Remember The Milk answered rtm.auth.checkToken without the user's id");
        }
        return Optional.of(id);
    }

    /** The API without a user, for rtm.auth.* (the frob flow). */
    RtmApi unauthenticated() {
        return new RtmApi(connection.http(), settings, null);
    }

    /** A timeline for the user's writes (rtm.timelines.create), made again after a while. */
    String timeline(Account account) throws AdapterException {
        synchronized (timelines) {
            Timeline t = timelines.get(account.id());
            if (t != null && t.made().plus(TIMELINE_REUSE).isAfter(clock.instant())) {
                return t.id();
            }
        }
        String id = account.api().call("rtm.timelines.create", false).path("timeline").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Remember The Milk answered rtm.timelines.create without a timeline");
        }
        synchronized (timelines) {
            timelines.put(account.id(), new Timeline(id, clock.instant()));
        }
        return id;
    }

    /** The user's time zone (rtm.settings.getList), in which RTM's dates without a time are midnight. */
    ZoneId zone(Account account) throws AdapterException {
        synchronized (zones) {
            ZoneId zone = zones.get(account.id());
            if (zone != null) {
                return zone;
            }
        }
        String name = account.api().call("rtm.settings.getList", false).path("settings").path("timezone").asText("");
        ZoneId zone;
        try {
            zone = name.isEmpty() ? ZoneId.of("UTC") : ZoneId.of(name);
        } catch (java.time.DateTimeException e) {
            zone = ZoneId.of("UTC");
        }
        synchronized (zones) {
            zones.put(account.id(), zone);
        }
        return zone;
    }

    static String fingerprint(String text) {
        return Fingerprint.of(text).hex(12);
    }

    private static <V> Map<String, V> lru() {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > CACHED_ACCOUNTS;
            }
        };
    }
}
