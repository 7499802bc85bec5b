package org.dtp.auth.oauth1;

import com.sun.net.httpserver.HttpServer;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.ProviderHttp;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The flow's requests and answers against a loopback server that answers like RFC 5849 §2. */
public class OAuth1FlowTest {
    private HttpServer server;
    private final List<Map<String, String>> authorizations = new CopyOnWriteArrayList<>();
    private volatile String requestTokenAnswer = "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true";
    private OAuth1Flow flow;

    @Before
    public void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/initiate", ex -> answer(ex, requestTokenAnswer));
        server.createContext("/token", ex -> answer(ex, "oauth_token=nnch734d00sl2jdk&oauth_token_secret=pfkkdhi9sl3r4s00&user_id=42"));
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        flow = new OAuth1Flow(ProviderHttp.builder("Photos").build(),
                new OAuth1Endpoints(URI.create(base + "/initiate"), URI.create("https://photos.example.net/authorize?lang=en"),
                        URI.create(base + "/token")),
                new ClientCredentials("dpf43f3p2l4k3l03", "kd94hf93k423kf44"));
    }

    private void answer(com.sun.net.httpserver.HttpExchange ex, String body) throws IOException {
        authorizations.add(OAuth1SignerTest.parse(ex.getRequestHeaders().getFirst("Authorization")));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/x-www-form-urlencoded");
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @After
    public void stop() {
        server.stop(0);
    }

    @Test
    public void theThreeLegs() throws AdapterException {
        TokenCredentials temporary = flow.requestToken("http://printer.example.com/ready");
        assertEquals(new TokenCredentials("hh5s93j4hdidpola", "hdhd0244k9j7ao03"), temporary);
        assertEquals("http://printer.example.com/ready", authorizations.get(0).get("oauth_callback"));

        URI authorize = flow.authorizationUri(temporary, Map.of("Access", "Full"));
        assertEquals("https://photos.example.net/authorize?lang=en&oauth_token=hh5s93j4hdidpola&Access=Full", authorize.toString());

        OAuth1Flow.AccessToken access = flow.accessToken(temporary, "hfdp7dh39dks9884");
        assertEquals(new TokenCredentials("nnch734d00sl2jdk", "pfkkdhi9sl3r4s00"), access.credentials());
        assertEquals(Map.of("user_id", "42"), access.additional());
        assertEquals("hfdp7dh39dks9884", authorizations.get(1).get("oauth_verifier"));
        assertEquals("hh5s93j4hdidpola", authorizations.get(1).get("oauth_token"));
    }

    @Test
    public void anUnconfirmedCallbackIsRefused() {
        requestTokenAnswer = "oauth_token=a&oauth_token_secret=b";
        try {
            flow.requestToken("oob");
            throw new AssertionError("expected a refusal");
        } catch (AdapterException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("oauth_callback_confirmed"));
        }
    }

    @Test
    public void anAnswerWithoutATokenIsRefused() {
        requestTokenAnswer = "oauth_problem=consumer_key_rejected&oauth_callback_confirmed=true";
        try {
            flow.requestToken("oob");
            throw new AssertionError("expected a refusal");
        } catch (AdapterException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("no temporary credentials"));
        }
    }
}
