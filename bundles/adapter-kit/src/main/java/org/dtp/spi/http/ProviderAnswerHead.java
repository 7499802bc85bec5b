package org.dtp.spi.http;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.Optional;

/** What every answer to a {@link ProviderRequest} has, however its body is given: its address, status and headers. */
abstract class ProviderAnswerHead {
    private final URI uri;
    private final int status;
    private final HttpHeaders headers;

    ProviderAnswerHead(URI uri, int status, HttpHeaders headers) {
        this.uri = uri;
        this.status = status;
        this.headers = headers;
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

    /** The status and the address, without its query (which may hold a key). */
    @Override
    public String toString() {
        return status + " from " + ProviderHttp.redact(uri);
    }
}
