package org.dtp.spi.http;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link RequestSigner} sees of a request: its method, its full URI (with the query) and, for an
 * {@code application/x-www-form-urlencoded} body, its form parameters (other bodies are not part of an
 * OAuth 1.0a signature). The signer adds headers; nothing else of the request can be changed.
 */
public final class SignableRequest {
    private final String method;
    private final URI uri;
    private final List<Map.Entry<String, String>> formParameters;
    private final Map<String, String> headers = new LinkedHashMap<>();

    public SignableRequest(String method, URI uri, List<Map.Entry<String, String>> formParameters) {
        this.method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
        this.uri = Objects.requireNonNull(uri, "uri");
        this.formParameters = formParameters == null ? List.of() : List.copyOf(formParameters);
    }

    /** The method in upper case, e.g. {@code GET}. */
    public String method() {
        return method;
    }

    public URI uri() {
        return uri;
    }

    /** The decoded name/value pairs of a form-encoded body, in body order; empty for other bodies. */
    public List<Map.Entry<String, String>> formParameters() {
        return formParameters;
    }

    /** Sets a header, replacing one of the same name set before by this signer. */
    public void setHeader(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        if (name.isBlank() || name.chars().anyMatch(c -> c <= ' ' || c >= 127 || c == ':')) {
            throw new IllegalArgumentException("not a header name: '" + name + "'");
        }
        if (value.chars().anyMatch(c -> c == '\r' || c == '\n')) {
            throw new IllegalArgumentException("a header value cannot span lines");
        }
        headers.put(name, value);
    }

    /** The headers the signer set, in the order it set them. */
    public Map<String, String> headers() {
        return Collections.unmodifiableMap(headers);
    }

    /** Never shows header values: they are credentials. */
    @Override
    public String toString() {
        return method + " " + ProviderHttp.redact(uri) + " (headers set: " + headers.keySet() + ")";
    }
}
