package org.dtp.auth.oauth1;

import java.net.URI;
import java.util.Objects;

/**
 * A provider's three OAuth 1.0a endpoints (RFC 5849 §2): temporary credential request, resource owner
 * authorization, token request.
 */
public record OAuth1Endpoints(URI requestToken, URI authorize, URI accessToken) {
    public OAuth1Endpoints {
        Objects.requireNonNull(requestToken, "requestToken");
        Objects.requireNonNull(authorize, "authorize");
        Objects.requireNonNull(accessToken, "accessToken");
    }
}
