package org.dtp.adapters.smugmug;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.smugmug.SmugMugObjects.Album;
import org.dtp.adapters.smugmug.SmugMugObjects.Image;
import org.dtp.adapters.smugmug.SmugMugObjects.Page;
import org.dtp.adapters.smugmug.SmugMugObjects.User;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * SmugMug API v2 for one user: every request signed with the server's consumer key and the user's access
 * token (OAuth 1.0a), paced by the adapter's rate limiter. Endpoints, fields and headers as documented at
 * https://api.smugmug.com/api/v2/doc (user, album, folder, upload references and the paging tutorial).
 */
final class SmugMugApi {
    /** What an upload answered. */
    record Upload(Outcome outcome, String albumImageUri, String imageUri, int code, String message) {
        enum Outcome { STORED, ALBUM_FULL }
    }

    /** The uploader's failure codes the adapter reacts to (in {@code "code"} of a {@code "stat":"fail"} answer). */
    static final int CODE_SYSTEM_ERROR = 5;
    static final int CODE_INVALID_ALBUM = 9;
    /** Not documented by SmugMug; what open-source clients and our fake use for a full album. */
    static final int CODE_ALBUM_FULL = 63;

    private final ProviderHttp http;
    private final SmugMugSettings settings;

    SmugMugApi(ProviderHttp http, SmugMugSettings settings) {
        this.http = http;
        this.settings = settings;
    }

    /** {@code GET /api/v2!authuser}. */
    User authUser() throws AdapterException {
        return SmugMugObjects.user(get("/api/v2!authuser", OnNotFound.FAIL));
    }

    /** {@code GET <UserAlbums>?start=&count=}: one page of the user's albums. */
    Page<Album> albums(User user, int start, int count) throws AdapterException {
        JsonNode answer = get(user.albumsUri() + "?start=" + start + "&count=" + count, OnNotFound.FAIL);
        List<Album> albums = new ArrayList<>();
        for (JsonNode a : SmugMugObjects.list(answer, "Album", "the user's albums")) {
            albums.add(SmugMugObjects.album(a));
        }
        return new Page<>(albums, SmugMugObjects.nextStart(answer, start, albums.size()));
    }

    /** The user's albums that pass {@code filter}, walking every page. */
    List<Album> findAlbums(User user, Predicate<Album> filter) throws AdapterException {
        List<Album> found = new ArrayList<>();
        for (Integer start = 1; start != null; ) {
            Page<Album> page = albums(user, start, settings.pageSize());
            page.items().stream().filter(filter).forEach(found::add);
            start = page.nextStart();
        }
        return found;
    }

    /** {@code GET /api/v2/album/<key>}. */
    Album album(String albumKey) throws AdapterException {
        return SmugMugObjects.album(SmugMugObjects.response(get("/api/v2/album/" + albumKey, OnNotFound.FAIL), "an album").path("Album"));
    }

    /** {@code GET /api/v2/album/<key>!images?start=&count=}: one page of an album's images. */
    Page<Image> albumImages(String albumKey, int start, int count) throws AdapterException {
        JsonNode answer = get("/api/v2/album/" + albumKey + "!images?start=" + start + "&count=" + count, OnNotFound.FAIL);
        List<Image> images = new ArrayList<>();
        for (JsonNode i : SmugMugObjects.list(answer, "AlbumImage", "an album's images")) {
            images.add(SmugMugObjects.image(i, albumKey));
        }
        return new Page<>(images, SmugMugObjects.nextStart(answer, start, images.size()));
    }

    /** The first image of an album that passes {@code filter}, walking its pages. */
    Optional<Image> findImage(String albumKey, Predicate<Image> filter) throws AdapterException {
        for (Integer start = 1; start != null; ) {
            Page<Image> page = albumImages(albumKey, start, settings.pageSize());
            Optional<Image> hit = page.items().stream().filter(filter).findFirst();
            if (hit.isPresent()) {
                return hit;
            }
            start = page.nextStart();
        }
        return Optional.empty();
    }

    /** Every image of an album, page by page, to {@code each}. */
    void forEachImage(String albumKey, ImageConsumer each) throws AdapterException {
        for (Integer start = 1; start != null; ) {
            Page<Image> page = albumImages(albumKey, start, settings.pageSize());
            for (Image image : page.items()) {
                each.accept(image);
            }
            start = page.nextStart();
        }
    }

    @FunctionalInterface
    interface ImageConsumer {
        void accept(Image image) throws AdapterException;
    }

