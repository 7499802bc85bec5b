package org.dtp.adapters.metagraph.fake;

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
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Graph API server on loopback, for the Instagram and Facebook fakes, following
 * https://developers.facebook.com/docs/graph-api/ : versioned paths ({@code /v21.0/...}), {@code Authorization: Bearer}
 * (https://developers.facebook.com/docs/graph-api/overview#access-tokens), cursor paging
 * ({@code paging.cursors.before/after}, {@code paging.next} only when more follow,
 * https://developers.facebook.com/docs/graph-api/results), the error body
 * {@code {"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}} with 190 for an expired token
 * (https://developers.facebook.com/docs/graph-api/guides/error-handling, answered with 401 here), and throttling:
 * 403 with code 4 and an {@code X-App-Usage} at 100, or code 80002 with {@code X-Business-Use-Case-Usage} and
 * {@code estimated_time_to_regain_access} (https://developers.facebook.com/docs/graph-api/overview/rate-limiting).
 * Media are served on {@code /cdn/...} without authorization, as Meta's CDN serves them. {@code GET /me} gives the
 * token's user's {@code id} (https://developers.facebook.com/docs/graph-api/overview#me).
 */
public class FakeGraph implements AutoCloseable {
    public static final String VERSION = "v21.0";
    public static final ObjectMapper JSON = new ObjectMapper();

    /** One request as the fake saw it. */
    public record Seen(String method, String path, Map<String, String> query, String authorization) {
    }

    /** What a route answers: status, JSON or bytes, extra headers. */
    public record Answer(int status, String contentType, byte[] body, Map<String, String> headers) {
        public static Answer json(Object node) {
            try {
                return new Answer(200, "application/json", JSON.writeValueAsBytes(node), Map.of());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @FunctionalInterface
    public interface Route {
        Answer answer(Matcher path, Map<String, String> query, String user) throws IOException;
    }

    private final HttpServer server;
    private final Map<Pattern, Route> routes = new LinkedHashMap<>();
    private final Map<Pattern, Route> publicRoutes = new LinkedHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final Set<String> expired = ConcurrentHashMap.newKeySet();
    /** The CDN's files by name, on disk: a large video would not fit in the test's heap. */
    private final FileStore storage = new FileStore("fake-graph");
    private final Map<String, FileStore.Stored> media = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final AtomicInteger throttleNext = new AtomicInteger();
    private final AtomicInteger tokenCounter = new AtomicInteger();
    private volatile boolean throttleAsBusinessUseCase;
    private volatile long throttledAtNanos;

    public FakeGraph() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
        route("/me", (path, query, user) -> Answer.json(JSON.createObjectNode().put("id", idOf(user))));
    }

    /** The numeric id {@code GET /me} gives {@code user} (Graph ids are numbers as strings). */
    public static String idOf(String user) {
        return String.valueOf(1_000_000_000L + (user.hashCode() & 0x7fffffff));
    }

    /** {@code at} as the Graph API writes times: {@code 2017-08-31T18:10:00+0000}. */
    public static String time(Instant at) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssZ").withZone(ZoneOffset.UTC).format(at);
    }

    /** The versioned API root, e.g. {@code http://127.0.0.1:4711/v21.0}. */
    public URI apiBase() {
        return URI.create(root() + VERSION);
    }

    public String root() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** Serves {@code route} for GETs of {@code /v21.0} + {@code pathRegex}, to users with a valid token. */
    public void route(String pathRegex, Route route) {
        routes.put(Pattern.compile("/" + VERSION + pathRegex), route);
    }

    /** Serves {@code route} for GETs of {@code pathRegex} (unversioned) that carry no bearer token, e.g. token endpoints. */
    public void publicRoute(String pathRegex, Route route) {
        publicRoutes.put(Pattern.compile(pathRegex), route);
    }

    /** The user of a token the fake issued (expired or not), or null. */
    public String userOf(String token) {
        return token == null ? null : tokens.get(token);
    }

    /** A new access token of {@code user}. */
    public String issueToken(String user) {
        String token = "EAAG" + user + tokenCounter.incrementAndGet() + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(Long.toString(System.nanoTime()).getBytes(StandardCharsets.US_ASCII));
        tokens.put(token, user);
        return token;
    }

    /** From now on the fake answers 190 to {@code token}. */
    public void expire(String token) {
        expired.add(token);
    }

    /** Whether {@code token} is one the fake issued and has not expired. */
    public boolean valid(String token) {
        return tokens.containsKey(token) && !expired.contains(token);
    }

    /** Adds media bytes at a CDN address and returns it. */
    public String cdn(String name, byte[] bytes) {
        try {
            return cdn(name, new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds the bytes of {@code content} at a CDN address and returns it. */
    public String cdn(String name, InputStream content) throws IOException {
        media.put(name, storage.store(name, content));
        return root() + "cdn/" + name;
    }

    /** The next {@code count} API requests are throttled (code 4, or 80002 with the BUC header when asked). */
    public void throttleNext(int count, boolean businessUseCase) {
        throttleAsBusinessUseCase = businessUseCase;
        throttleNext.set(count);
    }

    /** When the last throttled answer went out (System.nanoTime()). */
    public long throttledAtNanos() {
        return throttledAtNanos;
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    /**
     * The page of {@code all} that {@code query} asks for ({@code limit}, {@code after}: the cursor is the index of
     * the last item given, base64), with {@code paging.next} only when more follow.
     */
    public ObjectNode page(List<ObjectNode> all, Map<String, String> query, String path, int defaultLimit) {
        int limit = Integer.parseInt(query.getOrDefault("limit", String.valueOf(defaultLimit)));
        int from = query.containsKey("after") ? Integer.parseInt(new String(Base64.getDecoder().decode(query.get("after")),
                StandardCharsets.US_ASCII)) + 1 : 0;
        int to = Math.min(all.size(), from + limit);
        ObjectNode body = JSON.createObjectNode();
        ArrayNode data = body.putArray("data");
        all.subList(from, to).forEach(data::add);
        if (to > from) {
            ObjectNode paging = body.putObject("paging");
            ObjectNode cursors = paging.putObject("cursors");
            cursors.put("before", cursor(from));
            cursors.put("after", cursor(to - 1));
            if (to < all.size()) {
                Map<String, String> next = new LinkedHashMap<>(query);
                next.put("after", cursor(to - 1));
                next.put("limit", String.valueOf(limit));
                paging.put("next", root() + VERSION + path + "?" + FormEncoding.encode(List.copyOf(next.entrySet())));
            }
        }
        return body;
    }

    private static String cursor(int index) {
        return Base64.getEncoder().encodeToString(String.valueOf(index).getBytes(StandardCharsets.US_ASCII));
    }

    public static Answer error(int status, String message, String type, int code, int subcode) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode error = body.putObject("error");
        error.put("message", message);
        error.put("type", type);
        error.put("code", code);
        if (subcode != 0) {
            error.put("error_subcode", subcode);
        }
        error.put("fbtrace_id", "AbCdEf" + code);
        try {
            return new Answer(status, "application/json", JSON.writeValueAsBytes(body), Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            URI uri = exchange.getRequestURI();
            Map<String, String> query = new LinkedHashMap<>();
            FormEncoding.decode(uri.getRawQuery()).forEach(e -> query.put(e.getKey(), e.getValue()));
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            seen.add(new Seen(exchange.getRequestMethod(), uri.getPath(), Map.copyOf(query), authorization));
            if (uri.getPath().startsWith("/cdn/")) {
                FileStore.Stored file = media.get(uri.getPath().substring("/cdn/".length()));
                if (file == null) {
                    send(exchange, new Answer(404, "text/plain", "Not Found".getBytes(StandardCharsets.US_ASCII), Map.of()));
                    return;
                }
                exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
                exchange.sendResponseHeaders(200, file.size());
                try (InputStream in = file.open()) {
                    in.transferTo(exchange.getResponseBody());
                }
                return;
            }
            send(exchange, answer(exchange, uri.getPath(), query, authorization));
        }
    }

    private Answer answer(HttpExchange exchange, String path, Map<String, String> query, String authorization) throws IOException {
        for (Map.Entry<Pattern, Route> route : publicRoutes.entrySet()) {
            Matcher m = route.getKey().matcher(path);
            if (m.matches() && exchange.getRequestMethod().equals("GET")) {
                return route.getValue().answer(m, query, null);
            }
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            return error(400, "Unsupported post request.", "GraphMethodException", 100, 33);
        }
        String token = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7)
                : query.get("access_token");
        if (token == null || !tokens.containsKey(token)) {
            return withHeader(error(400, "Invalid OAuth access token - Cannot parse access token", "OAuthException", 190, 0),
                    "WWW-Authenticate", "OAuth \"Facebook Platform\" \"invalid_token\" \"Invalid OAuth access token\"");
        }
        if (expired.contains(token)) {
            return withHeader(error(401, "Error validating access token: Session has expired.", "OAuthException", 190, 463),
                    "WWW-Authenticate", "OAuth \"Facebook Platform\" \"invalid_token\" \"Session has expired\"");
        }
        if (throttleNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throttledAtNanos = System.nanoTime();
            if (throttleAsBusinessUseCase) {
                return withHeader(error(403, "(#80002) There have been too many calls to this Instagram account.",
                        "OAuthException", 80002, 0), "X-Business-Use-Case-Usage",
                        "{\"17841400000\":[{\"type\":\"instagram\",\"call_count\":100,\"total_cputime\":20,\"total_time\":30,"
                                + "\"estimated_time_to_regain_access\":1}]}");
            }
            return withHeader(error(403, "(#4) Application request limit reached", "OAuthException", 4, 0),
                    "X-App-Usage", "{\"call_count\":100,\"total_time\":40,\"total_cputime\":35}");
        }
        for (Map.Entry<Pattern, Route> route : routes.entrySet()) {
            Matcher m = route.getKey().matcher(path);
            if (m.matches()) {
                Answer answer = route.getValue().answer(m, query, tokens.get(token));
                return withHeader(answer, "X-App-Usage", "{\"call_count\":3,\"total_time\":1,\"total_cputime\":1}");
            }
        }
        return error(400, "Unknown path components: " + path, "OAuthException", 2500, 0);
    }

    private static Answer withHeader(Answer answer, String name, String value) {
        Map<String, String> headers = new LinkedHashMap<>(answer.headers());
        headers.put(name, value);
        return new Answer(answer.status(), answer.contentType(), answer.body(), headers);
    }

    private static void send(HttpExchange exchange, Answer answer) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", answer.contentType());
        answer.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
        exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
        exchange.getResponseBody().write(answer.body());
    }

    @Override
    public void close() {
        server.stop(0);
        storage.close();
    }
}
