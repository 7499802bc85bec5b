package org.dtp.auth.oauth2;

import java.net.URI;
import java.util.Objects;

/**
 * Where to send the user to authorize ({@code authorizationUrl}, with the state and the PKCE challenge in
 * it) and the {@code state} the callback will bring back. Nothing in it is a secret the browser may not see.
 */
public record AuthorizationStart(URI authorizationUrl, String state) {
    public AuthorizationStart {
        Objects.requireNonNull(authorizationUrl, "authorizationUrl");
        Objects.requireNonNull(state, "state");
    }
}
