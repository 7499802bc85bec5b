package org.dtp.auth.oauth2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.mockwebserver.RecordedRequest;
import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.transfer.Direction;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The authorization code flow with PKCE against mock-oauth2-server on loopback. */
public class OAuth2AuthorizerTest {
    private static final String SESSION = "session-of-ann";
    private static final UUID JOB = UUID.fromString("6b1d3b52-3f0e-4a8e-9d57-2f4b0c9d1e11");

    @Rule
    public final AuthorizationServer server = new AuthorizationServer(false);

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private OAuth2Provider provider;
    private InMemoryPendingAuthorizations store;
    private OAuth2Authorizer authorizer;

    @Before
    public void setUp() {
        provider = server.provider(ClientAuthentication.CLIENT_SECRET_BASIC);
        store = new InMemoryPendingAuthorizations(Duration.ofMinutes(10), server.clock);
        authorizer = new OAuth2Authorizer(http, store, id -> Optional.of(provider).filter(p -> p.id().equals(id)),
                server.clock, new SecureRandom());
    }

    @Test
    public void theFullFlowGivesWorkingTokensForTheDirectionsScopesOnly() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> query = query(start.authorizationUrl());
        assertEquals("code", query.get("response_type"));
        assertEquals(AuthorizationServer.CLIENT_ID, query.get("client_id"));
        assertEquals(AuthorizationServer.REDIRECT.toString(), query.get("redirect_uri"));
        assertEquals("openid photos.read", query.get("scope"));
        assertEquals(start.state(), query.get("state"));
        assertEquals("S256", query.get("code_challenge_method"));
        assertEquals(43, query.get("code_challenge").length());
        assertTrue("state of at least 128 bits", Base64.getUrlDecoder().decode(start.state()).length >= 16);

        Map<String, String> callback = server.authorize(start.authorizationUrl());
        assertEquals(AuthorizationServer.REDIRECT.toString(), callback.get("redirectedTo"));
        assertEquals(start.state(), callback.get("state"));

