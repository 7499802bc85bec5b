package org.dtp.spi.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * What a provider answered one request: the status, the headers and the body's first {@value #MAX_BODY_BYTES} bytes
 * (empty for a success, whose body goes to the caller), with the request's method and address without its query
 * (what may be shown). {@link ProviderHttp}'s failures carry it ({@link ProviderRejectedException#answer},
 * {@link AuthorizationRefusedException#answer}) and its {@link AnswerPolicy} judges it, so that an adapter reads a
 * provider's rate-limit headers and error codes from it. Immutable. Since 2.0.
 */
public final class ProviderAnswer {
    /** The most of a body kept: enough for any error document, not a page of media. */
    public static final int MAX_BODY_BYTES = 16 * 1024;

    private final String method;
    private final String where;
    private final int status;
    private final HttpHeaders headers;
    private final byte[] body;

    /** An answer to {@code method} {@code uri} (kept without its query) whose body is {@code body}'s first bytes. */
    public ProviderAnswer(String method, URI uri, int status, HttpHeaders headers, byte[] body) {
        this.method = Objects.requireNonNull(method, "method");
        this.where = ProviderHttp.redact(uri);
        this.status = status;
        this.headers = Objects.requireNonNull(headers, "headers");
        this.body = body == null ? new byte[0]
                : java.util.Arrays.copyOf(body, Math.min(body.length, MAX_BODY_BYTES));
    }

    /** Reads at most {@value #MAX_BODY_BYTES} bytes of {@code body} and closes it; a failure to read keeps what came. */
    static ProviderAnswer read(String method, URI uri, int status, HttpHeaders headers, InputStream body) {
        byte[] bytes;
        try (InputStream in = body) {
            bytes = in.readNBytes(MAX_BODY_BYTES);
        } catch (IOException e) {
            bytes = new byte[0];
        }
        return new ProviderAnswer(method, uri, status, headers, bytes);
    }

    public String method() {
        return method;
    }

    /** The request's address without its query, fragment and user info. */
    public String where() {
        return where;
    }

    public int status() {
        return status;
    }

    public HttpHeaders headers() {
        return headers;
    }

    /** The first value of header {@code name} (case does not matter). */
    public Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    /** The body's first bytes (a copy). */
    public byte[] body() {
        return body.clone();
    }

    /** The body's first bytes as UTF-8. */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return method + " " + where + " -> " + status;
    }
}
