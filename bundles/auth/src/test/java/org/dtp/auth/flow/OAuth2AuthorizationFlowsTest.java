package org.dtp.auth.flow;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.AuthorizationServer;
import org.dtp.auth.oauth2.AuthorizationStateException;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.transfer.Direction;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The server's sign-in flow against a real OAuth 2.0 server (mock-oauth2-server) on loopback. */
public class OAuth2AuthorizationFlowsTest {
    private static final URI CALLBACK = URI.create("http://127.0.0.1:8181/api/v1/oauth/callback/photos");

    @Rule
    public final AuthorizationServer server = new AuthorizationServer(false);

    private OAuth2AuthorizationFlows flows;

    /** A client registration as Config Admin would give it, for the test server. */
    static OAuth2ClientRegistration registration(OAuth2Provider p, URI redirect) {
        Map<String, Object> values = Map.of("provider", p.id(), "authorizationEndpoint", p.authorizationEndpoint().toString(),
                "tokenEndpoint", p.tokenEndpoint().toString(), "revocationEndpoint", p.revocationEndpoint().toString(),
                "clientId", p.clientId(), "_clientSecret", p.clientSecret(), "redirectUri", redirect.toString(),
                "exportScopes", p.scopes().get(Direction.EXPORT).toArray(new String[0]),
                "importScopes", p.scopes().get(Direction.IMPORT).toArray(new String[0]));
        OAuth2ClientRegistration.Config config = (OAuth2ClientRegistration.Config) Proxy.newProxyInstance(
                OAuth2ClientRegistration.Config.class.getClassLoader(), new Class<?>[]{OAuth2ClientRegistration.Config.class},
                (proxy, method, args) -> method.getName().equals("annotationType") ? OAuth2ClientRegistration.Config.class
                        : values.getOrDefault(method.getName(), method.getDefaultValue()));
        return new OAuth2ClientRegistration(config);
    }

    @Before
    public void setUp() {
        flows = new OAuth2AuthorizationFlows(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(),
                Clock.systemUTC());
        flows.addClient(registration(server.provider(OAuth2Provider.ClientAuthentication.CLIENT_SECRET_BASIC), CALLBACK));
    }

    @Test
    public void aUserSignsInAndATransferRedeemsTheTokensOnce() throws Exception {
        assertEquals(List.of("photos"), flows.providers());
        AuthorizationFlows.Started started = flows.begin("ann", "session-1", "photos", Direction.EXPORT);
        assertEquals(Optional.of(AuthorizationFlows.Status.PENDING), flows.status("ann", started.id()));
        assertTrue(started.authorizationUrl().getQuery().contains("scope=openid photos.read"));

        Map<String, String> back = server.authorize(started.authorizationUrl());
        assertEquals(CALLBACK.toString(), back.get("redirectedTo"));
        UUID id = flows.complete("photos", "session-1", back.get("state"), back.get("code"));

        assertEquals(started.id(), id);
        assertEquals(Optional.of(AuthorizationFlows.Status.AUTHORIZED), flows.status("ann", id));
        assertEquals(Optional.empty(), flows.status("bob", id));
        assertThrows(IllegalArgumentException.class, () -> flows.redeem("bob", id, "photos", Direction.EXPORT));
        assertThrows(IllegalArgumentException.class, () -> flows.redeem("ann", id, "photos", Direction.IMPORT));

        Map<String, String> settings = flows.redeem("ann", id, "photos", Direction.EXPORT);
        String token = settings.get(AuthorizationFlows.ACCESS_TOKEN);
        HttpResponse<String> userInfo = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.userInfo())
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(userInfo.body(), 200, userInfo.statusCode());
        assertTrue(settings.containsKey(AuthorizationFlows.TOKEN_EXPIRES_AT));
        assertThrows("single use", IllegalArgumentException.class, () -> flows.redeem("ann", id, "photos", Direction.EXPORT));
        assertEquals(Optional.empty(), flows.status("ann", id));
    }

    @Test
    public void oneUsersFloodOfSignInsIsCappedAndLeavesOtherUsersSignInsAlone() {
        int refused = 0;
        for (int i = 0; i < 10_050; i++) {
            try {
                flows.begin("mallory", "session-m", "photos", Direction.EXPORT);
            } catch (IllegalStateException e) {
                refused++;
                assertTrue(e.getMessage(), e.getMessage().startsWith("you have " + OAuth2AuthorizationFlows.MAX_PENDING_PER_USER
                        + " sign-ins waiting"));
            }
        }

        assertEquals(10_050 - OAuth2AuthorizationFlows.MAX_PENDING_PER_USER, refused);
        AuthorizationFlows.Started anns = flows.begin("ann", "session-a", "photos", Direction.EXPORT);
        assertEquals(Optional.of(AuthorizationFlows.Status.PENDING), flows.status("ann", anns.id()));
    }

    @Test
    public void aCallbackFromAnotherSessionOrToAnotherProvidersCallbackIsRefused() throws Exception {
        OAuth2Provider other = server.provider(OAuth2Provider.ClientAuthentication.CLIENT_SECRET_BASIC);
        flows.addClient(registration(new OAuth2Provider("other", other.authorizationEndpoint(), other.tokenEndpoint(),
                other.revocationEndpoint(), other.clientId(), other.clientSecret(), other.clientAuthentication(),
                other.redirectUris(), other.scopes(), Map.of()), URI.create("http://127.0.0.1:8181/api/v1/oauth/callback/other")));

        AuthorizationFlows.Started first = flows.begin("ann", "session-1", "photos", Direction.IMPORT);
        Map<String, String> back = server.authorize(first.authorizationUrl());
        AuthorizationStateException e = assertThrows(AuthorizationStateException.class,
                () -> flows.complete("photos", "session-2", back.get("state"), back.get("code")));
        assertFalse(e.getMessage().contains(back.get("code")));
        assertEquals(Optional.of(AuthorizationFlows.Status.PENDING), flows.status("ann", first.id()));

        AuthorizationFlows.Started second = flows.begin("ann", "session-1", "photos", Direction.IMPORT);
        Map<String, String> again = server.authorize(second.authorizationUrl());
        assertThrows(AuthorizationStateException.class, () -> flows.complete("other", "session-1", again.get("state"), again.get("code")));
        assertThrows("the state was used up", AuthorizationStateException.class,
                () -> flows.complete("photos", "session-1", again.get("state"), again.get("code")));
    }

    @Test
    public void aUserWhoSaysNoIsDeniedAndUnknownProvidersAreRefused() throws Exception {
        AuthorizationFlows.Started started = flows.begin("ann", "s", "photos", Direction.EXPORT);
        String state = server.authorize(started.authorizationUrl()).get("state");

        assertEquals(started.id(), flows.deny("photos", "s", state));
        assertEquals(Optional.of(AuthorizationFlows.Status.DENIED), flows.status("ann", started.id()));
        assertThrows(IllegalArgumentException.class, () -> flows.redeem("ann", started.id(), "photos", Direction.EXPORT));
        assertThrows(IllegalArgumentException.class, () -> flows.begin("ann", "s", "nowhere", Direction.EXPORT));
    }
}
