package org.dtp.rest;

import no.nav.security.mock.oauth2.MockOAuth2Server;
import org.dtp.auth.flow.OAuth2AuthorizationFlows;
import org.dtp.auth.flow.OAuth2ClientRegistration;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.Transfer;
import org.dtp.rest.ApiModel.TransferBody;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import javax.ws.rs.core.NewCookie;
import javax.ws.rs.core.Response;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Sign-in at a provider through the REST resources, against a real OAuth 2.0 server (mock-oauth2-server). */
public class SignInTest {
    private static final String CALLBACK = "http://127.0.0.1:8181/api/v1/oauth/callback/localfs";

    private final MockOAuth2Server server = new MockOAuth2Server();
    private final FakeTransferService service = new FakeTransferService();
    private final OAuth2AuthorizationFlows flows = new OAuth2AuthorizationFlows();
    private final AuthorizationResource signIns = new AuthorizationResource(flows);
    private final TransferResource transfers = new TransferResource(service, flows, new TransferEventStreams(service, java.time.Clock.systemUTC(), Runnable::run));
    private final HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @Before
    public void setUp() throws Exception {
        server.start(InetAddress.getLoopbackAddress(), 0);
        register("localfs", CALLBACK);
    }

    /** An OAuth 2.0 client of {@code provider} at the test server, as an operator's factory configuration. */
    private void register(String provider, String redirectUri) {
        Map<String, Object> values = Map.of("provider", provider,
                "authorizationEndpoint", server.authorizationEndpointUrl("test").toString(),
                "tokenEndpoint", server.tokenEndpointUrl("test").toString(), "clientId", "dtp",
                "_clientSecret", "client-secret-4711", "redirectUri", redirectUri,
                "exportScopes", new String[]{"openid", "photos.read"}, "importScopes", new String[]{"openid", "photos.write"});
        flows.addClient(new OAuth2ClientRegistration((OAuth2ClientRegistration.Config) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[]{OAuth2ClientRegistration.Config.class},
                (p, m, a) -> m.getName().equals("annotationType") ? OAuth2ClientRegistration.Config.class
                        : values.getOrDefault(m.getName(), m.getDefaultValue()))));
    }

    @After
    public void tearDown() {
        server.shutdown();
    }

    /** The provider's answer as the browser brings it back: code and state of the redirect's query. */
    private Map<String, String> consent(URI authorizationUrl) throws Exception {
        HttpResponse<String> answer = browser.send(HttpRequest.newBuilder(authorizationUrl).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(answer.body(), 302, answer.statusCode());
        URI back = URI.create(answer.headers().firstValue("Location").orElseThrow());
        assertTrue(back.toString(), back.toString().startsWith(CALLBACK + "?"));
        Map<String, String> query = new HashMap<>();
        for (String pair : back.getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            query.put(kv[0], java.net.URLDecoder.decode(kv[1], java.nio.charset.StandardCharsets.UTF_8));
        }
        return query;
    }

    private static TransferBody transfer(String authorization) {
        return new TransferBody("media", new Endpoint("localfs", Map.of("path", "/p", "authorization", authorization)),
                new Endpoint("localfs", Map.of("path", "/b")), null);
    }

    @Test
    public void aSignInEndsInTheTransfersSettingsWithoutTheTokenEverReachingTheClient() throws Exception {
        Response begun = signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("localfs", "export"));
        assertEquals(201, begun.getStatus());
        NewCookie cookie = (NewCookie) begun.getMetadata().getFirst("Set-Cookie");
        assertTrue(cookie.isHttpOnly());
        assertFalse("the callback is http here: a Secure cookie would not come back", cookie.isSecure());
        AuthorizationResource.Started started = (AuthorizationResource.Started) begun.getEntity();
        assertTrue(started.authorizationUrl().getQuery().contains("code_challenge_method=S256"));

        Map<String, String> back = consent(started.authorizationUrl());
        Response page = signIns.callback("localfs", cookie.getValue(), back.get("state"), back.get("code"), null, null);
        assertEquals(200, page.getStatus());
        String html = (String) page.getEntity();
        assertTrue(html, html.contains(started.id().toString()));
        assertEquals("AUTHORIZED", signIns.status(Callers.ANN, started.id().toString()).status());
        Problems.expect(404, () -> signIns.status(Callers.BOB, started.id().toString()));

        Problem others = Problems.expect(422, () -> transfers.create(Callers.BOB, transfer(started.id().toString())));
        assertTrue(others.detail(), others.detail().startsWith("source: "));
        Transfer created = (Transfer) transfers.create(Callers.ANN, transfer(started.id().toString())).getEntity();

        String token = service.lastRequest.source().settings().get(AuthorizationFlows.ACCESS_TOKEN);
        assertTrue(token != null && token.length() > 20);
        assertFalse(service.lastRequest.source().settings().containsKey(AuthorizationFlows.AUTHORIZATION_SETTING));
        assertEquals("***", created.source().settings().get(AuthorizationFlows.ACCESS_TOKEN));
        assertFalse(html.contains(token));
        Problems.expect(422, () -> transfers.create(Callers.ANN, transfer(started.id().toString())));
    }

    /** A sign-in of ann at localfs for export, granted by the provider: its id. */
    private String grantedSignIn() throws Exception {
        Response begun = signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("localfs", "export"));
        NewCookie cookie = (NewCookie) begun.getMetadata().getFirst("Set-Cookie");
        AuthorizationResource.Started started = (AuthorizationResource.Started) begun.getEntity();
        Map<String, String> back = consent(started.authorizationUrl());
        assertEquals(200, signIns.callback("localfs", cookie.getValue(), back.get("state"), back.get("code"), null, null).getStatus());
        return started.id().toString();
    }

    @Test
    public void aRefusedTransferLeavesItsSignInUsableForTheNextRequest() throws Exception {
        String id = grantedSignIn();
        TransferBody refused = new TransferBody("media", new Endpoint("localfs", Map.of("path", "/p", "authorization", id)),
                new Endpoint("nowhere", Map.of("path", "/b")), null);

        Problems.expect(422, () -> transfers.create(Callers.ANN, refused));
        assertEquals(201, transfers.create(Callers.ANN, transfer(id)).getStatus());

        assertTrue(service.lastRequest.source().settings().containsKey(AuthorizationFlows.ACCESS_TOKEN));
        Problems.expect(422, () -> transfers.create(Callers.ANN, transfer(id))); // accepted once: used up
    }

    @Test
    public void aSyncRedeemsItsSignInOnceItsScheduleIsAcceptedAndATransferCannotUseItToo() throws Exception {
        String id = grantedSignIn();
        FakeSyncService syncs = new FakeSyncService();
        SignInClaims claims = new SignInClaims(flows);
        SyncResource syncResource = new SyncResource(syncs, claims);
        TransferResource sharing = new TransferResource(service, claims,
                new TransferEventStreams(service, java.time.Clock.systemUTC(), Runnable::run));
        Map<String, String> source = Map.of("path", "/p", "authorization", id);

        Problems.expect(400, () -> syncResource.create(Callers.ANN, new ApiModel.SyncBody("media",
                new Endpoint("localfs", source), new Endpoint("localfs", Map.of("path", "/b")), "1m", null)));
        assertEquals(201, syncResource.create(Callers.ANN, new ApiModel.SyncBody("media", new Endpoint("localfs", source),
                new Endpoint("localfs", Map.of("path", "/b")), "24h", null)).getStatus());

        Map<String, String> kept = syncs.requests.get(0).transfer().source().settings();
        assertTrue(kept.containsKey(AuthorizationFlows.ACCESS_TOKEN));
        assertFalse(kept.containsKey(AuthorizationFlows.AUTHORIZATION_SETTING));
        Problems.expect(422, () -> sharing.create(Callers.ANN, transfer(id))); // the sync used it up
    }

    @Test
    public void anEstimateBorrowsTheSignInsTokensAndTheTransferStillRedeemsIt() throws Exception {
        String id = grantedSignIn();
        EstimateResourceTest.PagedSource source = new EstimateResourceTest.PagedSource(1, 2, 0);
        EstimateResource estimates = new EstimateResource((provider, vertical) ->
                Optional.of(source), flows);
        ApiModel.EstimateBody body = new ApiModel.EstimateBody("media", new Endpoint("localfs", Map.of("path", "/p", "authorization", id)), null);

        Problems.expect(422, () -> estimates.estimate(Callers.BOB, null, body));
        ApiModel.Estimate estimate = estimates.estimate(Callers.ANN, null, body);
        assertTrue(estimate.complete());
        assertEquals(3, estimate.items());
        String token = source.settingsSeen.get(AuthorizationFlows.ACCESS_TOKEN);
        assertTrue(token != null && token.length() > 20);
        assertFalse(source.settingsSeen.containsKey(AuthorizationFlows.AUTHORIZATION_SETTING));

        transfers.create(Callers.ANN, transfer(id));
        assertEquals("the transfer redeemed the sign-in the estimate borrowed", token,
                service.lastRequest.source().settings().get(AuthorizationFlows.ACCESS_TOKEN));
        Problems.expect(422, () -> estimates.estimate(Callers.ANN, null, body));
    }

    @Test
    public void theSignInCookiesAreSecureWhenTheCallbackIsHttps() {
        register("smugmug", "https://dtp.example.org/api/v1/oauth/callback/smugmug");

        Response begun = signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("smugmug", "export", "/portal/"));

        for (Object cookie : begun.getMetadata().get("Set-Cookie")) {
            assertTrue(cookie.toString(), ((NewCookie) cookie).isSecure() && ((NewCookie) cookie).isHttpOnly());
        }
    }

    @Test
    public void aCallbackInAnotherBrowserOrReplayedIsRefused() throws Exception {
        Response begun = signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("localfs", "import"));
        AuthorizationResource.Started started = (AuthorizationResource.Started) begun.getEntity();
        Map<String, String> back = consent(started.authorizationUrl());

        assertEquals(400, signIns.callback("localfs", "another-browser-session-cookie-value", back.get("state"),
                back.get("code"), null, null).getStatus());
        assertEquals(400, signIns.callback("localfs", null, back.get("state"), back.get("code"), null, null).getStatus());
        String cookie = ((NewCookie) begun.getMetadata().getFirst("Set-Cookie")).getValue();
        assertEquals("the state was used up by the refused try", 400,
                signIns.callback("localfs", cookie, back.get("state"), back.get("code"), null, null).getStatus());
        assertEquals("PENDING", signIns.status(Callers.ANN, started.id().toString()).status());
    }

    @Test
    public void badRequestsAreClearProblems() {
        Problems.expect(400, () -> signIns.begin(Callers.ANN, null, null));
        Problems.expect(400, () -> signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("localfs", "sideways")));
        Problems.expect(422, () -> signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("nowhere", "export")));
        Problems.expect(422, () -> transfers.create(Callers.ANN, transfer("not-a-uuid")));
        Problems.expect(404, () -> signIns.status(Callers.ANN, "nope"));
    }

    @Test
    public void aSignInThatNamedAPageOfThisServerSendsTheBrowserBackToIt() throws Exception {
        Response begun = signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("localfs", "export", "/portal/?back=1"));
        String session = null;
        String returnTo = null;
        for (Object header : begun.getMetadata().get("Set-Cookie")) {
            NewCookie cookie = (NewCookie) header;
            assertTrue(cookie.isHttpOnly());
            if (cookie.getName().equals(AuthorizationResource.SESSION_COOKIE)) {
                session = cookie.getValue();
            } else if (cookie.getName().equals(AuthorizationResource.RETURN_COOKIE)) {
                returnTo = cookie.getValue();
                assertEquals(AuthorizationResource.CALLBACK_PATH, cookie.getPath());
            }
        }
        assertEquals("/portal/?back=1", returnTo);
        AuthorizationResource.Started started = (AuthorizationResource.Started) begun.getEntity();
        Map<String, String> back = consent(started.authorizationUrl());

        Response answer = signIns.callback("localfs", session, back.get("state"), back.get("code"), null, returnTo);

        assertEquals(303, answer.getStatus());
        assertEquals("/portal/?back=1", answer.getLocation().toString());
        assertEquals("AUTHORIZED", signIns.status(Callers.ANN, started.id().toString()).status());
        // a cookie that is no path of this server is no redirect
        assertEquals(400, signIns.callback("localfs", session, "used", "x", null, "//evil.example/").getStatus());
    }

    @Test
    public void aReturnPageElsewhereIsRefused() {
        for (String elsewhere : new String[]{"//evil.example/", "https://evil.example/", "/\\evil.example", "portal/", "/p\r\nX: y"}) {
            Problems.expect(400, () -> signIns.begin(Callers.ANN, null, new AuthorizationResource.AuthorizationBody("localfs", "export", elsewhere)));
        }
        assertTrue(AuthorizationResource.isLocalPath("/portal/"));
    }
}