    /** {@code POST <Folder>!albums} with Name, UrlName, Privacy, Description and Keywords. */
    Album createAlbum(User user, String name, String urlName, String description, String keyword) throws AdapterException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("Name", name);
        body.put("UrlName", urlName);
        body.put("Privacy", settings.albumPrivacy());
        body.put("Description", description == null ? "" : description);
        body.put("Keywords", keyword);
        JsonNode answer = send("POST", user.folderUri() + "!albums", body, OnNotFound.FAIL);
        return SmugMugObjects.album(SmugMugObjects.response(answer, "the new album").path("Album"));
    }

    /** {@code PATCH /api/v2/album/<key>}. */
    Album patchAlbum(String albumKey, Map<String, Object> fields) throws AdapterException {
        JsonNode answer = send("PATCH", "/api/v2/album/" + albumKey, fields, OnNotFound.FAIL);
        return SmugMugObjects.album(SmugMugObjects.response(answer, "the album").path("Album"));
    }

    /** {@code PATCH <ImageUri>} with Title and Caption. */
    void patchImage(String imageUri, String title, String caption) throws AdapterException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("Title", title == null ? "" : title);
        body.put("Caption", caption == null ? "" : caption);
        send("PATCH", imageUri, body, OnNotFound.REJECT_ITEM);
    }

    /**
     * POSTs {@code length} bytes to the uploader for the album at {@code albumUri}, with the {@code X-Smug-*}
     * headers of https://api.smugmug.com/api/v2/doc/reference/upload.html. The uploader answers failures
     * inside a 200 as {@code {"stat":"fail","code":N,"message":...}}.
     */
    Upload upload(String albumUri, Map<String, String> smugHeaders, String contentType, String contentMd5,
                  InputStream body, long length) throws AdapterException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Smug-AlbumUri", albumUri);
        headers.put("X-Smug-ResponseType", "JSON");
        headers.put("X-Smug-Version", "v2");
        if (contentMd5 != null) {
            headers.put("Content-MD5", contentMd5);
        }
        headers.putAll(smugHeaders);
        JsonNode answer = authorized(() -> http.upload(settings.uploadUrl(), headers, contentType, body, length, OnNotFound.FAIL));
        if ("ok".equals(answer.path("stat").asText())) {
            String albumImageUri = answer.path("Image").path("AlbumImageUri").asText("");
            String imageUri = answer.path("Image").path("ImageUri").asText("");
            if (albumImageUri.isEmpty() || imageUri.isEmpty()) {
                throw new AdapterException("SmugMug's uploader answered ok without the image's AlbumImageUri and ImageUri");
            }
            return new Upload(Upload.Outcome.STORED, albumImageUri, imageUri, 0, "");
        }
        int code = answer.path("code").asInt(-1);
        String message = answer.path("message").asText("no message");
        String text = "SmugMug's uploader refused the file (code " + code + "): " + message;
        return switch (code) {
            case CODE_ALBUM_FULL -> new Upload(Upload.Outcome.ALBUM_FULL, null, null, code, message);
            // a system error or an album that went away (the retry looks the albums up again)
            case CODE_SYSTEM_ERROR, CODE_INVALID_ALBUM -> throw new TransientAdapterException(text, null);
            default -> throw new ItemRejectedException(text);
        };
    }

    /** Streams an original (ArchivedUri), signed like every request. */
    InputStream download(URI uri) throws AdapterException {
        return authorized(() -> http.download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM));
    }

    private JsonNode get(String pathAndQuery, OnNotFound onNotFound) throws AdapterException {
        URI uri = resolve(pathAndQuery);
        return authorized(() -> http.getJson(uri, onNotFound));
    }

    private JsonNode send(String method, String path, Object body, OnNotFound onNotFound) throws AdapterException {
        URI uri = resolve(path);
        return authorized(() -> http.sendJson(method, uri, body, onNotFound));
    }

    /** An API path ("/api/v2/...") against the configured base; absolute URIs only on the API's own host. */
    URI resolve(String pathAndQuery) throws AdapterException {
        if (pathAndQuery.startsWith("/")) {
            return URI.create(settings.apiBaseUrl() + pathAndQuery);
        }
        URI uri = URI.create(pathAndQuery);
        if (!settings.apiBaseUrl().getHost().equalsIgnoreCase(uri.getHost())) {
            throw new AdapterException("SmugMug linked to a resource off its API host: " + ProviderHttp.redact(uri));
        }
        return uri;
    }

    private interface Call<T> {
        T call() throws AdapterException;
    }

    /**
     * A 401 is final, with what to check, except {@code oauth_problem=nonce_used}: SmugMug has been seen to
     * answer it to a slow request it retried inside (our nonces are fresh per request), so the engine's retry
     * will do.
     */
    private static <T> T authorized(Call<T> call) throws AdapterException {
        try {
            return call.call();
        } catch (AuthorizationRefusedException e) {
            if (e.providerMessage().contains("nonce_used")) {
                throw new TransientAdapterException("SmugMug refused a repeated OAuth nonce: " + e.getMessage(), e);
            }
            throw new AuthorizationRefusedException("SmugMug refused the authorization (" + e.status()
                    + (e.providerMessage().isEmpty() ? "" : ": " + e.providerMessage())
                    + "): check the consumer key and secret in " + SmugMugConfig.PID
                    + " and the user's access token and secret (the user may have revoked them, or granted too little access)",
                    e.status(), e.providerMessage());
        }
    }

    /**
     * Text for an {@code X-Smug-*} header. {@code java.net.http} sends header values as US-ASCII (anything else
     * becomes "?"), and SmugMug's upload reference says nothing of encodings: so a value with non-ASCII
     * characters has those characters, and "%", percent-encoded as UTF-8 (RFC 3986), which loses nothing;
     * {@link #fromHeaderValue} reads it back. Control characters become spaces.
     */
    static String headerValue(String text) {
        String clean = text.replaceAll("\\p{Cntrl}", " ").strip();
        if (clean.chars().allMatch(c -> c < 0x80)) {
            return clean;
        }
        StringBuilder out = new StringBuilder();
        for (byte b : clean.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 0x80 || c == '%') {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            } else {
                out.append((char) c);
            }
        }
        return out.toString();
    }

    /**
     * A value {@link #headerValue} encoded, decoded again, in case SmugMug stored it as it came: only when its
     * {@code %XX} escapes decode as UTF-8 to some non-ASCII text; anything else is returned unchanged.
     */
    static String fromHeaderValue(String value) {
        if (value == null || !value.matches("(?s).*%[89A-Fa-f][0-9A-Fa-f].*")) {
            return value;
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%' && i + 2 < value.length() && Character.digit(value.charAt(i + 1), 16) >= 0
                    && Character.digit(value.charAt(i + 2), 16) >= 0) {
                bytes.write(Character.digit(value.charAt(i + 1), 16) * 16 + Character.digit(value.charAt(i + 2), 16));
                i += 2;
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                return value; // not something headerValue made
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return value;
        }
    }
}
