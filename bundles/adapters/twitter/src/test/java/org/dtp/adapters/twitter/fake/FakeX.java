package org.dtp.adapters.twitter.fake;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.kit.testing.FileStore;
import org.dtp.spi.http.FormEncoding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * X API v2 on loopback, after https://docs.x.com/x-api : {@code GET /2/users/me} ({@code data {id, name, username}}),
 * {@code GET /2/users/:id/tweets} (https://docs.x.com/x-api/users/get-posts: {@code max_results} 5-100,
 * {@code pagination_token}, {@code meta {result_count, next_token}}, {@code tweet.fields}, {@code expansions=
 * attachments.media_keys} with {@code includes.media}), the OAuth 2.0 token endpoint {@code POST /2/oauth2/token}
 * with {@code grant_type=refresh_token} and HTTP Basic client authentication, rotating the refresh token
 * (https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code), 401 problem bodies without a valid
 * bearer token, and rate limits: {@code x-rate-limit-limit/remaining/reset} on every answer, 429 with
 * {@code {"errors":[{"code":88,"message":"Rate limit exceeded"}]}} past it (https://docs.x.com/fundamentals/rate-limits).
 * Media files are served on {@code /media/...} without authorization, as X's CDN does.
 */
public final class FakeX implements AutoCloseable {
    public static final ObjectMapper JSON = new ObjectMapper();
    public static final String CLIENT_ID = "dtp-test-client";
    public static final String CLIENT_SECRET = "client-secret-not-for-logs";

    /** One API request as the fake saw it. */
    public record Seen(String path, Map<String, String> query, String authorization, long atNanos) {
    }

    private final HttpServer server;
    public final String userId = "2244994945";
    public final String username = "ann_example";
    private final List<ObjectNode> tweets = new CopyOnWriteArrayList<>();
    private final List<ObjectNode> media = new CopyOnWriteArrayList<>();
    /** The media files by name, on disk: a large video would not fit in the test's heap. */
    private final FileStore storage = new FileStore("fake-x");
    private final Map<String, FileStore.Stored> files = new ConcurrentHashMap<>();
    private final Set<String> accessTokens = ConcurrentHashMap.newKeySet();
    private final Set<String> refreshTokens = ConcurrentHashMap.newKeySet();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final AtomicInteger counter = new AtomicInteger();
    private final AtomicInteger refreshes = new AtomicInteger();
    private volatile int limitedFor;
    private volatile long resetEpochSecond;

    public FakeX() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public String root() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A new access token and its refresh token. */
    public Map.Entry<String, String> issueTokens() {
        String access = "access-" + counter.incrementAndGet();
        String refresh = "refresh-" + counter.incrementAndGet();
        accessTokens.add(access);
        refreshTokens.add(refresh);
        return Map.entry(access, refresh);
    }

    public void expire(String accessToken) {
        accessTokens.remove(accessToken);
    }

    public int refreshes() {
        return refreshes.get();
    }

    /** Every API request from now until the next full second after {@code seconds} is answered 429. */
    public void rateLimitFor(int seconds) {
        resetEpochSecond = Instant.now().getEpochSecond() + seconds;
        limitedFor = seconds;
    }

    public long resetEpochSecond() {
        return resetEpochSecond;
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    /** Adds a post (newest first, as X lists them); media are (type, bytes, alt text) triples by key. */
    public ObjectNode post(String id, String text, String createdAt, String lang) {
        ObjectNode tweet = JSON.createObjectNode().put("id", id).put("text", text).put("created_at", createdAt)
                .put("lang", lang).put("author_id", userId);
        tweet.putArray("edit_history_tweet_ids").add(id);
        tweets.add(tweet);
        return tweet;
    }

    /** Attaches a photo ({@code type} photo) or video/animated_gif (with two mp4 variants, the better one {@code bytes}). */
    public void attach(ObjectNode tweet, String key, String type, byte[] bytes, String altText, int width, int height) {
        try {
            attach(tweet, key, type, new ByteArrayInputStream(bytes), altText, width, height);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@link #attach(ObjectNode, String, String, byte[], String, int, int)} with the file's bytes read from {@code content}. */
    public void attach(ObjectNode tweet, String key, String type, InputStream content, String altText, int width, int height)
            throws IOException {
        tweet.withObject("/attachments").withArray("media_keys").add(key);
        ObjectNode m = JSON.createObjectNode().put("media_key", key).put("type", type).put("width", width).put("height", height);
        if (altText != null) {
            m.put("alt_text", altText);
        }
        if (type.equals("photo")) {
            m.put("url", file(key + ".jpg", content));
        } else {
            ArrayNode variants = m.putArray("variants");
            variants.addObject().put("bit_rate", 256000).put("content_type", "video/mp4")
                    .put("url", file(key + "-low.mp4", new ByteArrayInputStream(new byte[]{9, 9})));
            variants.addObject().put("bit_rate", 2176000).put("content_type", "video/mp4").put("url", file(key + "-high.mp4", content));
            variants.addObject().put("content_type", "application/x-mpegURL")
                    .put("url", file(key + ".m3u8", new ByteArrayInputStream("#EXTM3U".getBytes())));
        }
        media.add(m);
    }

    private String file(String name, InputStream content) throws IOException {
        files.put(name, storage.store(name, content));
        return root() + "/media/" + name;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            Map<String, String> query = new LinkedHashMap<>();
            FormEncoding.decode(exchange.getRequestURI().getRawQuery()).forEach(e -> query.put(e.getKey(), e.getValue()));
            if (path.startsWith("/media/")) {
                FileStore.Stored file = files.get(path.substring(7));
                if (file == null) {
                    send(exchange, 404, "text/plain", "Not Found".getBytes());
                } else {
                    exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
                    exchange.sendResponseHeaders(200, file.size());
                    try (InputStream in = file.open()) {
                        in.transferTo(exchange.getResponseBody());
                    }
                }
                return;
            }
            if (path.equals("/2/oauth2/token") && exchange.getRequestMethod().equals("POST")) {
                token(exchange);
                return;
            }
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            seen.add(new Seen(path, Map.copyOf(query), authorization, System.nanoTime()));
            if (authorization == null || !authorization.startsWith("Bearer ") || !accessTokens.contains(authorization.substring(7))) {
                send(exchange, 401, "application/problem+json", ("{\"title\":\"Unauthorized\",\"type\":\"about:blank\","
                        + "\"status\":401,\"detail\":\"Unauthorized\"}").getBytes());
                return;
            }
            long now = Instant.now().getEpochSecond();
            boolean limited = limitedFor > 0 && now < resetEpochSecond;
            exchange.getResponseHeaders().set("x-rate-limit-limit", "900");
            exchange.getResponseHeaders().set("x-rate-limit-remaining", limited ? "0" : "899");
            exchange.getResponseHeaders().set("x-rate-limit-reset", String.valueOf(limited ? resetEpochSecond : now + 900));
            if (limited) {
                send(exchange, 429, "application/json", "{\"errors\":[{\"code\":88,\"message\":\"Rate limit exceeded\"}]}".getBytes());
                return;
            }
            if (path.equals("/2/users/me")) {
                ObjectNode body = JSON.createObjectNode();
                body.putObject("data").put("id", userId).put("name", "Ann Example").put("username", username);
                send(exchange, 200, "application/json", JSON.writeValueAsBytes(body));
            } else if (path.equals("/2/users/" + userId + "/tweets")) {
                send(exchange, 200, "application/json", JSON.writeValueAsBytes(page(query)));
            } else {
                send(exchange, 404, "application/problem+json", "{\"title\":\"Not Found Error\",\"status\":404}".getBytes());
            }
        }
    }

    private ObjectNode page(Map<String, String> query) {
        int max = Integer.parseInt(query.getOrDefault("max_results", "10"));
        if (max < 5 || max > 100) {
            throw new IllegalArgumentException("max_results must be 5 to 100");
        }
        int from = query.containsKey("pagination_token")
                ? Integer.parseInt(new String(Base64.getUrlDecoder().decode(query.get("pagination_token")), StandardCharsets.US_ASCII)) : 0;
        int to = Math.min(tweets.size(), from + max);
        ObjectNode body = JSON.createObjectNode();
        ArrayNode data = body.putArray("data");
        ArrayNode included = JSON.createArrayNode();
        for (ObjectNode tweet : tweets.subList(from, to)) {
            data.add(tweet);
            for (var key : tweet.path("attachments").path("media_keys")) {
                media.stream().filter(m -> m.path("media_key").asText().equals(key.asText())).forEach(included::add);
            }
        }
        if (!included.isEmpty()) {
            body.putObject("includes").set("media", included);
        }
        ObjectNode meta = body.putObject("meta").put("result_count", to - from);
        if (to < tweets.size()) {
            meta.put("next_token", Base64.getUrlEncoder().withoutPadding().encodeToString(String.valueOf(to).getBytes(StandardCharsets.US_ASCII)));
        }
        return body;
    }

    private void token(HttpExchange exchange) throws IOException {
        String expected = "Basic " + Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
        Map<String, String> form = new LinkedHashMap<>();
        FormEncoding.decode(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)).forEach(e -> form.put(e.getKey(), e.getValue()));
        if (!expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            send(exchange, 401, "application/json", "{\"error\":\"unauthorized_client\",\"error_description\":\"Missing valid authorization header\"}".getBytes());
        } else if (!"refresh_token".equals(form.get("grant_type")) || !refreshTokens.remove(form.getOrDefault("refresh_token", ""))) {
            send(exchange, 400, "application/json", "{\"error\":\"invalid_request\",\"error_description\":\"Value passed for the token was invalid.\"}".getBytes());
        } else {
            refreshes.incrementAndGet();
            Map.Entry<String, String> fresh = issueTokens();
            send(exchange, 200, "application/json", JSON.writeValueAsBytes(JSON.createObjectNode().put("token_type", "bearer")
                    .put("expires_in", 7200).put("access_token", fresh.getKey()).put("scope", "tweet.read users.read offline.access")
                    .put("refresh_token", fresh.getValue())));
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    @Override
    public void close() {
        server.stop(0);
        storage.close();
    }
}
