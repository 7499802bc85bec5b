package org.dtp.adapters.rememberthemilk;

import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Remember The Milk's desktop authentication (https://www.rememberthemilk.com/services/api/authentication.rtm): a frob
 * (rtm.auth.getFrob), the URL where the user grants it {@code read}, {@code write} or {@code delete} (signed like every
 * call), and, once granted, the auth token for it (rtm.auth.getToken). What an operator uses to get a user's token
 * (see README); the server's own sign-in flow for RTM is not built yet.
 */
public final class RtmAuthFlow {
    private final RtmConnector connector;

    public RtmAuthFlow(RtmConnector connector) {
        this.connector = connector;
    }

    public String frob() throws AdapterException {
        return connector.unauthenticated().call("rtm.auth.getFrob", false).path("frob").asText();
    }

    /** Where the user grants {@code perms} ("read", "write" or "delete") to {@code frob}. */
    public URI authorizationUrl(String perms, String frob) {
        if (!List.of("read", "write", "delete").contains(perms)) {
            throw new IllegalArgumentException("perms is read, write or delete, not " + perms);
        }
        RtmSettings s = connector.settings();
        List<Map.Entry<String, String>> params = List.of(Map.entry("api_key", s.apiKey()), Map.entry("perms", perms), Map.entry("frob", frob));
        return URI.create(s.authUrl() + "?" + FormEncoding.encode(RtmSignature.signed(s.sharedSecret(), params)));
    }

    /** The auth token the user granted for {@code frob}. */
    public String token(String frob) throws AdapterException {
        return connector.unauthenticated().call("rtm.auth.getToken", false, "frob", frob).path("auth").path("token").asText();
    }
}
