package org.dtp.adapters.google;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.RequestSigner;
import org.dtp.spi.http.RetryAfter;
import org.dtp.spi.http.SignableRequest;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Google's APIs as one user: {@link ProviderHttp} signed with the user's bearer token, plus what Google does its own
 * way.
 * <ul>
 * <li>Google reports some quota errors as {@code 403} with the reason {@code rateLimitExceeded},
 *     {@code userRateLimitExceeded} or {@code quotaExceeded} (https://developers.google.com/calendar/api/guides/errors):
 *     those are transient (the rate limiter slows down, the engine retries), not a refused authorization.</li>
 * <li>The Photos upload endpoint answers with the upload token as plain text, which {@link ProviderHttp#upload}
 *     (JSON answers only) cannot read: {@link #uploadForText} sends those uploads on the same signer and rate limiter
 *     and maps failures with {@link ProviderHttp#failure}. Gmail's media uploads go the same way (their content type
 *     is a multipart one of the caller's, which {@link ProviderHttp#upload} does not take either); the caller reads
 *     their short JSON answer.</li>
 * </ul>
 */
final class GoogleHttp {
    /** An upload token is a few hundred characters; a longer answer is not one. */
    private static final int MAX_TEXT_ANSWER = 8 * 1024;
    private static final long MIN_UPLOAD_BYTES_PER_SECOND = 64L << 10;

    private final ProviderHttp api;
    private final ProviderHttp media;
    private final HttpClient uploads;
    private final RequestSigner signer;
    private final Duration requestTimeout;
    private final Clock clock = Clock.systemUTC();

    GoogleHttp(ProviderHttp api, ProviderHttp media, HttpClient uploads, RequestSigner signer, Duration requestTimeout) {
        this.api = api;
        this.media = media;
        this.uploads = uploads;
        this.signer = signer;
        this.requestTimeout = requestTimeout;
    }

    JsonNode get(URI uri, OnNotFound onNotFound) throws AdapterException {
        try {
            return api.getJson(uri, onNotFound);
        } catch (AuthorizationRefusedException e) {
            throw quotaOrRefusal(e);
        }
    }

    JsonNode send(String method, URI uri, Object body, OnNotFound onNotFound) throws AdapterException {
        try {
            return api.sendJson(method, uri, body, onNotFound);
        } catch (AuthorizationRefusedException e) {
            throw quotaOrRefusal(e);
        }
    }

    /** Downloads from a media address, unsigned: Google's media URLs need no token, and none leaves for another host. */
    InputStream download(URI uri) throws AdapterException {
        return media.download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
    }

    /** GETs {@code uri}, signed, and returns its body as a stream (an answer too large to read whole). */
    InputStream open(URI uri) throws AdapterException {
        try {
            return api.download(uri, Map.of("Accept", "application/json"), OnNotFound.REJECT_ITEM);
        } catch (AuthorizationRefusedException e) {
            throw quotaOrRefusal(e);
        }
    }

    /**
     * POSTs {@code length} bytes of {@code body} as they are read ({@code -1}: length unknown, sent chunked) with
     * {@code headers} (which may replace the default Content-Type), and returns the text answer, stripped. A 401
     * makes the signer refresh and is transient (the stream cannot be sent twice; the engine's retry opens a new one).
     */
    String uploadForText(URI uri, Map<String, String> headers, InputStream body, long length) throws AdapterException {
        SignableRequest signable = new SignableRequest("POST", uri, List.of());
        signer.sign(signable);
        BodyPublisher publisher = length == 0 ? BodyPublishers.noBody()
                : length > 0 ? BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(() -> body), length)
                : BodyPublishers.ofInputStream(() -> body);
        Duration timeout = requestTimeout.plusSeconds(Math.max(0, length) / MIN_UPLOAD_BYTES_PER_SECOND);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).POST(publisher)
                .header("User-Agent", "dtp-adapter-google")
                .header("Content-Type", "application/octet-stream");
        headers.forEach(request::setHeader);
        signable.headers().forEach(request::setHeader);
        try {
            api.rateLimiter().acquire();
            HttpResponse<InputStream> response = uploads.send(request.build(), BodyHandlers.ofInputStream());
            int status = response.statusCode();
            String text;
            try (InputStream in = response.body()) {
                text = new String(in.readNBytes(MAX_TEXT_ANSWER + 1), StandardCharsets.UTF_8);
            }
            if (status >= 200 && status < 300) {
                api.rateLimiter().succeeded();
                if (text.isBlank() || text.length() > MAX_TEXT_ANSWER) {
                    throw new AdapterException("Google answered POST " + ProviderHttp.redact(uri) + " without an answer");
                }
                return text.strip();
            }
            if (status == 401 && signer.unauthorized(signable)) {
                throw new TransientAdapterException("Google refused the access token for POST " + ProviderHttp.redact(uri)
                        + "; it is renewed for the next attempt", null);
            }
            if (status == 429) {
                api.rateLimiter().throttled(response.headers().firstValue("Retry-After")
                        .flatMap(v -> RetryAfter.parse(v, clock)).orElse(null));
            }
            AdapterException failure = ProviderHttp.failure(api.provider(), "POST", uri, status, response.headers(), text,
                    OnNotFound.REJECT_ITEM, clock);
            throw failure instanceof AuthorizationRefusedException refused ? quotaOrRefusal(refused) : failure;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException("POST " + ProviderHttp.redact(uri) + " interrupted", e);
        } catch (IOException e) {
            throw new TransientAdapterException("Google request POST " + ProviderHttp.redact(uri) + " failed: " + e, e);
        }
    }

    private AdapterException quotaOrRefusal(AuthorizationRefusedException e) {
        if (e.status() == 403 && isQuotaMessage(e.providerMessage())) {
            api.rateLimiter().throttled(null);
            return new TransientAdapterException(e.getMessage().replace("refused the authorization", "reported a quota limit"), e);
        }
        return e;
    }

    /** The messages Google gives its 403 quota reasons (rateLimitExceeded, userRateLimitExceeded, quotaExceeded). */
    static boolean isQuotaMessage(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        return m.contains("rate limit exceeded") || m.contains("usage limits exceeded") || m.contains("quota exceeded");
    }
}
