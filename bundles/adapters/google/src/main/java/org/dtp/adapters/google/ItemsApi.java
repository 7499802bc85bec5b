package org.dtp.adapters.google;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;

/**
 * A Google API whose lists answer with their entries under {@code items}, {@code maxResults} entries a page, paged by
 * {@code pageToken} (Calendar v3, Tasks v1): the user's client, the base address and the page size its calls share.
 */
public abstract class ItemsApi {
    protected final GoogleHttp http;
    protected final String base;
    /** Entries per page (at most what the API allows for the list). */
    private final int pageSize;

    protected ItemsApi(GoogleHttp http, URI baseUrl, int pageSize) {
        this.http = http;
        this.base = baseUrl.toString();
        this.pageSize = pageSize;
    }

    /** GET of one page of a list: {@code pathAndQuery} (ending in {@code ?} or {@code &}) after the base address. */
    protected ApiPage list(String pathAndQuery, String pageToken) throws AdapterException {
        return items(http.get(URI.create(base + pathAndQuery + "maxResults=" + pageSize + ApiPage.tokenQuery(pageToken)),
                OnNotFound.FAIL));
    }

    protected static ApiPage items(JsonNode answer) throws AdapterException {
        return ApiPage.of(answer, "items");
    }
}
