package org.dtp.spi.http;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The answer to a {@link ProviderRequest}: a success or a status the request accepted, its headers, its body read in
 * full, and the address that answered (the request's, or where same-origin redirects led). Immutable. Since 2.1.
 */
public final class ProviderResponse extends ProviderAnswerHead {
    private final byte[] body;

    ProviderResponse(URI uri, int status, HttpHeaders headers, byte[] body) {
        super(uri, status, headers);
        this.body = body;
    }

    /** The body (a copy). */
    public byte[] body() {
        return body.clone();
    }

    /** The body as text in the charset its {@code Content-Type} names, else UTF-8. */
    public String text() {
        return new String(body, charset());
    }

    private Charset charset() {
        String type = header("Content-Type").orElse("");
        int at = type.toLowerCase(Locale.ROOT).indexOf("charset=");
        if (at < 0) {
            return StandardCharsets.UTF_8;
        }
        String name = type.substring(at + 8).split(";")[0].trim().replace("\"", "");
        try {
            return Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
