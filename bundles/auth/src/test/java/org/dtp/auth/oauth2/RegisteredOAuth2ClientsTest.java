package org.dtp.auth.oauth2;

import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.transfer.Direction;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;

import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** An adapter's signer from a transfer's settings, against mock-oauth2-server: renewed tokens land in the job. */
public class RegisteredOAuth2ClientsTest {
    @Rule
    public final AuthorizationServer server = new AuthorizationServer(true);

    private OAuth2Provider provider;
    private OAuth2Authorizer authorizer;
    private RegisteredOAuth2Clients clients;
    private Map<String, String> granted;

    @Before
    public void authorize() throws Exception {
        provider = server.provider(ClientAuthentication.CLIENT_SECRET_BASIC);
        authorizer = new OAuth2Authorizer(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                new InMemoryPendingAuthorizations(Duration.ofMinutes(10), server.clock), id -> Optional.of(provider),
                server.clock, new SecureRandom());
        clients = new RegisteredOAuth2Clients(authorizer,
                id -> id.equals(provider.id()) ? Optional.of(provider) : Optional.empty(), OAuth2BearerSigner.DEFAULT_SKEW);
        AuthorizationStart start = authorizer.begin(provider, Direction.EXPORT, "s", UUID.randomUUID(), "source",
                AuthorizationServer.REDIRECT);
        String code = server.authorize(start.authorizationUrl()).get("code");
        OAuth2Tokens tokens = authorizer.complete("s", start.state(), code, AuthorizationServer.REDIRECT).tokens();
        granted = RegisteredOAuth2Clients.settingsOf(tokens);
        granted.values().removeIf(java.util.Objects::isNull);
        granted.put("album", "Holidays");
    }

    @Test
    public void tokensRenewedMidTransferAreWrittenBackIntoTheJobsSettings() throws Exception {
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint(provider.id(), granted));
        ProviderHttp api = ProviderHttp.builder("photos").build().withSigner(clients.signer(provider.id(), context));
        assertEquals("ann", api.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        assertEquals("nothing renewed yet", granted, context.endpoint().settings());

        server.clock.advance(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS - 30));
        assertEquals("ann", api.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        Map<String, String> now = context.endpoint().settings();
        assertNotEquals(granted.get(AuthorizationFlows.ACCESS_TOKEN), now.get(AuthorizationFlows.ACCESS_TOKEN));
        assertNotEquals("the rotated refresh token is kept", granted.get(AuthorizationFlows.REFRESH_TOKEN),
                now.get(AuthorizationFlows.REFRESH_TOKEN));
        assertEquals("other settings are untouched", "Holidays", now.get("album"));

        // a signer made later (another page, another node) from the updated settings goes on without a refresh
        ProviderHttp later = ProviderHttp.builder("photos").build().withSigner(clients.signer(provider.id(), context));
        assertEquals("ann", later.getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText());
        assertEquals(now, context.endpoint().settings());
    }

    @Test
    public void itemsOfOneJobInFlightAtOnceRefreshAnExpiringTokenOnce() throws Exception {
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint(provider.id(), granted));
        server.clock.advance(Duration.ofSeconds(AuthorizationServer.TOKEN_SECONDS - 30));
        int items = 8;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(items);
        try {
            java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(items);
            java.util.List<java.util.concurrent.Future<String>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < items; i++) {
                // each item asks for its signer, as an adapter does per call, with the job's one scratch
                answers.add(pool.submit(() -> {
                    together.await();
                    return ProviderHttp.builder("photos").build().withSigner(clients.signer(provider.id(), context))
                            .getJson(server.userInfo(), OnNotFound.FAIL).path("sub").asText();
                }));
            }
            for (java.util.concurrent.Future<String> answer : answers) {
                assertEquals("ann", answer.get(30, java.util.concurrent.TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        long refreshGrants = server.requests().stream().filter(r -> r.getPath().endsWith("/token"))
                .filter(r -> "refresh_token".equals(AuthorizationServer.form(r).get("grant_type"))).count();
        assertEquals(1, refreshGrants);
    }

    @Test
    public void revokesTheTransfersTokensAndSaysWhenThereIsNothingToRevoke() throws Exception {
        assertTrue(clients.revoke(provider.id(), new TransferEndpoint(provider.id(), granted)));
        assertFalse("no tokens in the settings", clients.revoke(provider.id(), new TransferEndpoint(provider.id(), Map.of())));
        assertFalse("no client registered", clients.revoke("elsewhere", new TransferEndpoint("elsewhere", granted)));
    }

    @Test
    public void clearErrorsWithoutTokensOrAClientOrWithABadExpiry() {
        TestTransferContext noTokens = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint(provider.id(), Map.of()));
        assertTrue(assertThrows(InvalidEndpointException.class, () -> clients.signer(provider.id(), noTokens))
                .getMessage().contains("accessToken"));
        TestTransferContext unregistered = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("elsewhere", granted));
        assertTrue(assertThrows(InvalidEndpointException.class, () -> clients.signer("elsewhere", unregistered))
                .getMessage().contains("org.dtp.oauth2.client-elsewhere.cfg"));
        Map<String, String> badExpiry = new java.util.HashMap<>(granted);
        badExpiry.put(AuthorizationFlows.TOKEN_EXPIRES_AT, "tomorrow");
        InvalidEndpointException bad = assertThrows(InvalidEndpointException.class, () -> clients.signer(provider.id(),
                new TestTransferContext(UUID.randomUUID(), new TransferEndpoint(provider.id(), badExpiry))));
        assertFalse("no token in the message", bad.getMessage().contains(granted.get(AuthorizationFlows.ACCESS_TOKEN)));
    }
}
