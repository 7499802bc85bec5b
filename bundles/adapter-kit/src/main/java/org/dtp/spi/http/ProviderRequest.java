package org.dtp.spi.http;

import org.dtp.spi.AdapterException;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One request of any method through a {@link ProviderHttp} ({@link ProviderHttp#request}), for an API that is not
 * JSON: extra headers, a body of bytes or a stream with its content type, the statuses the caller handles itself, a deadline. It is
 * sent, signed, paced, checked and judged as every request of its client; the answer is read in full, at most the
 * client's {@code maxJsonBytes}. No {@code Accept} header is sent unless one is given. Not thread-safe: build, then
 * {@link #send}. Since 2.1.
 */
public final class ProviderRequest {
    private final ProviderHttp http;
    final String method;
    final URI uri;
    final Map<String, String> headers = new LinkedHashMap<>();
    final Set<Integer> accepted = new TreeSet<>();
    byte[] body;
    InputStream stream;
    long streamLength;
    String contentType;
    OnNotFound onNotFound = OnNotFound.FAIL;
    Duration timeout;
    Instant deadline;
    boolean idempotent;

    ProviderRequest(ProviderHttp http, String method, URI uri) {
        this.http = http;
        this.method = Objects.requireNonNull(method, "method");
        this.uri = Objects.requireNonNull(uri, "uri");
    }

    /** Adds header {@code name} (e.g. {@code Depth}, {@code If-Match}); the signer's headers win over these. */
    public ProviderRequest header(String name, String value) {
        headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Sends {@code body} (sent again as it is when a redirect or a resend needs it) as {@code contentType}. */
    public ProviderRequest body(byte[] body, String contentType) {
        this.body = body.clone();
        this.stream = null;
        this.contentType = contentType;
        return this;
    }

    /**
     * Sends {@code length} bytes of {@code body} as they are read, never all in memory ({@code -1}: unknown, sent
     * chunked to its end), as {@code contentType}: once only, so neither a redirect nor a resend repeats it (a 401 that a
     * new signature may cure fails as transient, for the engine's retry to send it anew). The time allowed grows with
     * the length, as for {@link ProviderHttp#upload}. The stream is read once; the caller closes it. Since 2.2.
     */
    public ProviderRequest body(InputStream body, long length, String contentType) {
        if (length < -1) {
            throw new IllegalArgumentException("a body's length is -1 (unknown) or more, was " + length);
        }
        this.stream = Objects.requireNonNull(body, "body");
        this.streamLength = length;
        this.body = null;
        this.contentType = contentType;
        return this;
    }

    /**
     * Answers with {@code statuses} come back as a {@link ProviderResponse} for the caller to judge (e.g. 404 for
     * "not there", 412 for a failed precondition) instead of failing. A redirect status listed here comes back only
     * when it is not followed.
     */
    public ProviderRequest accept(int... statuses) {
        for (int status : statuses) {
            accepted.add(status);
        }
        return this;
    }

    /** What a 404 that is not accepted means (default {@link OnNotFound#FAIL}). */
    public ProviderRequest onNotFound(OnNotFound onNotFound) {
        this.onNotFound = Objects.requireNonNull(onNotFound, "onNotFound");
        return this;
    }

    /** Time allowed from sending to the answer's headers, in place of the client's request timeout. */
    public ProviderRequest timeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a timeout must be positive");
        }
        this.timeout = timeout;
        return this;
    }

    /**
     * When the work sending it must have its answer (null: no such time): the request gets no more than the time left
     * and fails as transient, unsent, when none is.
     */
    public ProviderRequest deadline(Instant deadline) {
        this.deadline = deadline;
        return this;
    }

    /**
     * Says the request may reach the server twice without harm (it reads, or its precondition makes a repeat fail):
     * it is sent once more at once when the server closed a pooled connection before answering (RFC 9112 §9.3.1),
     * as servers that close after each answer make happen.
     */
    public ProviderRequest idempotent() {
        this.idempotent = true;
        return this;
    }

    /** Sends the request and reads its answer. */
    public ProviderResponse send() throws AdapterException {
        return http.send(this);
    }

    /**
     * Sends the request and returns the body of its answer unread, as a stream (e.g. a GET of a large file, kept out
     * of memory): a success, or a status {@link #accept accepted}. A failure while reading is an {@link java.io.IOException}
     * of the stream; the caller closes it. Since 2.2.
     */
    public InputStream open() throws AdapterException {
        return http.open(this);
    }

    /**
     * As {@link #open()}, with the answer's status and headers (e.g. a ranged GET's {@code Content-Range} and
     * {@code ETag}); the caller closes it. Since 2.3.
     */
    public ProviderStreamResponse openResponse() throws AdapterException {
        return http.openResponse(this);
    }
}
