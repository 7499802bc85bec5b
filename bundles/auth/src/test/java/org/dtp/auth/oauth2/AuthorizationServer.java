package org.dtp.auth.oauth2;

import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import no.nav.security.mock.oauth2.token.KeyProvider;
import no.nav.security.mock.oauth2.token.OAuth2TokenProvider;
import okhttp3.mockwebserver.RecordedRequest;
import org.dtp.spi.http.FormEncoding;
import org.dtp.transfer.Direction;
import org.junit.rules.ExternalResource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * mock-oauth2-server (a real OAuth 2.0 / OpenID Connect server built on Nimbus) on a free loopback port,
 * on the test's clock, issuing access tokens that live {@link #TOKEN_SECONDS} seconds; plus what the tests
 * do as the user's browser.
 */
public final class AuthorizationServer extends ExternalResource {
    static final String ISSUER = "dtp-test";
    static final long TOKEN_SECONDS = 300;
    static final String CLIENT_ID = "dtp-client";
    static final String CLIENT_SECRET = "s3cr3t-Client-Value-42";
    static final URI REDIRECT = URI.create("http://127.0.0.1:8181/api/v1/oauth/callback");
    /** The mock server is an OpenID provider: its authorization endpoint wants {@code openid} in the scope. */
    static final List<String> READ = List.of("openid", "photos.read");
    static final List<String> WRITE = List.of("openid", "photos.write");

    final MutableClock clock = new MutableClock();
    private final boolean rotateRefreshTokens;
    private MockOAuth2Server server;
    private final HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    public AuthorizationServer(boolean rotateRefreshTokens) {
        this.rotateRefreshTokens = rotateRefreshTokens;
    }

    @Override
    protected void before() throws IOException {
        OAuth2TokenProvider tokens = new OAuth2TokenProvider(new KeyProvider(), clock::instant);
        server = new MockOAuth2Server(new OAuth2Config(false, null, null, rotateRefreshTokens, tokens,
                Set.of(new DefaultOAuth2TokenCallback(ISSUER, "ann", "JWT", null, Map.of(), TOKEN_SECONDS))));
        server.start(InetAddress.getLoopbackAddress(), 0);
    }

    @Override
    protected void after() {
        server.shutdown();
    }

    public OAuth2Provider provider(OAuth2Provider.ClientAuthentication authentication) {
        return new OAuth2Provider("photos", server.authorizationEndpointUrl(ISSUER).uri(),
                server.tokenEndpointUrl(ISSUER).uri(), server.revocationEndpointUrl(ISSUER).uri(), CLIENT_ID, CLIENT_SECRET,
                authentication, Set.of(REDIRECT, URI.create("http://127.0.0.1:8181/api/v1/oauth/other")),
                Map.of(Direction.EXPORT, READ, Direction.IMPORT, WRITE), Map.of());
    }

    public URI userInfo() {
        return server.userInfoUrl(ISSUER).uri();
    }

    URI tokenEndpoint() {
        return server.tokenEndpointUrl(ISSUER).uri();
    }

    /** The user's browser at the authorization URL: the server approves at once and redirects (302). */
    public Map<String, String> authorize(URI authorizationUrl) throws IOException, InterruptedException {
        HttpResponse<String> response = browser.send(HttpRequest.newBuilder(authorizationUrl).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 302) {
            throw new AssertionError("the authorization endpoint answered " + response.statusCode() + ": " + response.body());
        }
        URI location = URI.create(response.headers().firstValue("Location").orElseThrow());
        Map<String, String> parameters = new LinkedHashMap<>();
        FormEncoding.decode(location.getRawQuery()).forEach(p -> parameters.put(p.getKey(), p.getValue()));
        parameters.put("redirectedTo", location.getScheme() + "://" + location.getRawAuthority() + location.getRawPath());
        return parameters;
    }

    /** Every request the server received since the last call, oldest first. */
    List<RecordedRequest> requests() {
        List<RecordedRequest> all = new ArrayList<>();
        while (true) {
            try {
                all.add(server.takeRequest(50, TimeUnit.MILLISECONDS));
            } catch (RuntimeException none) {
                return all;
            }
        }
    }

    static Map<String, String> form(RecordedRequest request) {
        Map<String, String> form = new LinkedHashMap<>();
        FormEncoding.decode(request.getBody().clone().readUtf8()).forEach(p -> form.put(p.getKey(), p.getValue()));
        return form;
    }
}
