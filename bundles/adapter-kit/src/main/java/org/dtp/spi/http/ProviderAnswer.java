package org.dtp.spi.http;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.Objects;
import java.util.Optional;

/**
 * One answer of a provider as {@link ProviderHttp} received it, for an {@link AnswerPolicy} to read: the request
 * (method, address without its query), the status, the headers and, for an error answer, the body's first
 * 16 KiB as UTF-8 (a success's body is left to the caller: empty here).
 */
public final class ProviderAnswer {
    private final String method;
    private final URI uri;
    private final int status;
    private final HttpHeaders headers;
    private final String body;

    public ProviderAnswer(String method, URI uri, int status, HttpHeaders headers, String body) {
        this.method = Objects.requireNonNull(method, "method");
        this.uri = Objects.requireNonNull(uri, "uri");
        this.status = status;
        this.headers = Objects.requireNonNull(headers, "headers");
        this.body = body == null ? "" : body;
    }

    public String method() {
        return method;
    }

    /** The address asked; {@link ProviderHttp#redact} it before it goes into a message. */
    public URI uri() {
        return uri;
    }

    public int status() {
        return status;
    }

    public boolean succeeded() {
        return status >= 200 && status < 300;
    }

    public HttpHeaders headers() {
        return headers;
    }

    /** The first value of header {@code name}, if the answer has it. */
    public Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    /** The start of an error answer's body (bounded); empty for a success. */
    public String body() {
        return body;
    }

    /** For messages: method, address without query, status; never the body. */
    @Override
    public String toString() {
        return method + " " + ProviderHttp.redact(uri) + " -> " + status;
    }
}
