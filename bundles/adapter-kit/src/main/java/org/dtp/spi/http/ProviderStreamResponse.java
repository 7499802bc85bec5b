package org.dtp.spi.http;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.Optional;

/**
 * The answer to a {@link ProviderRequest} whose body is left unread ({@link ProviderRequest#openResponse()}): a success
 * or a status the request accepted, its headers, its body as a stream the caller closes (a file of any size in flat
 * memory), and the address that answered. Since 2.3.
 */
public final class ProviderStreamResponse implements Closeable {
    private final URI uri;
    private final int status;
    private final HttpHeaders headers;
    private final InputStream body;

    ProviderStreamResponse(URI uri, int status, HttpHeaders headers, InputStream body) {
        this.uri = uri;
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    /** The address that answered. */
    public URI uri() {
        return uri;
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

    /** The body, unread; a failure while reading it is an {@link IOException} of the stream. */
    public InputStream body() {
        return body;
    }

    /** Closes the body. */
    @Override
    public void close() throws IOException {
        body.close();
    }

    @Override
    public String toString() {
        return status + " from " + ProviderHttp.redact(uri);
    }
}
