package org.dtp.adapters.google;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.ProviderAnswer;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Google's APIs as one user: {@link ProviderHttp} signed with the user's bearer token, and unsigned for media
 * addresses. Google reports some quota errors as {@code 403} with the reason {@code rateLimitExceeded},
 * {@code userRateLimitExceeded} or {@code quotaExceeded} (https://developers.google.com/calendar/api/guides/errors):
 * {@link #judge} tells {@link ProviderHttp} those are rate limits (the rate limiter slows down, the engine
 * retries), not a refused authorization; and that the reason {@code storageQuotaExceeded} (a 403 too,
 * https://developers.google.com/drive/api/guides/limits) means the user's storage is full.
 */
public final class GoogleHttp {
    private static final Set<String> QUOTA_REASONS = Set.of("rateLimitExceeded", "userRateLimitExceeded", "quotaExceeded");
    private static final String STORAGE_FULL_REASON = "storageQuotaExceeded";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ProviderHttp api;
    private final ProviderHttp media;

    GoogleHttp(ProviderHttp api, ProviderHttp media) {
        this.api = api;
        this.media = media;
    }

    public JsonNode get(URI uri, OnNotFound onNotFound) throws AdapterException {
        return api.getJson(uri, onNotFound);
    }

    public JsonNode send(String method, URI uri, Object body, OnNotFound onNotFound) throws AdapterException {
        return api.sendJson(method, uri, body, onNotFound);
    }

    /** Downloads from a media address, unsigned: Google's media URLs need no token, and none leaves for another host. */
    public InputStream download(URI uri) throws AdapterException {
        return media.download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
    }

    /** GETs {@code uri}, signed, and returns its body as a stream (an answer too large to read whole). */
    public InputStream open(URI uri) throws AdapterException {
        return api.download(uri, Map.of("Accept", "application/json"), OnNotFound.REJECT_ITEM);
    }

    /** POSTs {@code length} bytes of {@code body} ({@code -1}: unknown) as they are read, and reads the JSON answer. */
    public JsonNode upload(URI uri, String contentType, InputStream body, long length) throws AdapterException {
        return api.upload(uri, Map.of(), contentType, body, length, OnNotFound.REJECT_ITEM);
    }

    /** POSTs {@code length} bytes of {@code body} ({@code -1}: unknown) as they are read, and returns the text answer. */
    public String uploadForText(URI uri, Map<String, String> headers, String contentType, InputStream body, long length)
            throws AdapterException {
        return api.uploadForText(uri, headers, contentType, body, length, OnNotFound.REJECT_ITEM);
    }

    /** What an error answer means: the signed API client's {@link org.dtp.spi.http.AnswerPolicy}. */
    static AnswerOutcome judge(ProviderAnswer answer) {
        if (answer.status() == 403 && hasReason(answer.bodyText(), Set.of(STORAGE_FULL_REASON))) {
            return AnswerOutcome.destinationFull(null);
        }
        return isQuotaAnswer(answer.status(), answer.bodyText()) ? AnswerOutcome.rateLimited(null) : AnswerOutcome.byStatus();
    }

    /**
     * Whether an error answer is one of Google's 403 quota answers, by its reasons or, for an answer without them, by
     * the message Google gives those reasons.
     */
    static boolean isQuotaAnswer(int status, String body) {
        if (status != 403) {
            return false;
        }
        try {
            JsonNode error = JSON.readTree(body).path("error");
            if (hasReason(error, QUOTA_REASONS)) {
                return true;
            }
            return isQuotaMessage(error.path("message").asText(""));
        } catch (IOException e) {
            return isQuotaMessage(body); // not JSON: the text is the message
        }
    }

    private static boolean hasReason(String body, Set<String> reasons) {
        try {
            return hasReason(JSON.readTree(body).path("error"), reasons);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean hasReason(JsonNode error, Set<String> reasons) {
        for (JsonNode e : error.path("errors")) {
            if (reasons.contains(e.path("reason").asText())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isQuotaMessage(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        return m.contains("rate limit exceeded") || m.contains("usage limits exceeded") || m.contains("quota exceeded");
    }
}
