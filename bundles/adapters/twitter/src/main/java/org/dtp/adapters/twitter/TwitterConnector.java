package org.dtp.adapters.twitter;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.auth.oauth2.OAuth2Clients;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderConnection;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.RateLimiter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;

import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What both X exporters share: one HTTP client and rate limiter for all of this server's requests to X, the user's
 * signer, and the two reads they make of X API v2: {@code GET /2/users/me} and the pages of
 * {@code GET /2/users/:id/tweets} with their media. X's rate limit (429, or no request left in the window) is waited
 * out until {@code x-rate-limit-reset}: every request of the limiter holds back until then, and the 429 is a
 * {@link TransientAdapterException} with that wait.
 */
@Component(service = TwitterConnector.class, configurationPid = TwitterConfig.PID)
@Designate(ocd = TwitterConfig.class)
public final class TwitterConnector {
    static final String PROVIDER = "twitter";
    static final String TWEET_FIELDS = "created_at,attachments,entities,referenced_tweets,lang";
    static final String MEDIA_FIELDS = "url,variants,type,alt_text,width,height";

    /** The signed-in user. */
    record User(String id, String username) {
    }

    /** One page of a user's posts, with the media they refer to by media key, and the next page's token. */
    record Tweets(List<JsonNode> tweets, Map<String, JsonNode> media, String nextToken) {
    }

    private final URI apiBase;
    private final List<String> mediaHosts;
    private final int pageSize;
    private final ProviderConnection connection;

    @Activate
    public TwitterConnector(TwitterConfig config, @Reference OAuth2Clients clients) {
        this(config, clients, Clock.systemUTC());
    }

    TwitterConnector(TwitterConfig config, OAuth2Clients clients, Clock clock) {
        String base = config.apiBaseUrl();
        this.apiBase = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        this.mediaHosts = java.util.Arrays.stream(config.mediaHosts()).map(h -> h.strip().toLowerCase(Locale.ROOT))
                .filter(h -> !h.isEmpty()).toList();
        this.pageSize = Math.max(5, Math.min(100, config.pageSize()));
        this.connection = ProviderConnection.builder(ProviderHttp.builder("X").answerPolicy(new RateLimitWindow(clock))
                        .rateLimiter(RateLimiter.perSecond(config.requestsPerSecond()))
                        .requestTimeout(Duration.ofSeconds(config.requestTimeoutSeconds())).userAgent("dtp-adapter-twitter")
                        .clock(clock).build())
                .authorization(ProviderConnection.authorization(context -> clients.signer(PROVIDER, context),
                        endpoint -> clients.revoke(PROVIDER, endpoint)))
                .build();
    }

    RateLimiter rateLimiter() {
        return connection.rateLimiter();
    }

    void revoke(TransferEndpoint endpoint) throws AdapterException {
        connection.revoke(endpoint);
    }

    User me(TransferContext context) throws AdapterException {
        JsonNode data = get(context, "/2/users/me", Map.of()).path("data");
        String id = data.path("id").asText("");
        if (!id.matches("[0-9]+")) {
            throw new AdapterException("X answered GET /2/users/me without a user id");
        }
        return new User(id, data.path("username").asText(id));
    }

    Tweets tweets(TransferContext context, String userId, String paginationToken) throws AdapterException {
        if (!userId.matches("[0-9]+")) {
            throw new AdapterException("'" + userId + "' is not an X user id");
        }
        Map<String, String> query = new LinkedHashMap<>();
        query.put("max_results", String.valueOf(pageSize));
        query.put("tweet.fields", TWEET_FIELDS);
        query.put("expansions", "attachments.media_keys");
        query.put("media.fields", MEDIA_FIELDS);
        if (paginationToken != null) {
            query.put("pagination_token", paginationToken);
        }
        JsonNode body = get(context, "/2/users/" + userId + "/tweets", query);
        List<JsonNode> tweets = new ArrayList<>();
        body.path("data").forEach(tweets::add);
        Map<String, JsonNode> media = new HashMap<>();
        body.path("includes").path("media").forEach(m -> media.put(m.path("media_key").asText(), m));
        String next = body.path("meta").path("next_token").asText(null);
        return new Tweets(tweets, media, next == null || next.isEmpty() ? null : next);
    }

    /** Streams a photo or video file from X's media hosts (unsigned: the token stays with the API). */
    InputStream download(String address) throws AdapterException {
        URI uri;
        try {
            uri = URI.create(address);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("not an X media address: " + e.getMessage());
        }
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        boolean allowed = host.equalsIgnoreCase(apiBase.getHost()) ? scheme.equals("https") || scheme.equalsIgnoreCase(apiBase.getScheme())
                : scheme.equals("https") && mediaHosts.stream().anyMatch(h -> host.equals(h) || host.endsWith("." + h));
        if (!allowed) {
            throw new ItemRejectedException("refusing to fetch media from " + ProviderHttp.redact(uri) + ": not one of X's media hosts");
        }
        return connection.http().download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
    }

    private JsonNode get(TransferContext context, String path, Map<String, String> query) throws AdapterException {
        URI uri = URI.create(apiBase + path + (query.isEmpty() ? "" : "?" + FormEncoding.encode(List.copyOf(query.entrySet()))));
        ProviderHttp api = connection.signedFor(context);
        return api.getJson(uri, OnNotFound.FAIL);
    }
}
