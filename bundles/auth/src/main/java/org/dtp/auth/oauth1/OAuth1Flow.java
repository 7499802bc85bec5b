package org.dtp.auth.oauth1;

import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The three legs of RFC 5849 §2 for one application: {@link #requestToken} gets temporary credentials
 * (with {@code oauth_callback}, or {@code oob}), {@link #authorizationUri} is where the user approves
 * (with a provider's extra parameters, e.g. an access level), {@link #accessToken} trades the temporary
 * credentials and the {@code oauth_verifier} for token credentials. Requests are POSTs with an empty
 * form body, signed in the {@code Authorization} header.
 */
public final class OAuth1Flow {
    /** The answer to the token request: the token credentials and whatever else the provider sent. */
    public record AccessToken(TokenCredentials credentials, Map<String, String> additional) {
        public AccessToken {
            Objects.requireNonNull(credentials, "credentials");
            additional = Map.copyOf(additional);
        }
    }

    private final ProviderHttp http;
    private final OAuth1Endpoints endpoints;
    private final ClientCredentials client;

    public OAuth1Flow(ProviderHttp http, OAuth1Endpoints endpoints, ClientCredentials client) {
        this.http = Objects.requireNonNull(http, "http");
        this.endpoints = Objects.requireNonNull(endpoints, "endpoints");
        this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * RFC 5849 §2.1: temporary credentials for a user to approve. {@code callback} is where the provider
     * sends the user back (with {@code oauth_token} and {@code oauth_verifier}), or {@code oob}.
     *
     * @throws AdapterException when the provider refuses, or does not confirm the callback
     */
    public TokenCredentials requestToken(String callback) throws AdapterException {
        Objects.requireNonNull(callback, "callback");
        OAuth1Signer signer = new OAuth1Signer(client, null).with("oauth_callback", callback);
        Map<String, String> answer = post(endpoints.requestToken(), signer);
        if (!"true".equals(answer.get("oauth_callback_confirmed"))) {
            throw new AdapterException(http.provider() + " did not confirm the OAuth callback (oauth_callback_confirmed is "
                    + answer.getOrDefault("oauth_callback_confirmed", "missing") + ")");
        }
        return credentialsOf(answer, "temporary credentials");
    }

    /**
     * RFC 5849 §2.2: the URI to send the user to, with {@code oauth_token} and {@code extra} parameters
     * (e.g. a provider's {@code Access=Full&Permissions=Modify}), added to any query the endpoint has.
     */
    public URI authorizationUri(TokenCredentials temporary, Map<String, String> extra) {
        List<Map.Entry<String, String>> query = new ArrayList<>(FormEncoding.decode(endpoints.authorize().getRawQuery()));
        query.add(Map.entry("oauth_token", temporary.token()));
        new LinkedHashMap<>(extra).forEach((name, value) -> query.add(Map.entry(name, value)));
        String base = endpoints.authorize().toString();
        int cut = base.indexOf('?');
        return URI.create((cut < 0 ? base : base.substring(0, cut)) + "?" + FormEncoding.encode(query));
    }

    /**
     * RFC 5849 §2.3: token credentials for the temporary credentials the user approved, with the
     * {@code oauth_verifier} the provider gave back.
     */
    public AccessToken accessToken(TokenCredentials temporary, String verifier) throws AdapterException {
        Objects.requireNonNull(verifier, "verifier");
        OAuth1Signer signer = new OAuth1Signer(client, temporary).with("oauth_verifier", verifier);
        Map<String, String> answer = post(endpoints.accessToken(), signer);
        TokenCredentials credentials = credentialsOf(answer, "token credentials");
        Map<String, String> additional = new LinkedHashMap<>(answer);
        additional.remove("oauth_token");
        additional.remove("oauth_token_secret");
        return new AccessToken(credentials, additional);
    }

    private Map<String, String> post(URI endpoint, OAuth1Signer signer) throws AdapterException {
        String body = http.withSigner(signer).postForm(endpoint, List.of(), OnNotFound.FAIL);
        Map<String, String> answer = new LinkedHashMap<>();
        for (Map.Entry<String, String> pair : FormEncoding.decode(body.strip())) {
            answer.putIfAbsent(pair.getKey(), pair.getValue());
        }
        return answer;
    }

    private TokenCredentials credentialsOf(Map<String, String> answer, String what) throws AdapterException {
        String token = answer.get("oauth_token");
        String secret = answer.get("oauth_token_secret");
        if (token == null || token.isBlank() || secret == null) {
            throw new AdapterException(http.provider() + " sent no " + what + " (oauth_token and oauth_token_secret)");
        }
        return new TokenCredentials(token, secret);
    }
}