        CompletedAuthorization done = authorizer.complete(SESSION, callback.get("state"), callback.get("code"),
                URI.create(callback.get("redirectedTo")));
        assertEquals(JOB, done.jobId());
        assertEquals("source", done.side());
        assertEquals("photos", done.providerId());
        assertEquals(Direction.EXPORT, done.direction());
        OAuth2Tokens tokens = done.tokens();
        assertNotNull(tokens.refreshToken());
        assertEquals(AuthorizationServer.READ, tokens.scopes());
        assertTrue(tokens.expiresWithin(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS + 5), server.clock));
        assertFalse(tokens.expiresWithin(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS - 30), server.clock));

        // the server saw only the read scope, the S256 challenge of the verifier we then sent, the code
        List<RecordedRequest> requests = server.requests();
        Map<String, String> authorizeRequest = query(requests.get(0).getRequestUrl().uri());
        assertEquals("openid photos.read", authorizeRequest.get("scope"));
        Map<String, String> tokenRequest = AuthorizationServer.form(requests.get(1));
        assertEquals("authorization_code", tokenRequest.get("grant_type"));
        assertEquals(callback.get("code"), tokenRequest.get("code"));
        assertEquals(AuthorizationServer.REDIRECT.toString(), tokenRequest.get("redirect_uri"));
        assertEquals(authorizeRequest.get("code_challenge"), Pkce.s256Challenge(tokenRequest.get("code_verifier")));
        assertFalse("client_secret_basic keeps the secret out of the body", tokenRequest.containsKey("client_secret"));
        assertEquals("Basic " + Base64.getEncoder().encodeToString((AuthorizationServer.CLIENT_ID + ":"
                + AuthorizationServer.CLIENT_SECRET).getBytes(StandardCharsets.UTF_8)), requests.get(1).getHeader("Authorization"));

        // the access token works: the server's userinfo endpoint verifies it and answers with its claims
        JsonNode userInfo = ProviderHttp.builder("photos").build()
                .withSigner(request -> request.setHeader("Authorization", "Bearer " + tokens.accessToken()))
                .getJson(server.userInfo(), OnNotFound.FAIL);
        assertEquals("ann", userInfo.path("sub").asText());
        assertEquals(AuthorizationServer.CLIENT_ID, userInfo.path("azp").asText());
        assertEquals("ann", jwtClaims(tokens.accessToken()).path("sub").asText());
        assertFalse(tokens.toString().contains(tokens.accessToken()));
        assertFalse(tokens.toString().contains(tokens.refreshToken()));
    }

    @Test
    public void importAsksForTheWriteScopesOnly() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.IMPORT, SESSION, JOB, "destination", AuthorizationServer.REDIRECT);
        assertEquals("openid photos.write", query(start.authorizationUrl()).get("scope"));
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        CompletedAuthorization done = authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT);
        assertEquals("destination", done.side());
        assertEquals(AuthorizationServer.WRITE, done.tokens().scopes());
    }

    @Test
    public void clientSecretPostPutsTheCredentialsInTheBody() throws Exception {
        OAuth2Provider post = server.provider(ClientAuthentication.CLIENT_SECRET_POST);
        OAuth2Authorizer viaPost = new OAuth2Authorizer(http, store, id -> Optional.of(post), server.clock, new SecureRandom());
        AuthorizationStart start = viaPost.begin(post, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        assertNotNull(viaPost.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT).tokens().accessToken());
        RecordedRequest tokenRequest = server.requests().get(1);
        assertEquals(AuthorizationServer.CLIENT_ID, AuthorizationServer.form(tokenRequest).get("client_id"));
        assertEquals(AuthorizationServer.CLIENT_SECRET, AuthorizationServer.form(tokenRequest).get("client_secret"));
        assertEquals(null, tokenRequest.getHeader("Authorization"));
    }

    @Test
    public void anUnknownStateIsRefusedAndLeavesTheRealOnePending() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        AuthorizationStateException e = assertThrows(AuthorizationStateException.class,
                () -> authorizer.complete(SESSION, "forged-" + start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
        assertTrue(e.getMessage(), e.getMessage().contains("unknown, already used or expired"));
        assertNoSecret(e.getMessage(), callback.get("code"));
        assertNotNull(authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
    }

    @Test
    public void aReplayedCallbackIsRefused() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT);
        server.requests();
        AuthorizationStateException e = assertThrows(AuthorizationStateException.class,
                () -> authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
        assertTrue(e.getMessage(), e.getMessage().contains("already used"));
        assertTrue("a replay never reaches the token endpoint", server.requests().isEmpty());
    }

    /**
     * mock-oauth2-server does not refuse a code it has already exchanged (it issues tokens for any code
     * and checks PKCE only for codes it still remembers), so the single-use state is what stops a replay.
     */
    @Test
    public void theMockServerItselfWouldExchangeAReplayedCode() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT);
        String form = FormEncoding.encode(List.of(Map.entry("grant_type", "authorization_code"),
                Map.entry("code", callback.get("code")), Map.entry("redirect_uri", AuthorizationServer.REDIRECT.toString()),
                Map.entry("client_id", AuthorizationServer.CLIENT_ID), Map.entry("client_secret", AuthorizationServer.CLIENT_SECRET)));
        HttpResponse<String> replay = http.send(HttpRequest.newBuilder(server.tokenEndpoint())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(replay.body(), 200, replay.statusCode());
    }

    @Test
    public void aStateFromAnotherSessionIsRefusedAndSpent() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        AuthorizationStateException e = assertThrows(AuthorizationStateException.class,
                () -> authorizer.complete("session-of-mallory", start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
        assertTrue(e.getMessage(), e.getMessage().contains("another session"));
        assertThrows(AuthorizationStateException.class,
                () -> authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
    }

    @Test
    public void beginRefusesARedirectUriThatIsNotRegisteredExactly() {
        for (String uri : List.of("http://127.0.0.1:8181/api/v1/oauth/callback/more", "http://127.0.0.1:8181/api/v1/oauth/",
                "http://127.0.0.1:8181/", "http://127.0.0.1:9999/api/v1/oauth/callback", "https://127.0.0.1:8181/api/v1/oauth/callback",
                "http://localhost:8181/api/v1/oauth/callback", "http://127.0.0.1:8181/api/v1/oauth/callback?next=x",
                "http://127.0.0.1:8181/api/v1/oauth/callback#frag", "/api/v1/oauth/callback")) {
            IllegalArgumentException e = assertThrows(uri, IllegalArgumentException.class,
                    () -> authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", URI.create(uri)));
            assertTrue(e.getMessage(), e.getMessage().contains("not registered") && e.getMessage().contains("exactly"));
        }
        assertEquals("nothing is pending after a refusal", 0, store.size());
        // the same URI in another spelling of scheme, host, default port or dot segments is the registered one
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source",
                URI.create("HTTP://127.0.0.1:8181/api/v1/./oauth/callback"));
        assertEquals(AuthorizationServer.REDIRECT.toString(), query(start.authorizationUrl()).get("redirect_uri"));
    }

    @Test
    public void completeRefusesAnotherRedirectUriThanTheOneBegunWith() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        URI otherRegistered = URI.create("http://127.0.0.1:8181/api/v1/oauth/other");
        AuthorizationStateException e = assertThrows(AuthorizationStateException.class,
                () -> authorizer.complete(SESSION, start.state(), callback.get("code"), otherRegistered));
        assertTrue(e.getMessage(), e.getMessage().contains("not to the redirect URI the authorization was sent with"));
        assertThrows("the state is spent", AuthorizationStateException.class,
                () -> authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
    }

    @Test
    public void anExpiredPendingAuthorizationIsRefused() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        server.clock.advance(Duration.ofMinutes(10).plusSeconds(1));
        AuthorizationStateException e = assertThrows(AuthorizationStateException.class,
                () -> authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
        assertTrue(e.getMessage(), e.getMessage().contains("expired"));
    }

    @Test
    public void theServerRefusesAWrongCodeVerifierAndTheMessageHoldsNoSecret() throws Exception {
        String wrongVerifier = Pkce.newVerifier(new SecureRandom());
        PendingAuthorizationStore tampering = new PendingAuthorizationStore() {
            @Override
            public void save(PendingAuthorization pending) {
                store.save(pending);
            }

            @Override
            public Optional<PendingAuthorization> take(String state) {
                return store.take(state).map(p -> new PendingAuthorization(p.state(), p.sessionId(), p.jobId(), p.side(),
                        p.providerId(), p.direction(), p.redirectUri(), wrongVerifier, p.createdAt()));
            }
        };
        OAuth2Authorizer tampered = new OAuth2Authorizer(http, tampering, id -> Optional.of(provider), server.clock, new SecureRandom());
        AuthorizationStart start = tampered.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        OAuth2ErrorResponseException e = assertThrows(OAuth2ErrorResponseException.class,
                () -> tampered.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT));
        assertEquals("invalid_grant", e.error());
        assertEquals(400, e.status());
        assertTrue(e.getMessage(), e.getMessage().contains("exchange the authorization code")
                && e.getMessage().contains("invalid_grant") && e.getMessage().contains("code_verifier does not compute"));
        assertNoSecret(e.getMessage(), callback.get("code"), wrongVerifier, AuthorizationServer.CLIENT_SECRET);
        assertTrue("a refused grant is an authorization refusal", e instanceof AuthorizationRefusedException);
    }

    @Test
    public void anExpiredAccessTokenIsRefusedByTheServerAndRefreshed() throws Exception {
        OAuth2Tokens tokens = authorizeExport();
        ProviderHttp bearerOfOld = bearer(tokens.accessToken());
        assertEquals("ann", bearerOfOld.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());

        server.clock.advance(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS + 120));
        assertTrue(tokens.expiresWithin(Duration.ZERO, server.clock));
        AuthorizationRefusedException expired = assertThrows(AuthorizationRefusedException.class,
                () -> bearerOfOld.getJson(server.userInfo(), OnNotFound.FAIL));
        assertEquals(401, expired.status());

        OAuth2Tokens fresh = authorizer.refresh(provider, tokens);
        assertNotEquals(tokens.accessToken(), fresh.accessToken());
        assertFalse(fresh.expiresWithin(Duration.ofSeconds(60), server.clock));
        assertEquals("the server sent the same refresh token back", tokens.refreshToken(), fresh.refreshToken());
        assertEquals(tokens.scopes(), fresh.scopes());
        assertEquals("ann", bearer(fresh.accessToken()).getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        Map<String, String> refreshRequest = AuthorizationServer.form(last(server.requests(), "/token"));
        assertEquals("refresh_token", refreshRequest.get("grant_type"));
        assertEquals(tokens.refreshToken(), refreshRequest.get("refresh_token"));
    }

    @Test
    public void revocationSendsTheRefreshTokenThenTheAccessTokenPerRfc7009() throws Exception {
        OAuth2Tokens tokens = authorizeExport();
        server.requests();
        assertTrue(authorizer.revoke(provider, tokens));
        List<RecordedRequest> requests = server.requests();
        assertEquals(2, requests.size());
        assertEquals(Map.of("token", tokens.refreshToken(), "token_type_hint", "refresh_token"), AuthorizationServer.form(requests.get(0)));
        assertTrue(requests.get(0).getPath().endsWith("/revoke"));
        assertTrue(requests.get(0).getHeader("Authorization").startsWith("Basic "));
        // mock-oauth2-server revokes refresh tokens only: it answers unsupported_token_type for the access token
        assertEquals(Map.of("token", tokens.accessToken(), "token_type_hint", "access_token"), AuthorizationServer.form(requests.get(1)));
    }

    @Test
    public void aProviderWithoutRevocationEndpointRevokesNothing() throws Exception {
        OAuth2Tokens tokens = authorizeExport();
        OAuth2Provider withoutRevocation = new OAuth2Provider(provider.id(), provider.authorizationEndpoint(), provider.tokenEndpoint(),
                null, provider.clientId(), provider.clientSecret(), provider.clientAuthentication(), provider.redirectUris(),
                provider.scopes(), provider.authorizationParameters());
        server.requests();
        assertFalse(authorizer.revoke(withoutRevocation, tokens));
        assertTrue(server.requests().isEmpty());
    }

    @Test
    public void aCallbackWithAnErrorSpendsTheState() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.IMPORT, SESSION, JOB, "destination", AuthorizationServer.REDIRECT);
        PendingAuthorization abandoned = authorizer.abandon(SESSION, start.state());
        assertEquals(JOB, abandoned.jobId());
        assertEquals("destination", abandoned.side());
        assertThrows(AuthorizationStateException.class, () -> authorizer.abandon(SESSION, start.state()));
    }

    private OAuth2Tokens authorizeExport() throws Exception {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, SESSION, JOB, "source", AuthorizationServer.REDIRECT);
        Map<String, String> callback = server.authorize(start.authorizationUrl());
        return authorizer.complete(SESSION, start.state(), callback.get("code"), AuthorizationServer.REDIRECT).tokens();
    }

    private static ProviderHttp bearer(String accessToken) {
        return ProviderHttp.builder("photos").build().withSigner(r -> r.setHeader("Authorization", "Bearer " + accessToken));
    }

    private static RecordedRequest last(List<RecordedRequest> requests, String pathEnd) {
        return requests.stream().filter(r -> r.getPath().endsWith(pathEnd)).reduce((a, b) -> b).orElseThrow();
    }

    static Map<String, String> query(URI uri) {
        Map<String, String> query = new LinkedHashMap<>();
        FormEncoding.decode(uri.getRawQuery()).forEach(p -> query.put(p.getKey(), p.getValue()));
        return query;
    }

    static JsonNode jwtClaims(String jwt) throws Exception {
        return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    }

    static void assertNoSecret(String message, String... secrets) {
        for (String secret : secrets) {
            assertFalse("'" + message + "' shows a secret", message.toLowerCase().contains(secret.toLowerCase()));
        }
    }
}
