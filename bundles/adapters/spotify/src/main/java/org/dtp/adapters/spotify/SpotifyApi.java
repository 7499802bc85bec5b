package org.dtp.adapters.spotify;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The few Spotify Web API endpoints the adapter uses (https://developer.spotify.com/documentation/web-api/reference),
 * as one user, with the paths of the February 2026 Web API ({@code /me/playlists}, {@code /playlists/{id}/items}).
 * Pages are Spotify's paging objects ({@code items}, {@code limit}, {@code offset}, {@code next}, {@code total}); the
 * next page is asked for by its {@code offset}, read from {@code next} and never followed to another host.
 */
final class SpotifyApi {
    /** Spotify ids are base-62 (https://developer.spotify.com/documentation/web-api/concepts/spotify-uris-ids). */
    static final Pattern ID = Pattern.compile("[A-Za-z0-9]{1,64}");
    /** Spotify takes at most 100 URIs per "add items" request. */
    static final int MAX_URIS_PER_ADD = 100;

    /** One page of a paging object; {@code nextOffset} null on the last page. */
    record Page<T>(List<T> items, Integer nextOffset, int total) {
    }

    /** A playlist as listed by {@code /me/playlists}. */
    record SimplePlaylist(String id, String name, String description, boolean publiclyVisible, String ownerId,
                          String ownerName) {
    }

    /**
     * A track or episode: a track's {@code album} and {@code isrc}, an episode's {@code showName}; a local file has no
     * id and its {@code uri} is {@code spotify:local:...}.
     */
    record Playable(String type, String id, String uri, String name, List<String> artists, String album, Long durationMs,
                    String isrc, String showName) {
        boolean isEpisode() {
            return "episode".equals(type);
        }
    }

    /** One entry of a playlist: its item ({@code null} when Spotify no longer has it), whether it is a local file. */
    record Entry(Playable item, boolean local, String addedAt) {
    }

    private final ProviderHttp http;
    private final URI base;

    SpotifyApi(ProviderHttp http, URI base) {
        this.http = http;
        this.base = base;
    }

    /** The current user's id ({@code GET /v1/me}). */
    String currentUserId() throws AdapterException {
        JsonNode me = http.getJson(uri("/v1/me", Map.of()), OnNotFound.FAIL);
        String id = me.path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Spotify answered GET /v1/me without the user's id");
        }
        return id;
    }

    /** The playlists the user owns or follows ({@code GET /v1/me/playlists}). */
    Page<SimplePlaylist> currentUserPlaylists(int offset, int limit) throws AdapterException {
        JsonNode page = http.getJson(uri("/v1/me/playlists", paging(offset, limit)), OnNotFound.FAIL);
        return page(page, offset, SpotifyApi::simplePlaylist);
    }

    /**
     * The version of a playlist ({@code GET /v1/playlists/{id}?fields=snapshot_id},
     * https://developer.spotify.com/documentation/web-api/reference/get-playlist): it changes whenever the playlist
     * does; empty when Spotify gives none.
     */
    String snapshotId(String playlistId) throws AdapterException {
        return http.getJson(uri("/v1/playlists/" + checkedId(playlistId), Map.of("fields", "snapshot_id")), OnNotFound.FAIL)
                .path("snapshot_id").asText("");
    }

    /** The entries of a playlist, tracks and episodes ({@code GET /v1/playlists/{id}/items}). */
    Page<Entry> playlistItems(String playlistId, int offset, int limit) throws AdapterException {
        Map<String, String> query = paging(offset, limit);
        query.put("additional_types", "track,episode");
        JsonNode page = http.getJson(uri("/v1/playlists/" + checkedId(playlistId) + "/items", query), OnNotFound.FAIL);
        return page(page, offset, SpotifyApi::entry);
    }

    /** Tracks for a search query such as {@code isrc:USRC17607839} ({@code GET /v1/search?type=track}). */
    List<Playable> searchTracks(String query, int limit) throws AdapterException {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("q", query);
        parameters.put("type", "track");
        parameters.put("limit", Integer.toString(limit));
        JsonNode answer = http.getJson(uri("/v1/search", parameters), OnNotFound.FAIL);
        List<Playable> tracks = new ArrayList<>();
        for (JsonNode track : answer.path("tracks").path("items")) {
            if (track.isObject()) {
                tracks.add(playable(track));
            }
        }
        return tracks;
    }

    /** Creates a playlist of the current user ({@code POST /v1/me/playlists}); returns its id. */
    String createPlaylist(String name, String description, boolean publiclyVisible) throws AdapterException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("public", publiclyVisible);
        body.put("description", description);
        JsonNode created = http.sendJson("POST", uri("/v1/me/playlists", Map.of()), body, OnNotFound.FAIL);
        String id = created.path("id").asText("");
        if (!ID.matcher(id).matches()) {
            throw new AdapterException("Spotify answered the creation of a playlist without a playlist id");
        }
        return id;
    }

    /** Inserts {@code uris} at {@code position} ({@code POST /v1/playlists/{id}/items}); returns the new snapshot id. */
    String addItems(String playlistId, List<String> uris, int position) throws AdapterException {
        if (uris.isEmpty() || uris.size() > MAX_URIS_PER_ADD) {
            throw new IllegalArgumentException("1 to " + MAX_URIS_PER_ADD + " URIs per request, not " + uris.size());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("uris", uris);
        body.put("position", position);
        JsonNode answer = http.sendJson("POST", uri("/v1/playlists/" + checkedId(playlistId) + "/items", Map.of()), body,
                OnNotFound.FAIL);
        return answer.path("snapshot_id").asText("");
    }

    static String checkedId(String id) throws AdapterException {
        if (id == null || !ID.matcher(id).matches()) {
            throw new AdapterException("'" + id + "' is not a Spotify id");
        }
        return id;
    }

    private URI uri(String path, Map<String, String> query) {
        StringBuilder out = new StringBuilder(base.toString()).append(path);
        if (!query.isEmpty()) {
            out.append('?').append(FormEncoding.encode(new ArrayList<>(query.entrySet())));
        }
        return URI.create(out.toString());
    }

    private static Map<String, String> paging(int offset, int limit) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("limit", Integer.toString(limit));
        query.put("offset", Integer.toString(offset));
        return query;
    }

    private static <T> Page<T> page(JsonNode page, int offset, Function<JsonNode, T> reader) throws AdapterException {
        if (!page.path("items").isArray()) {
            throw new AdapterException("Spotify answered a page without its items");
        }
        List<T> items = new ArrayList<>();
        for (JsonNode item : page.path("items")) {
            items.add(reader.apply(item));
        }
        Integer next = null;
        JsonNode nextUrl = page.path("next");
        if (nextUrl.isTextual() && !nextUrl.asText().isBlank()) {
            next = offsetOf(nextUrl.asText());
            if (next <= offset) {
                throw new AdapterException("Spotify's next page (offset " + next + ") does not come after offset " + offset);
            }
        }
        return new Page<>(items, next, page.path("total").asInt(items.size()));
    }

    /** The {@code offset} of a {@code next} URL. */
    private static int offsetOf(String next) throws AdapterException {
        try {
            for (Map.Entry<String, String> parameter : FormEncoding.decode(URI.create(next).getRawQuery())) {
                if (parameter.getKey().equals("offset") && parameter.getValue().matches("\\d{1,9}")) {
                    return Integer.parseInt(parameter.getValue());
                }
            }
        } catch (IllegalArgumentException e) {
            // not a URI: reported below
        }
        throw new AdapterException("Spotify's next page URL has no offset: " + ProviderHttp.redact(safeUri(next)));
    }

    private static URI safeUri(String text) {
        try {
            return URI.create(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static SimplePlaylist simplePlaylist(JsonNode p) {
        JsonNode owner = p.path("owner");
        return new SimplePlaylist(p.path("id").asText(""), p.path("name").asText(""), textOrNull(p.path("description")),
                p.path("public").asBoolean(false), textOrNull(owner.path("id")), textOrNull(owner.path("display_name")));
    }

    private static Entry entry(JsonNode e) {
        // "item" since February 2026; "track" before (https://developer.spotify.com/documentation/web-api/tutorials/february-2026-migration-guide)
        JsonNode item = e.has("item") ? e.path("item") : e.path("track");
        return new Entry(item.isObject() ? playable(item) : null, e.path("is_local").asBoolean(false),
                textOrNull(e.path("added_at")));
    }

    private static Playable playable(JsonNode t) {
        List<String> artists = new ArrayList<>();
        for (JsonNode artist : t.path("artists")) {
            String name = artist.path("name").asText("");
            if (!name.isBlank()) {
                artists.add(name);
            }
        }
        JsonNode duration = t.path("duration_ms");
        String isrc = textOrNull(t.path("external_ids").path("isrc"));
        return new Playable(t.path("type").asText("track"), textOrNull(t.path("id")), textOrNull(t.path("uri")),
                t.path("name").asText(""), artists, textOrNull(t.path("album").path("name")),
                duration.canConvertToLong() && duration.asLong() >= 0 ? duration.asLong() : null,
                isrc == null ? null : isrc.trim().toUpperCase(Locale.ROOT), textOrNull(t.path("show").path("name")));
    }

    private static String textOrNull(JsonNode node) {
        return node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
    }
}
