package org.dtp.auth.oauth2;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.SignableRequest;
import org.dtp.transfer.Direction;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.dtp.auth.oauth2.OAuth2AuthorizerTest.assertNoSecret;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Answers real providers give and mock-oauth2-server cannot be made to: no refresh token on refresh, an
 * error that echoes the secrets, a 503 with Retry-After, a token type that is not bearer, a refusal of
 * the refresh. A loopback token endpoint that answers what each test sets.
 */
public class TokenEndpointAnswersTest {
    private static final String SECRET = "Client-Secret-9f8e7d";
    private static final OAuth2Tokens TOKENS = new OAuth2Tokens("access-AAAA-1111", "refresh-RRRR-2222",
            Instant.parse("2026-01-01T00:00:00Z"), List.of("photos.read"));

    private HttpServer server;
    private volatile int status = 200;
    private volatile String answer = "{}";
    private volatile Map<String, String> headers = Map.of();
    private final AtomicInteger requests = new AtomicInteger();
    private OAuth2Provider provider;
    private OAuth2Authorizer authorizer;
    private final MutableClock clock = new MutableClock();

    @Before
    public void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/token", this::answer);
        server.start();
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        provider = new OAuth2Provider("photos", base.resolve("/authorize"), base.resolve("/token"), base.resolve("/token"),
                "client", SECRET, ClientAuthentication.CLIENT_SECRET_POST, Set.of(URI.create("https://dtp.example.org/callback")),
                Map.of(Direction.EXPORT, List.of("photos.read")), Map.of("access_type", "offline"));
        authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), clock), id -> Optional.of(provider), clock, new SecureRandom());
    }

    private void answer(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        exchange.getRequestBody().readAllBytes();
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        headers.forEach(exchange.getResponseHeaders()::set);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @After
    public void stop() {
        server.stop(0);
    }

    @Test
    public void aRefreshWithoutNewRefreshTokenKeepsTheOldOne() throws AdapterException {
        answer = "{\"access_token\":\"access-BBBB\",\"token_type\":\"bearer\",\"expires_in\":\"3599\"}";
        OAuth2Tokens fresh = authorizer.refresh(provider, TOKENS);
        assertEquals("access-BBBB", fresh.accessToken());
        assertEquals(TOKENS.refreshToken(), fresh.refreshToken());
        assertEquals("expires_in as a string, as some providers send it", clock.instant().plusSeconds(3599), fresh.expiresAt());
        assertEquals(TOKENS.scopes(), fresh.scopes());
    }

    @Test
    public void anErrorThatEchoesTheSecretsIsShownWithoutThem() {
        status = 400;
        answer = "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token " + TOKENS.refreshToken().toLowerCase()
                + " of client secret " + SECRET + " (" + "refresh-RRRR-2222".replace("-", "%2D") + ") is revoked\"}";
        OAuth2ErrorResponseException e = assertThrows(OAuth2ErrorResponseException.class, () -> authorizer.refresh(provider, TOKENS));
        assertEquals("invalid_grant", e.error());
        assertTrue(e.getMessage(), e.getMessage().contains("photos refused to refresh the access token (400): invalid_grant (refresh token *** of client secret *** ("));
        assertNoSecret(e.getMessage(), TOKENS.refreshToken(), TOKENS.accessToken(), SECRET);
        assertNoSecret(e.description(), TOKENS.refreshToken(), SECRET);
    }

    @Test
    public void anAnswerThatIsNotAnErrorObjectIsShownCleanedAndShort() {
        status = 401;
        answer = "<html>\n<b>Denied</b> for " + SECRET + "\n" + "x".repeat(1000) + "</html>";
        OAuth2ErrorResponseException e = assertThrows(OAuth2ErrorResponseException.class, () -> authorizer.refresh(provider, TOKENS));
        assertEquals("unknown", e.error());
        assertEquals(401, e.status());
        assertNoSecret(e.getMessage(), SECRET);
        assertTrue(e.getMessage(), !e.getMessage().contains("\n") && e.getMessage().length() < 450);
    }

    @Test
    public void aServerFailureIsTransientWithItsRetryAfter() {
        status = 503;
        headers = Map.of("Retry-After", "120");
        answer = "{\"error\":\"server_error\"}";
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> authorizer.refresh(provider, TOKENS));
        assertEquals(Optional.of(Duration.ofSeconds(120)), e.retryAfter());
    }

    @Test
    public void anErrorInA200AnswerIsAnError() {
        answer = "{\"error\":\"bad_verification_code\",\"error_description\":\"The code passed is incorrect or expired.\"}";
        OAuth2ErrorResponseException e = assertThrows(OAuth2ErrorResponseException.class, () -> authorizer.refresh(provider, TOKENS));
        assertEquals("bad_verification_code", e.error());
    }

    @Test
    public void aTokenThatIsNotABearerTokenIsRefused() {
        answer = "{\"access_token\":\"x\",\"token_type\":\"mac\"}";
        AdapterException e = assertThrows(AdapterException.class, () -> authorizer.refresh(provider, TOKENS));
        assertTrue(e.getMessage(), e.getMessage().contains("only bearer tokens"));
    }

    @Test
    public void revocationSkipsATokenTypeTheProviderCannotRevokeAndFailsOnOtherErrors() throws AdapterException {
        status = 400;
        answer = "{\"error\":\"unsupported_token_type\"}";
        assertEquals(false, authorizer.revoke(provider, TOKENS));
        assertEquals(2, requests.get());
        answer = "{\"error\":\"invalid_client\"}";
        status = 401;
        assertEquals("invalid_client", assertThrows(OAuth2ErrorResponseException.class,
                () -> authorizer.revoke(provider, TOKENS)).error());
    }

    @Test
    public void theSignerDoesNotRetryARefreshTheProviderRefused() {
        status = 400;
        answer = "{\"error\":\"invalid_grant\",\"error_description\":\"revoked\"}";
        clock.advance(Duration.ofDays(3650));
        OAuth2BearerSigner signer = new OAuth2BearerSigner(authorizer, provider, TOKENS, OAuth2BearerSigner.DEFAULT_SKEW, t -> {
            throw new AssertionError("nothing to store");
        });
        for (int i = 0; i < 3; i++) {
            OAuth2ErrorResponseException e = assertThrows(OAuth2ErrorResponseException.class,
                    () -> signer.sign(new SignableRequest("GET", URI.create("https://api.example.org/"), List.of())));
            assertEquals("invalid_grant", e.error());
        }
        assertEquals(1, requests.get());
    }

    @Test
    public void theAuthorizationUrlKeepsTheProvidersExtraParameters() {
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, "s", java.util.UUID.randomUUID(), "source",
                URI.create("https://dtp.example.org/callback"));
        assertEquals("offline", OAuth2AuthorizerTest.query(start.authorizationUrl()).get("access_type"));
        assertThrows("no scopes for import: not set up for it", IllegalArgumentException.class,
                () -> authorizer.begin(provider, Direction.IMPORT, "s", java.util.UUID.randomUUID(), "destination",
                        URI.create("https://dtp.example.org/callback")));
    }
}
