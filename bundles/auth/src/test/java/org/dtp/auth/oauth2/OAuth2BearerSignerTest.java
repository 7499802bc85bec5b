package org.dtp.auth.oauth2;

import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.SignableRequest;
import org.dtp.transfer.Direction;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Bearer signing with transparent refresh, against mock-oauth2-server's userinfo endpoint as the API. */
public class OAuth2BearerSignerTest {
    @Rule
    public final AuthorizationServer server = new AuthorizationServer(true);

    private final List<OAuth2Tokens> stored = new CopyOnWriteArrayList<>();
    private OAuth2Provider provider;
    private OAuth2Authorizer authorizer;
    private OAuth2Tokens initial;

    @Before
    public void authorize() throws Exception {
        provider = server.provider(ClientAuthentication.CLIENT_SECRET_BASIC);
        authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), server.clock), id -> Optional.of(provider),
                server.clock, new SecureRandom());
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, "s", UUID.randomUUID(), "source",
                AuthorizationServer.REDIRECT);
        String code = server.authorize(start.authorizationUrl()).get("code");
        initial = authorizer.complete("s", start.state(), code, AuthorizationServer.REDIRECT).tokens();
        server.requests();
    }

    @Test
    public void aTokenThatExpiresMidTransferIsRefreshedAndTheRequestsGoOn() throws Exception {
        OAuth2BearerSigner signer = new OAuth2BearerSigner(authorizer, provider, initial, OAuth2BearerSigner.DEFAULT_SKEW, stored::add);
        ProviderHttp api = ProviderHttp.builder("photos").build().withSigner(signer);
        assertEquals("ann", api.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        assertTrue("no refresh while the token is good", stored.isEmpty());

        // 30 s before the expiry: within the skew, so the signer refreshes before sending
        server.clock.advance(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS - 30));
        assertEquals("ann", api.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        assertEquals(1, stored.size());
        OAuth2Tokens refreshed = stored.get(0);
        assertNotEquals(initial.accessToken(), refreshed.accessToken());
        assertNotEquals("this server rotates refresh tokens", initial.refreshToken(), refreshed.refreshToken());
        assertEquals(refreshed, signer.tokens());

        // long past the first token's life: the server refuses it, the signer's current one still works
        server.clock.advance(Duration.ofSeconds(120));
        ProviderHttp withFirstToken = ProviderHttp.builder("photos").build()
                .withSigner(r -> r.setHeader("Authorization", "Bearer " + initial.accessToken()));
        assertEquals(401, assertThrows(AuthorizationRefusedException.class,
                () -> withFirstToken.getJson(server.userInfo(), OnNotFound.FAIL)).status());
        assertEquals("ann", api.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        assertEquals("the refreshed token is still good", 1, stored.size());
    }

    @Test
    public void manyThreadsSigningAnExpiredTokenRefreshOnce() throws Exception {
        OAuth2BearerSigner signer = new OAuth2BearerSigner(authorizer, provider, initial, OAuth2BearerSigner.DEFAULT_SKEW, stored::add);
        ProviderHttp api = ProviderHttp.builder("photos").build().withSigner(signer);
        server.clock.advance(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS + 600));
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<String>> answers = new CopyOnWriteArrayList<>();
            for (int i = 0; i < threads; i++) {
                answers.add(pool.submit(() -> {
                    go.await();
                    return api.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText();
                }));
            }
            go.countDown();
            for (Future<String> answer : answers) {
                assertEquals("ann", answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, stored.size());
        long refreshGrants = server.requests().stream().filter(r -> r.getPath().endsWith("/token"))
                .filter(r -> "refresh_token".equals(AuthorizationServer.form(r).get("grant_type"))).count();
        assertEquals(1, refreshGrants);
    }

    @Test
    public void aTokenTheProviderRejectedIsRefreshedOnceOnTheNextSign() throws Exception {
        OAuth2BearerSigner signer = new OAuth2BearerSigner(authorizer, provider, initial, OAuth2BearerSigner.DEFAULT_SKEW, stored::add);
        SignableRequest first = new SignableRequest("GET", URI.create("https://api.example.org/photos"), List.of());
        signer.sign(first);
        assertEquals("Bearer " + initial.accessToken(), first.headers().get("Authorization"));
        assertTrue("a refresh token is at hand: signing again may do", signer.unauthorized(first));
        signer.unauthorized(first);
        SignableRequest second = new SignableRequest("GET", URI.create("https://api.example.org/photos"), List.of());
        signer.sign(second);
        assertEquals(1, stored.size());
        assertEquals("Bearer " + stored.get(0).accessToken(), second.headers().get("Authorization"));
        assertTrue("the token was renewed since: signing again may do", signer.unauthorized(first));
        signer.sign(new SignableRequest("GET", URI.create("https://api.example.org/photos"), List.of()));
        assertEquals("a 401 to a request signed with an older token does not refresh again", 1, stored.size());
    }

    @Test
    public void theSignerNeverShowsTheTokens() {
        OAuth2BearerSigner signer = new OAuth2BearerSigner(authorizer, provider, initial, OAuth2BearerSigner.DEFAULT_SKEW, stored::add);
        assertFalse(signer.toString().contains(initial.accessToken()));
        assertFalse(signer.toString().contains(initial.refreshToken()));
        assertFalse(provider.toString().contains(AuthorizationServer.CLIENT_SECRET));
        assertTrue(provider.toString().contains("clientSecret=***"));
        assertFalse(Map.of("p", provider).toString().contains(AuthorizationServer.CLIENT_SECRET));
    }
}
