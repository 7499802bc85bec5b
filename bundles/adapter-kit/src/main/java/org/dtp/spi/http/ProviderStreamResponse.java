package org.dtp.spi.http;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;

/**
 * The answer to a {@link ProviderRequest} whose body is left unread ({@link ProviderRequest#openResponse()}): a success
 * or a status the request accepted, its headers, its body as a stream the caller closes (a file of any size in flat
 * memory), and the address that answered. Since 2.3.
 */
public final class ProviderStreamResponse extends ProviderAnswerHead implements Closeable {
    private final InputStream body;

    ProviderStreamResponse(URI uri, int status, HttpHeaders headers, InputStream body) {
        super(uri, status, headers);
        this.body = body;
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
}
