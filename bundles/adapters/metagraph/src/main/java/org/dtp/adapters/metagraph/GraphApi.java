package org.dtp.adapters.metagraph;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

/**
 * The Graph API as one user (https://developers.facebook.com/docs/graph-api/): GETs of nodes and edges with
 * {@code fields}, cursor paging, and Graph errors mapped to the SPI's exceptions by their code ({@link GraphErrors}):
 * <ul>
 * <li>190 (and 102): the token expired or was revoked. A 401 has already been handed to the signer by
 *     {@code ProviderHttp} (which refreshes where it can and sends again); what is left is an
 *     {@link AuthorizationRefusedException}: the user signs in again;</li>
 * <li>4, 17, 32, 613, 80001-80014: throttled. Every request of the connection waits (the shared
 *     {@link org.dtp.spi.http.RateLimiter}) for the {@code estimated_time_to_regain_access} of
 *     {@code X-Business-Use-Case-Usage}, else for the connection's throttle wait, and the failure is a
 *     {@link TransientAdapterException} with that wait as its retry-after;</li>
 * <li>1, 2 or {@code is_transient}: {@link TransientAdapterException};</li>
 * <li>10, 200-299: a permission missing: {@link AuthorizationRefusedException};</li>
 * <li>anything else: what {@code ProviderHttp} made of the status.</li>
 * </ul>
 */
public final class GraphApi {
    private final GraphConnection connection;
    private final ProviderHttp signed;
    private final ProviderHttp unsigned;

    GraphApi(GraphConnection connection, ProviderHttp signed, ProviderHttp unsigned) {
        this.connection = connection;
        this.signed = signed;
        this.unsigned = unsigned;
    }

    /** GETs {@code path} (e.g. {@code /me/media}, {@code /1789/photos}) of the API root with {@code query}. */
    public JsonNode get(String path, Map<String, String> query) throws AdapterException {
        return signed.getJson(uri(path, query), OnNotFound.FAIL);
    }

    /**
     * The id of the token's user ({@code GET /me?fields=id}): stable and not secret (Facebook's is app-scoped, the same
     * for every token this app gets for the user).
     */
    public String userId() throws AdapterException {
        String id = get("/me", Map.of("fields", "id")).path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException(signed.provider() + " answered GET /me without the user's id");
        }
        return id;
    }

    /** One page of the edge at {@code path}: the first with {@code after} null, else the page after that cursor. */
    public GraphPage page(String path, Map<String, String> query, String after) throws AdapterException {
        Map<String, String> q = new LinkedHashMap<>(query);
        if (after != null) {
            q.put("after", after);
        }
        JsonNode body = get(path, q);
        JsonNode data = body.path("data");
        if (!data.isArray()) {
            throw new AdapterException(signed.provider() + " answered GET " + path + " without a data array");
        }
        List<JsonNode> items = new ArrayList<>();
        data.forEach(items::add);
        JsonNode paging = body.path("paging");
        String next = paging.path("cursors").path("after").asText(null);
        boolean more = paging.path("next").isTextual() && next != null && !next.isEmpty();
        return new GraphPage(items, more ? next : null);
    }

    /**
     * Streams media bytes from a CDN address the API gave (never signed: the token stays with the API host). An
     * address on another host is refused; a 404 or 403 of the CDN (an expired signed URL) rejects the item.
     */
    public InputStream download(URI uri) throws AdapterException {
        if (!connection.mediaAllowed(uri)) {
            throw new ItemRejectedException("refusing to fetch media from " + ProviderHttp.redact(uri)
                    + ": not one of the adapter's media hosts");
        }
        try {
            return unsigned.download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
        } catch (AuthorizationRefusedException e) {
            throw new ItemRejectedException("the media address " + ProviderHttp.redact(uri) + " was refused ("
                    + e.status() + "); it may have expired");
        }
    }

    URI uri(String path, Map<String, String> query) {
        if (!path.startsWith("/") || path.contains("?") || path.contains("#") || path.contains("..")) {
            throw new IllegalArgumentException("not a Graph path: " + path);
        }
        List<Entry<String, String>> pairs = new ArrayList<>(query.entrySet());
        return URI.create(connection.apiBase() + path + (pairs.isEmpty() ? "" : "?" + FormEncoding.encode(pairs)));
    }
}
