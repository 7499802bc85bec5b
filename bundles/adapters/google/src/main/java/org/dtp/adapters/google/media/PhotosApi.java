package org.dtp.adapters.google.media;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleHttp;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.InputStream;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The calls of the Photos Library API v1 the adapter makes (https://developers.google.com/photos/library/reference/rest),
 * as one user. Answers stay JSON: the exporter and importer read the fields they need.
 */
final class PhotosApi {
    /** An upload token is a few hundred characters; a longer answer is not one. */
    private static final int MAX_UPLOAD_TOKEN_CHARS = 8 * 1024;

    private final GoogleHttp http;
    private final String base;

    PhotosApi(GoogleHttp http, URI baseUrl) {
        this.http = http;
        this.base = baseUrl.toString();
    }

    /** albums.list; {@code appCreatedOnly} sets excludeNonAppCreatedData. */
    ApiPage albums(String pageToken, int pageSize, boolean appCreatedOnly) throws AdapterException {
        StringBuilder uri = new StringBuilder(base).append("/v1/albums?pageSize=").append(pageSize);
        if (appCreatedOnly) {
            uri.append("&excludeNonAppCreatedData=true");
        }
        uri.append(ApiPage.tokenQuery(pageToken));
        return ApiPage.of(http.get(URI.create(uri.toString()), OnNotFound.FAIL), "albums");
    }

    /** mediaItems.search in one album, in the album's order. */
    ApiPage albumItems(String albumId, String pageToken, int pageSize) throws AdapterException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("albumId", albumId);
        body.put("pageSize", pageSize);
        if (pageToken != null) {
            body.put("pageToken", pageToken);
        }
        return ApiPage.of(http.send("POST", URI.create(base + "/v1/mediaItems:search"), body, OnNotFound.FAIL), "mediaItems");
    }

    /** mediaItems.list: every item of the library, newest first. */
    ApiPage libraryItems(String pageToken, int pageSize) throws AdapterException {
        StringBuilder uri = new StringBuilder(base).append("/v1/mediaItems?pageSize=").append(pageSize);
        uri.append(ApiPage.tokenQuery(pageToken));
        return ApiPage.of(http.get(URI.create(uri.toString()), OnNotFound.FAIL), "mediaItems");
    }

    /** mediaItems.get: the item with a fresh baseUrl (a baseUrl is good for 60 minutes only). */
    JsonNode mediaItem(String id) throws AdapterException {
        return http.get(URI.create(base + "/v1/mediaItems/" + FormEncoding.percentEncode(id)), OnNotFound.REJECT_ITEM);
    }

    InputStream download(URI mediaUrl) throws AdapterException {
        return http.download(mediaUrl);
    }

    /** albums.create; returns the new album. */
    JsonNode createAlbum(String title) throws AdapterException {
        return http.send("POST", URI.create(base + "/v1/albums"), Map.of("album", Map.of("title", title)), OnNotFound.FAIL);
    }

    /** albums.addEnrichment of a text enrichment first in the album: how an album gets a description. */
    void addTextEnrichment(String albumId, String text) throws AdapterException {
        http.send("POST", URI.create(base + "/v1/albums/" + FormEncoding.percentEncode(albumId) + ":addEnrichment"),
                Map.of("newEnrichmentItem", Map.of("textEnrichment", Map.of("text", text)),
                        "albumPosition", Map.of("position", "FIRST_IN_ALBUM")), OnNotFound.FAIL);
    }

    /** Uploads bytes with the raw protocol; returns the upload token. */
    String upload(InputStream bytes, long length, String contentType, String fileName) throws AdapterException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "*/*"); // the token comes as text
        headers.put("X-Goog-Upload-Protocol", "raw");
        headers.put("X-Goog-Upload-Content-Type", contentType);
        // a header carries Latin-1 only (Java's client refuses more): the name itself goes in batchCreate
        headers.put("X-Goog-Upload-File-Name", fileName == null ? "upload" : FormEncoding.percentEncode(fileName));
        String token = http.uploadForText(URI.create(base + "/v1/uploads"), headers, "application/octet-stream", bytes, length)
                .strip();
        if (token.isEmpty() || token.length() > MAX_UPLOAD_TOKEN_CHARS) {
            throw new AdapterException("Google answered an upload without an upload token");
        }
        return token;
    }

    /** mediaItems.batchCreate of one new media item in {@code albumId}; returns its NewMediaItemResult. */
    JsonNode createMediaItem(String albumId, String uploadToken, String fileName, String description) throws AdapterException {
        Map<String, Object> simple = new LinkedHashMap<>();
        simple.put("fileName", fileName);
        simple.put("uploadToken", uploadToken);
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("description", description);
        item.put("simpleMediaItem", simple);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("albumId", albumId);
        body.put("newMediaItems", List.of(item));
        JsonNode answer = http.send("POST", URI.create(base + "/v1/mediaItems:batchCreate"), body, OnNotFound.FAIL);
        JsonNode results = answer.path("newMediaItemResults");
        if (!results.isArray() || results.size() != 1) {
            throw new AdapterException("Google answered mediaItems:batchCreate without one newMediaItemResult");
        }
        return results.get(0);
    }
}
