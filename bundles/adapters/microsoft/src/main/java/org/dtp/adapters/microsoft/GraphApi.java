package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.ProviderRejectedException;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.http.RetryAfter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Microsoft Graph v1.0 as one user: the calls the adapter makes, over {@link ProviderHttp} (JSON, bearer token,
 * 401 refresh, 429/503 with Retry-After as transient failures and a slower rate limiter).
 */
public final class GraphApi {
    /** Graph item ids are opaque, but made of these (OneDrive personal uses "!", business base32-like text). */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9!._=-]{1,200}");

    /** One page of a collection and its {@code @odata.nextLink} (null on the last page). */
    public record Page(List<JsonNode> values, String nextLink) {
    }

    /**
     * One page of a delta round (https://learn.microsoft.com/en-us/graph/delta-query-overview): its values without
     * the removals ({@code @removed}: nothing is deleted at a destination), and the {@code @odata.nextLink} of the next
     * page or, on the round's last page, the {@code @odata.deltaLink} that starts the next round (one of them null).
     */
    public record DeltaPage(List<JsonNode> values, String nextLink, String deltaLink) {
    }

    private final ProviderHttp graph;
    private final ProviderHttp unsigned;
    private final HttpClient uploads;
    private final MicrosoftSettings settings;

    GraphApi(ProviderHttp graph, ProviderHttp unsigned, HttpClient uploads, MicrosoftSettings settings) {
        this.graph = graph;
        this.unsigned = unsigned;
        this.uploads = uploads;
        this.settings = settings;
    }

    /** {@code path} (starting with "/") under the Graph base URL, with {@code query} (may be null). */
    URI uri(String path, String query) {
        return URI.create(settings.graphBaseUrl() + path + (query == null ? "" : "?" + query));
    }

    /** The first page of collection {@code first} (a path, maybe with a query) with $top, or the page {@code nextLink} names. */
    public Page page(String first, String nextLink) throws AdapterException {
        return page(first, nextLink, Map.of());
    }

    /** As {@link #page(String, String)}, with request headers (Prefer: outlook.timezone, say). */
    public Page page(String first, String nextLink, Map<String, String> headers) throws AdapterException {
        URI uri = nextLink == null ? URI.create(settings.graphBaseUrl() + first + (first.contains("?") ? "&" : "?")
                + "$top=" + settings.pageSize()) : nextLinkUri(nextLink);
        JsonNode body = graph.getJson(uri, headers, OnNotFound.FAIL);
        List<JsonNode> values = new ArrayList<>();
        body.path("value").forEach(values::add);
        JsonNode next = body.path("@odata.nextLink");
        return new Page(values, next.isTextual() && !next.asText().isBlank() ? next.asText() : null);
    }

    /**
     * The first page of the delta round of {@code first} (a {@code …/delta} path, maybe with a query), or the page a
     * {@code @odata.nextLink} or {@code @odata.deltaLink} of an earlier page names; pages of at most the configured
     * size ({@code Prefer: odata.maxpagesize}, as delta asks instead of {@code $top}). An expired delta link answers
     * 410 Gone ({@link ProviderRejectedException} with that status).
     */
    public DeltaPage delta(String first, String link) throws AdapterException {
        URI uri = link == null ? URI.create(settings.graphBaseUrl() + first) : nextLinkUri(link);
        JsonNode body = graph.getJson(uri, Map.of("Prefer", "odata.maxpagesize=" + settings.pageSize()), OnNotFound.FAIL);
        List<JsonNode> values = new ArrayList<>();
        body.path("value").forEach(value -> {
            if (!value.has("@removed")) {
                values.add(value);
            }
        });
        return new DeltaPage(values, text(body.path("@odata.nextLink")), text(body.path("@odata.deltaLink")));
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
    }

    /** The first item of collection {@code first}, all pages read as needed, whose text {@code field} is {@code value}. */
    public Optional<JsonNode> findIn(String first, String field, String value) throws AdapterException {
        return first(first, item -> value.equals(item.path(field).asText()));
    }

    /**
     * The id of the item of collection {@code first} whose text {@code field} is {@code value} (a calendar, a folder
     * found by its name), else of the one created there with that field alone.
     */
    public String findOrCreate(String first, String field, String value) throws AdapterException {
        Optional<JsonNode> existing = findIn(first, field, value);
        return existing.isPresent() ? existing.get().path("id").asText() : post(first, Map.of(field, value)).path("id").asText();
    }

    /** The first item of collection {@code first} that {@code test} accepts; pages are read until it is found. */
    public Optional<JsonNode> first(String first, Predicate<JsonNode> test) throws AdapterException {
        String next = null;
        do {
            Page page = page(first, next);
            for (JsonNode item : page.values()) {
                if (test.test(item)) {
                    return Optional.of(item);
                }
            }
            next = page.nextLink();
        } while (next != null);
        return Optional.empty();
    }

    /** All items of collection {@code first}, every page read. */
    public List<JsonNode> all(String first, Map<String, String> headers) throws AdapterException {
        List<JsonNode> found = new ArrayList<>();
        String next = null;
        do {
            Page page = page(first, next, headers);
            found.addAll(page.values());
            next = page.nextLink();
        } while (next != null);
        return found;
    }

    /**
     * The signed-in user's id ({@code GET /me?$select=id}, https://learn.microsoft.com/en-us/graph/api/user-get): a
     * GUID that stays the user's for the account's life and holds nothing secret.
     */
    public String userId() throws AdapterException {
        String id = graph.getJson(uri("/me", "$select=id"), OnNotFound.FAIL).path("id").asText("");
        if (id.isBlank()) {
            throw new AdapterException("Microsoft Graph answered GET /me without the user's id");
        }
        return id;
    }

    public JsonNode get(String path) throws AdapterException {
        return graph.getJson(uri(path, null), OnNotFound.REJECT_ITEM);
    }

    /** The item at {@code path}, or empty when Graph answers 404. */
    public Optional<JsonNode> find(String path) throws AdapterException {
        try {
            return Optional.of(get(path));
        } catch (ProviderRejectedException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    public JsonNode post(String path, Object body) throws AdapterException {
        return graph.sendJson("POST", uri(path, null), body, OnNotFound.FAIL);
    }

    /** Deletes what is at {@code path}; what is gone already is no error. */
    public void delete(String path) throws AdapterException {
        try {
            graph.sendJson("DELETE", uri(path, null), null, OnNotFound.REJECT_ITEM);
        } catch (ProviderRejectedException e) {
            if (e.status() != 404) {
                throw e;
            }
        }
    }

    public JsonNode patch(String path, Object body) throws AdapterException {
        return graph.sendJson("PATCH", uri(path, null), body, OnNotFound.REJECT_ITEM);
    }

    /**
     * Creates a message from its MIME bytes (https://learn.microsoft.com/en-us/graph/api/user-post-messages): the
     * body is the base64 of the MIME, sent as {@code text/plain}, as the document asks.
     */
    public JsonNode postMime(String path, byte[] mime) throws AdapterException {
        byte[] base64 = Base64.getEncoder().encode(mime);
        return graph.upload(uri(path, null), Map.of(), "text/plain", new ByteArrayInputStream(base64), base64.length,
                OnNotFound.FAIL);
    }

    /** The bytes Graph serves at {@code path} (a message's {@code /$value}), streamed, signed with the user's token. */
    public InputStream download(String path) throws AdapterException {
        return graph.download(uri(path, null), Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
    }

    /**
     * The items of {@code collection} that carry the single-value extended property {@code propertyId} with
     * {@code value} ({@code $filter=singleValueExtendedProperties/Any(ep: ep/id eq '…' and ep/value eq '…')},
     * https://learn.microsoft.com/en-us/graph/api/singlevaluelegacyextendedproperty-get), all pages.
     */
    public List<JsonNode> withProperty(String collection, String propertyId, String value) throws AdapterException {
        String filter = "singleValueExtendedProperties/Any(ep: ep/id eq '" + propertyId.replace("'", "''")
                + "' and ep/value eq '" + value.replace("'", "''") + "')";
        return all(collection + "?$filter=" + FormEncoding.percentEncode(filter), Map.of());
    }

    public JsonNode put(String path, String query, Object body) throws AdapterException {
        return graph.sendJson("PUT", uri(path, query), body, OnNotFound.FAIL);
    }

    /** Downloads a pre-authenticated URL (a drive item's {@code @microsoft.graph.downloadUrl}) without the token. */
    public InputStream downloadUnsigned(URI uri) throws AdapterException {
        return unsigned.download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
    }

    /** The path segment of a drive item id, refused when it is not one. */
    public static String id(String id) throws AdapterException {
        if (id == null || !ID.matcher(id).matches()) {
            throw new AdapterException("'" + id + "' is not a Microsoft Graph item id");
        }
        return FormEncoding.percentEncode(id);
    }

    /** A name as one path segment ({@code /items/{id}:/{name}}), percent-encoded. */
    public static String segment(String name) {
        return FormEncoding.percentEncode(name);
    }

    /** Accepts a next or delta link only when it points into the same Graph (it is sent with the user's token). */
    private URI nextLinkUri(String nextLink) throws AdapterException {
        URI uri;
        try {
            uri = URI.create(nextLink);
        } catch (IllegalArgumentException e) {
            throw new AdapterException("the continuation is not a Graph @odata.nextLink");
        }
        URI base = settings.graphBaseUrl();
        if (!String.valueOf(uri.getScheme()).equalsIgnoreCase(base.getScheme())
                || !String.valueOf(uri.getHost()).equalsIgnoreCase(base.getHost()) || uri.getPort() != base.getPort()
                || uri.getRawPath() == null || !uri.getRawPath().startsWith(base.getRawPath() + "/")) {
            throw new AdapterException("refusing to follow an @odata.nextLink outside " + base + ": " + ProviderHttp.redact(uri));
        }
        return uri;
    }

    // Upload sessions (https://learn.microsoft.com/en-us/graph/api/driveitem-createuploadsession): the byte ranges
    // go to the session's pre-authenticated uploadUrl without an Authorization header, as the document asks.

    /** What a session answered to one PUT or status request. */
    public record SessionAnswer(int status, long nextExpected, JsonNode body) {
        public boolean done() {
            return status == 200 || status == 201;
        }
    }

    /** The first byte the session still expects (from {@code nextExpectedRanges}), or empty when it is gone (404). */
    public Optional<Long> sessionStatus(URI uploadUrl) throws AdapterException {
        HttpRequest request = HttpRequest.newBuilder(uploadUrl).timeout(settings.requestTimeout()).GET().build();
        SessionAnswer answer = sessionExchange(request, "GET");
        return answer.status == 404 ? Optional.empty() : Optional.of(answer.nextExpected);
    }

    /** PUTs {@code length} bytes of {@code chunk} at {@code offset} as bytes {@code start}… of {@code total}. */
    public SessionAnswer putRange(URI uploadUrl, byte[] chunk, int offset, int length, long start, long total)
            throws AdapterException, IOException {
        HttpRequest request = HttpRequest.newBuilder(uploadUrl)
                .timeout(settings.requestTimeout().plusSeconds(length / (64 * 1024)))
                .header("Content-Range", "bytes " + start + "-" + (start + length - 1) + "/" + total)
                .PUT(HttpRequest.BodyPublishers.ofByteArray(chunk, offset, length))
                .build();
        return sessionExchangeOrIo(request, "PUT");
    }

    /** Ends a session whose bytes cannot be completed (the source gave other bytes than it announced). */
    public void cancelSession(URI uploadUrl) {
        try {
            sessionExchange(HttpRequest.newBuilder(uploadUrl).timeout(settings.requestTimeout()).DELETE().build(), "DELETE");
        } catch (AdapterException e) {
            // it expires on its own; nothing was committed
        }
    }

    private SessionAnswer sessionExchange(HttpRequest request, String method) throws AdapterException {
        try {
            return sessionExchangeOrIo(request, method);
        } catch (IOException e) {
            throw new TransientAdapterException("OneDrive upload session " + method + " failed: " + e, e);
        }
    }

    /**
     * One request to an upload session; 2xx and 416 are answers, 401/403/404 "the session is gone" (404), anything
     * else a failure as ProviderHttp maps it.
     */
    private SessionAnswer sessionExchangeOrIo(HttpRequest request, String method) throws AdapterException, IOException {
        RateLimiter limiter = graph.rateLimiter();
        try {
            limiter.acquire();
            HttpResponse<byte[]> response = uploads.send(request, HttpResponse.BodyHandlers.ofByteArray());
            int status = response.statusCode();
            String text = new String(response.body(), StandardCharsets.UTF_8);
            if (status == 401 || status == 403 || status == 404) {
                // the pre-authenticated URL is no longer good (expired, cancelled): the session is gone, start anew
                return new SessionAnswer(404, -1, graph.mapper().createObjectNode());
            }
            if (status >= 200 && status < 300 || status == 416) {
                limiter.succeeded();
                JsonNode body = text.isBlank() ? graph.mapper().createObjectNode() : graph.mapper().readTree(text);
                return new SessionAnswer(status, nextExpected(body), body);
            }
            if (status == 429 || status == 503) {
                limiter.throttled(response.headers().firstValue("Retry-After")
                        .flatMap(v -> RetryAfter.parse(v, Clock.systemUTC())).orElse(null));
            }
            // The upload URL is a credential: messages name only the upload host.
            URI host = URI.create(request.uri().getScheme() + "://" + request.uri().getRawAuthority());
            if (StorageQuota.reached(text)) {
                throw new DestinationFullException("OneDrive has no room left (" + status + ", " + StorageQuota.CODE
                        + ") for " + method + " " + ProviderHttp.redact(host), null);
            }
            throw ProviderHttp.failure("OneDrive", method, host, status, response.headers(), text, OnNotFound.FAIL,
                    Clock.systemUTC());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException("interrupted during a OneDrive upload", e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new TransientAdapterException("OneDrive answered an upload request with something that is not JSON", e);
        }
    }

    /** The start of the first of {@code nextExpectedRanges} ("12345-" or "12345-67890"), or -1 when none. */
    private static long nextExpected(JsonNode body) {
        JsonNode first = body.path("nextExpectedRanges").path(0);
        if (!first.isTextual()) {
            return -1;
        }
        String range = first.asText();
        int dash = range.indexOf('-');
        try {
            return Long.parseLong(dash < 0 ? range : range.substring(0, dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A JSON object of the pairs, in order (null values left out). */
    public static Map<String, Object> object(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                map.put((String) pairs[i], pairs[i + 1]);
            }
        }
        return map;
    }
}
