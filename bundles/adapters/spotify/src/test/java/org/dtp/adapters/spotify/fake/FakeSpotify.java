package org.dtp.adapters.spotify.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake of the Spotify Web API and of the Spotify Accounts token endpoint for tests, on 127.0.0.1 on an ephemeral
 * port until {@link #close()}. It follows Spotify's public documentation:
 * <ul>
 * <li>paths of the Web API as of February 2026 (https://developer.spotify.com/documentation/web-api/tutorials/february-2026-migration-guide):
 *     {@code GET /v1/me} (https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile),
 *     {@code GET /v1/me/playlists} (…/reference/get-a-list-of-current-users-playlists), {@code GET /v1/playlists/{id}}
 *     with {@code fields} (…/reference/get-playlist; only top-level fields here), {@code POST /v1/me/playlists}
 *     (…/reference/create-playlist), {@code GET /v1/playlists/{id}/items} (…/reference/get-playlists-tracks) whose
 *     entries carry {@code added_at}, {@code added_by}, {@code is_local} and the track or episode as {@code item},
 *     {@code POST /v1/playlists/{id}/items} with {@code uris} (at most 100) and {@code position}, answering 201 and a
 *     {@code snapshot_id} (…/reference/add-tracks-to-playlist), {@code GET /v1/search?type=track} with the field
 *     filters {@code isrc:}, {@code track:} and {@code artist:} (…/reference/search), {@code limit} at most 10;</li>
 * <li>paging objects {@code href, items, limit, next, offset, previous, total}, limit 1 to 50
 *     (https://developer.spotify.com/documentation/web-api/concepts/api-calls);</li>
 * <li>errors as {@code {"error":{"status":..,"message":..}}}, 401 for a missing, unknown or expired token ("The access
 *     token expired"), 403 for a write to another user's playlist or without the scope it needs, 404 for an unknown
 *     playlist, 429 with {@code Retry-After} in seconds (https://developer.spotify.com/documentation/web-api/concepts/rate-limits);</li>
 * <li>the token endpoint {@code POST /api/token} with {@code grant_type=refresh_token}, the client authenticated with
 *     HTTP Basic, answering {@code access_token, token_type, scope, expires_in} and sometimes a new
 *     {@code refresh_token} (https://developer.spotify.com/documentation/web-api/tutorials/refreshing-tokens); errors
 *     as RFC 6749 §5.2 ({@code invalid_grant}, {@code invalid_client}).</li>
 * </ul>
 * Assumptions where the documents are silent: search matches {@code track:} and {@code artist:} phrases as
 * case-insensitive substrings of the name and of any artist; a playlist entry's track object is the full track object.
 * Thread-safe.
 */
public final class FakeSpotify implements AutoCloseable {
    public static final String CLIENT_ID = "fake-client-id";
    public static final String CLIENT_SECRET = "fake-client-secret";
    /** What dtp asks for to import: write, and read to find its own private playlists again. */
    public static final Set<String> IMPORT_SCOPES = Set.of("playlist-modify-private", "playlist-modify-public",
            "playlist-read-private");
    public static final Set<String> ALL_SCOPES = Set.of("playlist-read-private", "playlist-read-collaborative",
            "playlist-modify-private", "playlist-modify-public");
    private static final int MAX_SEARCH_LIMIT = 10;
    private static final int MAX_PAGE_LIMIT = 50;
    private static final int MAX_URIS = 100;
    private static final Pattern PLAYLIST_ITEMS = Pattern.compile("/v1/playlists/([A-Za-z0-9]+)/items");
    private static final Pattern PLAYLIST = Pattern.compile("/v1/playlists/([A-Za-z0-9]+)");
    private static final Pattern FILTER = Pattern.compile("(isrc|track|artist):(\"([^\"]*)\"|(\\S+))");

    /** A recording in the catalogue. */
    public record Track(String id, String name, List<String> artists, String album, long durationMs, String isrc) {
        public String uri() {
            return "spotify:track:" + id;
        }
    }

    /** A podcast episode. */
    public record Episode(String id, String name, String show, long durationMs) {
    }

    /** A user's local file in a playlist (no id, {@code spotify:local:} URI). */
    public record LocalFile(String name, String artist, String album, long durationMs) {
    }

    /** What a playlist entry holds: a catalogue {@link Track}, an {@link Episode}, a {@link LocalFile}, or null (gone). */
    public record Entry(Object item, String addedBy, Instant addedAt) {
    }

    /** A playlist as stored. */
    public static final class StoredPlaylist {
        public final String id;
        public final String owner;
        public volatile String name;
        public volatile String description;
        public volatile boolean publiclyVisible;
        public final List<Entry> entries = new ArrayList<>();
        volatile int snapshot;

        StoredPlaylist(String id, String owner, String name, String description, boolean publiclyVisible) {
            this.id = id;
            this.owner = owner;
            this.name = name;
            this.description = description;
            this.publiclyVisible = publiclyVisible;
        }

        /** The URIs of the entries, in order (null for an entry that is gone). */
        public synchronized List<String> uris() {
            List<String> uris = new ArrayList<>();
            for (Entry e : entries) {
                uris.add(e.item() instanceof Track t ? t.uri() : e.item() instanceof Episode ep ? "spotify:episode:" + ep.id()
                        : e.item() instanceof LocalFile ? "spotify:local" : null);
            }
            return uris;
        }
    }

    private record Token(String user, Set<String> scopes, boolean expired) {
    }

    private record Failure(int status, String retryAfter) {
    }

    private final ObjectMapper json = new ObjectMapper();
    private final HttpServer server;
    private final Map<String, Track> catalogue = new ConcurrentHashMap<>();
    private final Map<String, String> users = new ConcurrentHashMap<>();
    private final Map<String, Token> accessTokens = new ConcurrentHashMap<>();
    private final Map<String, String> refreshTokens = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> refreshScopes = new ConcurrentHashMap<>();
    private final Map<String, StoredPlaylist> playlists = new LinkedHashMap<>();
    private final Deque<Failure> failures = new ArrayDeque<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicInteger refreshes = new AtomicInteger();
    private final AtomicInteger searches = new AtomicInteger();
    private final AtomicInteger adds = new AtomicInteger();
    private volatile boolean rotateRefreshTokens = true;

    public FakeSpotify() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public URI tokenEndpoint() {
        return baseUri().resolve("/api/token");
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ---- test set-up and inspection ----

    /** Adds a recording to the catalogue; returns it. */
    public Track addTrack(String name, List<String> artists, String album, long durationMs, String isrc) {
        Track track = new Track(newId(), name, List.copyOf(artists), album, durationMs, isrc);
        catalogue.put(track.id(), track);
        return track;
    }

    /** A user and an access token with {@code scopes}; returns the access token. The refresh token is {@link #refreshTokenOf}. */
    public String addUser(String userId, Set<String> scopes) {
        users.put(userId, userId.substring(0, 1).toUpperCase(Locale.ROOT) + userId.substring(1));
        String access = "at-" + UUID.randomUUID();
        accessTokens.put(access, new Token(userId, Set.copyOf(scopes), false));
        String refresh = "rt-" + UUID.randomUUID();
        refreshTokens.put(refresh, userId);
        refreshScopes.put(refresh, Set.copyOf(scopes));
        refreshOf.put(access, refresh);
        return access;
    }

    private final Map<String, String> refreshOf = new ConcurrentHashMap<>();

    public String refreshTokenOf(String accessToken) {
        return refreshOf.get(accessToken);
    }

    /** Every access token issued so far expires now (Spotify's last one hour). */
    public void expireAccessTokens() {
        accessTokens.replaceAll((token, t) -> new Token(t.user(), t.scopes(), true));
    }

    public void rotateRefreshTokens(boolean rotate) {
        rotateRefreshTokens = rotate;
    }

    /** Creates a playlist owned by {@code user} holding {@code items} (Tracks, Episodes, LocalFiles or null). */
    public synchronized StoredPlaylist addPlaylist(String user, String name, String description, boolean publiclyVisible,
                                                   List<?> items) {
        StoredPlaylist p = new StoredPlaylist(newId(), user, name, description, publiclyVisible);
        Instant added = Instant.parse("2024-05-01T10:00:00Z");
        for (Object item : items) {
            p.entries.add(new Entry(item, user, added));
            added = added.plusSeconds(60);
        }
        playlists.put(p.id, p);
        return p;
    }

    /** Adds {@code item} at the end of {@code p} as its owner would: the playlist gets a new snapshot. */
    public void append(StoredPlaylist p, Object item) {
        synchronized (p) {
            p.entries.add(new Entry(item, p.owner, Instant.now()));
            p.snapshot++;
        }
    }

    public synchronized List<StoredPlaylist> playlistsOf(String user) {
        return playlists.values().stream().filter(p -> p.owner.equals(user)).toList();
    }

    /** The next {@code count} Web API requests fail with {@code status} (and {@code Retry-After} when not null). */
    public synchronized void failNext(int count, int status, String retryAfter) {
        for (int i = 0; i < count; i++) {
            failures.add(new Failure(status, retryAfter));
        }
    }

    public int refreshes() {
        return refreshes.get();
    }

    public int searches() {
        return searches.get();
    }

    public int adds() {
        return adds.get();
    }

    // ---- HTTP ----

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            if (path.equals("/api/token")) {
                token(exchange);
                return;
            }
            Failure failure;
            synchronized (this) {
                failure = failures.poll();
            }
            if (failure != null) {
                if (failure.retryAfter() != null) {
                    exchange.getResponseHeaders().set("Retry-After", failure.retryAfter());
                }
                error(exchange, failure.status(), failure.status() == 429 ? "API rate limit exceeded" : "Service unavailable");
                return;
            }
            Token token = authorize(exchange);
            if (token == null) {
                return;
            }
            String method = exchange.getRequestMethod();
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            Matcher items = PLAYLIST_ITEMS.matcher(path);
            if (path.equals("/v1/me") && method.equals("GET")) {
                send(exchange, 200, user(token.user()));
            } else if (path.equals("/v1/me/playlists") && method.equals("GET")) {
                myPlaylists(exchange, token, query);
            } else if (path.equals("/v1/me/playlists") && method.equals("POST")) {
                createPlaylist(exchange, token);
            } else if (PLAYLIST.matcher(path).matches() && method.equals("GET")) {
                getPlaylist(exchange, path.substring("/v1/playlists/".length()), query);
            } else if (items.matches() && method.equals("GET")) {
                playlistItems(exchange, token, items.group(1), query);
            } else if (items.matches() && method.equals("POST")) {
                addItems(exchange, token, items.group(1));
            } else if (path.equals("/v1/search") && method.equals("GET")) {
                search(exchange, query);
            } else {
                error(exchange, 404, "Service not found");
            }
        } catch (RuntimeException e) {
            error(exchange, 500, "Server error");
        }
    }

    private Token authorize(HttpExchange exchange) throws IOException {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header == null || !header.startsWith("Bearer ")) {
            error(exchange, 401, "No token provided");
            return null;
        }
        Token token = accessTokens.get(header.substring("Bearer ".length()));
        if (token == null) {
            error(exchange, 401, "Invalid access token");
            return null;
        }
        if (token.expired()) {
            error(exchange, 401, "The access token expired");
            return null;
        }
        return token;
    }

    private void token(HttpExchange exchange) throws IOException {
        String expected = "Basic " + Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
        if (!"POST".equals(exchange.getRequestMethod()) || !expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            oauthError(exchange, 401, "invalid_client", "Invalid client");
            return;
        }
        Map<String, String> form = query(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        if (!"refresh_token".equals(form.get("grant_type"))) {
            oauthError(exchange, 400, "unsupported_grant_type", "grant_type must be refresh_token here");
            return;
        }
        String refresh = form.get("refresh_token");
        String user = refresh == null ? null : refreshTokens.get(refresh);
        if (user == null) {
            oauthError(exchange, 400, "invalid_grant", "Invalid refresh token");
            return;
        }
        refreshes.incrementAndGet();
        Set<String> scopes = refreshScopes.get(refresh);
        String access = "at-" + UUID.randomUUID();
        accessTokens.put(access, new Token(user, scopes, false));
        ObjectNode answer = json.createObjectNode();
        answer.put("access_token", access);
        answer.put("token_type", "Bearer");
        answer.put("scope", String.join(" ", scopes));
        answer.put("expires_in", 3600);
        if (rotateRefreshTokens) {
            String next = "rt-" + UUID.randomUUID();
            refreshTokens.remove(refresh);
            refreshTokens.put(next, user);
            refreshScopes.put(next, scopes);
            answer.put("refresh_token", next);
        }
        send(exchange, 200, answer);
    }

    private void myPlaylists(HttpExchange exchange, Token token, Map<String, String> query) throws IOException {
        if (!token.scopes().contains("playlist-read-private")) {
            error(exchange, 403, "Insufficient client scope");
            return;
        }
        int[] paging = paging(exchange, query, MAX_PAGE_LIMIT);
        if (paging == null) {
            return;
        }
        List<JsonNode> all = new ArrayList<>();
        synchronized (this) {
            for (StoredPlaylist p : playlists.values()) {
                if (p.owner.equals(token.user())) {
                    all.add(playlist(p));
                }
            }
        }
        send(exchange, 200, page("/v1/me/playlists", all, paging[0], paging[1], ""));
    }

    private void createPlaylist(HttpExchange exchange, Token token) throws IOException {
        JsonNode body = body(exchange);
        if (body == null || !body.path("name").isTextual() || body.path("name").asText().isEmpty()) {
            error(exchange, 400, "Missing required field: name");
            return;
        }
        boolean publiclyVisible = body.path("public").asBoolean(true);
        if (!token.scopes().contains(publiclyVisible ? "playlist-modify-public" : "playlist-modify-private")) {
            error(exchange, 403, "Insufficient client scope");
            return;
        }
        StoredPlaylist p;
        synchronized (this) {
            p = new StoredPlaylist(newId(), token.user(), body.path("name").asText(),
                    body.path("description").isTextual() ? body.path("description").asText() : null, publiclyVisible);
            playlists.put(p.id, p);
        }
        send(exchange, 201, playlist(p));
    }

    private void playlistItems(HttpExchange exchange, Token token, String id, Map<String, String> query) throws IOException {
        StoredPlaylist p;
        synchronized (this) {
            p = playlists.get(id);
        }
        if (p == null || (!p.publiclyVisible && !p.owner.equals(token.user()))) {
            error(exchange, 404, "Resource not found");
            return;
        }
        if (!p.publiclyVisible && !token.scopes().contains("playlist-read-private")) {
            error(exchange, 403, "Insufficient client scope");
            return;
        }
        int[] paging = paging(exchange, query, MAX_PAGE_LIMIT);
        if (paging == null) {
            return;
        }
        List<JsonNode> all = new ArrayList<>();
        synchronized (p) {
            for (Entry e : p.entries) {
                ObjectNode entry = json.createObjectNode();
                entry.put("added_at", e.addedAt().toString());
                entry.set("added_by", user(e.addedBy()));
                entry.put("is_local", e.item() instanceof LocalFile);
                entry.set("item", item(e.item()));
                all.add(entry);
            }
        }
        String extra = query.containsKey("additional_types") ? "&additional_types=" + enc(query.get("additional_types")) : "";
        send(exchange, 200, page("/v1/playlists/" + id + "/items", all, paging[0], paging[1], extra));
    }

    private void addItems(HttpExchange exchange, Token token, String id) throws IOException {
        StoredPlaylist p;
        synchronized (this) {
            p = playlists.get(id);
        }
        if (p == null) {
            error(exchange, 404, "Resource not found");
            return;
        }
        if (!p.owner.equals(token.user())) {
            error(exchange, 403, "You cannot add tracks to a playlist you don't own.");
            return;
        }
        if (!token.scopes().contains(p.publiclyVisible ? "playlist-modify-public" : "playlist-modify-private")) {
            error(exchange, 403, "Insufficient client scope");
            return;
        }
        JsonNode body = body(exchange);
        if (body == null || !body.path("uris").isArray() || body.path("uris").isEmpty()) {
            error(exchange, 400, "No uris provided");
            return;
        }
        if (body.path("uris").size() > MAX_URIS) {
            error(exchange, 400, "You can add a maximum of 100 tracks per request.");
            return;
        }
        List<Track> tracks = new ArrayList<>();
        for (JsonNode uri : body.path("uris")) {
            String text = uri.asText("");
            Track t = text.startsWith("spotify:track:") ? catalogue.get(text.substring("spotify:track:".length())) : null;
            if (t == null) {
                error(exchange, 400, "Invalid track uri: " + text);
                return;
            }
            tracks.add(t);
        }
        String snapshot;
        synchronized (p) {
            int position = body.has("position") ? body.path("position").asInt(-1) : p.entries.size();
            if (position < 0 || position > p.entries.size()) {
                error(exchange, 400, "Index out of bounds");
                return;
            }
            for (Track t : tracks) {
                p.entries.add(position++, new Entry(t, token.user(), Instant.now()));
            }
            p.snapshot++;
            snapshot = "snap-" + p.id + "-" + p.snapshot;
        }
        adds.incrementAndGet();
        ObjectNode answer = json.createObjectNode();
        answer.put("snapshot_id", snapshot);
        send(exchange, 201, answer);
    }

    private void search(HttpExchange exchange, Map<String, String> query) throws IOException {
        String q = query.get("q");
        if (q == null || q.isBlank() || !"track".equals(query.get("type"))) {
            error(exchange, 400, q == null || q.isBlank() ? "No search query" : "Missing or unsupported type");
            return;
        }
        int limit;
        try {
            limit = Integer.parseInt(query.getOrDefault("limit", "5"));
        } catch (NumberFormatException e) {
            limit = -1;
        }
        if (limit < 0 || limit > MAX_SEARCH_LIMIT) {
            error(exchange, 400, "Invalid limit");
            return;
        }
        searches.incrementAndGet();
        Map<String, String> filters = new LinkedHashMap<>();
        Matcher m = FILTER.matcher(q);
        StringBuilder rest = new StringBuilder();
        int last = 0;
        while (m.find()) {
            rest.append(q, last, m.start());
            filters.put(m.group(1), (m.group(3) != null ? m.group(3) : m.group(4)).toLowerCase(Locale.ROOT));
            last = m.end();
        }
        rest.append(q.substring(last));
        String words = rest.toString().trim().toLowerCase(Locale.ROOT);
        List<JsonNode> found = new ArrayList<>();
        catalogue.values().stream()
                .filter(t -> !filters.containsKey("isrc") || t.isrc() != null && t.isrc().equalsIgnoreCase(filters.get("isrc")))
                .filter(t -> !filters.containsKey("track") || t.name().toLowerCase(Locale.ROOT).contains(filters.get("track")))
                .filter(t -> !filters.containsKey("artist") || t.artists().stream()
                        .anyMatch(a -> a.toLowerCase(Locale.ROOT).contains(filters.get("artist"))))
                .filter(t -> words.isEmpty() || t.name().toLowerCase(Locale.ROOT).contains(words))
                .sorted((a, b) -> a.id().compareTo(b.id()))
                .forEach(t -> found.add(item(t)));
        ObjectNode answer = json.createObjectNode();
        int offset = Integer.parseInt(query.getOrDefault("offset", "0"));
        answer.set("tracks", page("/v1/search", found, offset, limit, "&q=" + enc(q) + "&type=track"));
        send(exchange, 200, answer);
    }

    /** Get Playlist: the playlist object, only its top-level fields named in {@code fields} when given. */
    private void getPlaylist(HttpExchange exchange, String id, Map<String, String> query) throws IOException {
        StoredPlaylist p;
        synchronized (this) {
            p = playlists.get(id);
        }
        if (p == null) {
            error(exchange, 404, "Resource not found");
            return;
        }
        ObjectNode node = playlist(p);
        String fields = query.get("fields");
        if (fields != null) {
            List<String> wanted = List.of(fields.split(","));
            node.retain(node.properties().stream().map(Map.Entry::getKey).filter(wanted::contains).toList());
        }
        send(exchange, 200, node);
    }

    // ---- JSON shapes ----

    private ObjectNode user(String id) {
        ObjectNode user = json.createObjectNode();
        user.put("id", id);
        user.put("display_name", users.getOrDefault(id, id));
        user.put("type", "user");
        user.put("uri", "spotify:user:" + id);
        user.put("href", baseUri() + "/v1/users/" + id);
        return user;
    }

    private ObjectNode playlist(StoredPlaylist p) {
        ObjectNode node = json.createObjectNode();
        node.put("collaborative", false);
        node.put("description", p.description);
        node.put("href", baseUri() + "/v1/playlists/" + p.id);
        node.put("id", p.id);
        node.putArray("images");
        node.put("name", p.name);
        node.set("owner", user(p.owner));
        node.put("public", p.publiclyVisible);
        node.put("snapshot_id", "snap-" + p.id + "-" + p.snapshot);
        ObjectNode items = node.putObject("items");
        items.put("href", baseUri() + "/v1/playlists/" + p.id + "/items");
        synchronized (p) {
            items.put("total", p.entries.size());
        }
        node.put("type", "playlist");
        node.put("uri", "spotify:playlist:" + p.id);
        return node;
    }

    private JsonNode item(Object item) {
        if (item instanceof Track t) {
            ObjectNode node = json.createObjectNode();
            ObjectNode album = node.putObject("album");
            album.put("album_type", "album");
            album.put("id", "al" + t.id());
            album.put("name", t.album());
            album.put("uri", "spotify:album:al" + t.id());
            artists(node.putArray("artists"), t.artists(), true);
            node.put("disc_number", 1);
            node.put("duration_ms", t.durationMs());
            node.put("explicit", false);
            ObjectNode ids = node.putObject("external_ids");
            if (t.isrc() != null) {
                ids.put("isrc", t.isrc());
            }
            node.put("id", t.id());
            node.put("is_local", false);
            node.put("name", t.name());
            node.put("track_number", 1);
            node.put("type", "track");
            node.put("uri", t.uri());
            return node;
        }
        if (item instanceof Episode e) {
            ObjectNode node = json.createObjectNode();
            node.put("duration_ms", e.durationMs());
            node.put("id", e.id());
            node.put("name", e.name());
            node.putObject("show").put("name", e.show());
            node.put("type", "episode");
            node.put("uri", "spotify:episode:" + e.id());
            return node;
        }
        if (item instanceof LocalFile f) {
            ObjectNode node = json.createObjectNode();
            ObjectNode album = node.putObject("album");
            album.putNull("id");
            album.put("name", f.album());
            artists(node.putArray("artists"), List.of(f.artist()), false);
            node.put("duration_ms", f.durationMs());
            node.putObject("external_ids");
            node.putNull("id");
            node.put("is_local", true);
            node.put("name", f.name());
            node.put("type", "track");
            node.put("uri", "spotify:local:" + enc(f.artist()) + ":" + enc(f.album()) + ":" + enc(f.name()) + ":" + f.durationMs() / 1000);
            return node;
        }
        return json.nullNode();
    }

    private static void artists(ArrayNode array, List<String> names, boolean withIds) {
        for (String name : names) {
            ObjectNode artist = array.addObject();
            if (withIds) {
                artist.put("id", "ar" + Math.abs(name.hashCode()));
            } else {
                artist.putNull("id");
            }
            artist.put("name", name);
            artist.put("type", "artist");
        }
    }

    private ObjectNode page(String path, List<JsonNode> all, int offset, int limit, String extraQuery) {
        ObjectNode page = json.createObjectNode();
        String base = baseUri() + path + "?";
        page.put("href", base + "offset=" + offset + "&limit=" + limit + extraQuery);
        ArrayNode items = page.putArray("items");
        for (int i = offset; i < Math.min(all.size(), offset + limit); i++) {
            items.add(all.get(i));
        }
        page.put("limit", limit);
        if (offset + limit < all.size()) {
            page.put("next", base + "offset=" + (offset + limit) + "&limit=" + limit + extraQuery);
        } else {
            page.putNull("next");
        }
        page.put("offset", offset);
        if (offset > 0) {
            page.put("previous", base + "offset=" + Math.max(0, offset - limit) + "&limit=" + limit + extraQuery);
        } else {
            page.putNull("previous");
        }
        page.put("total", all.size());
        return page;
    }

    // ---- plumbing ----

    private int[] paging(HttpExchange exchange, Map<String, String> query, int maxLimit) throws IOException {
        try {
            int limit = Integer.parseInt(query.getOrDefault("limit", "20"));
            int offset = Integer.parseInt(query.getOrDefault("offset", "0"));
            if (limit < 1 || limit > maxLimit || offset < 0) {
                throw new NumberFormatException();
            }
            return new int[]{offset, limit};
        } catch (NumberFormatException e) {
            error(exchange, 400, "Invalid limit or offset");
            return null;
        }
    }

    private JsonNode body(HttpExchange exchange) throws IOException {
        try {
            return json.readTree(exchange.getRequestBody());
        } catch (IOException e) {
            return null;
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String part : raw.split("&")) {
            int eq = part.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? part : part.substring(0, eq), StandardCharsets.UTF_8);
            out.put(name, eq < 0 ? "" : URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A fresh base-62 id of 22 characters, like Spotify's. */
    private String newId() {
        String digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        StringBuilder id = new StringBuilder();
        for (long n = ids.incrementAndGet(); n > 0; n /= 62) {
            id.insert(0, digits.charAt((int) (n % 62)));
        }
        while (id.length() < 22) {
            id.insert(0, '0');
        }
        return id.toString();
    }

    private void error(HttpExchange exchange, int status, String message) throws IOException {
        ObjectNode body = json.createObjectNode();
        ObjectNode error = body.putObject("error");
        error.put("status", status);
        error.put("message", message);
        send(exchange, status, body);
    }

    private void oauthError(HttpExchange exchange, int status, String code, String description) throws IOException {
        ObjectNode body = json.createObjectNode();
        body.put("error", code);
        body.put("error_description", description);
        send(exchange, status, body);
    }

    private void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = json.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
