package org.dtp.adapters.metagraph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.adapters.metagraph.fake.FakeGraph;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderConnection;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.http.RequestSigner;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The shared Graph client against the fake Graph API: paging, error codes, throttling waits, media hosts. */
public class GraphApiTest {
    private FakeGraph fake;
    private GraphConnection connection;
    private String token;

    @Before
    public void start() throws Exception {
        fake = new FakeGraph();
        List<ObjectNode> things = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            things.add(FakeGraph.JSON.createObjectNode().put("id", "t" + i));
        }
        fake.route("/me/things", (path, query, user) -> FakeGraph.Answer.json(fake.page(things, query, "/me/things", 25)));
        connection = new GraphConnection(ProviderConnection.builder(ProviderHttp.builder("Graph")
                .rateLimiter(RateLimiter.perSecond(100)).requestTimeout(Duration.ofSeconds(10)).build()).build(),
                fake.apiBase(), List.of("fbcdn.net"), GraphConnection.MAX_PAGE_SIZE, Duration.ofSeconds(2));
        token = fake.issueToken("ann");
    }

    @After
    public void stop() {
        fake.close();
    }

    private GraphApi api(String bearer) {
        RequestSigner signer = request -> request.setHeader("Authorization", "Bearer " + bearer);
        return connection.api(signer);
    }

    @Test
    public void pagesFollowTheAfterCursorUntilNoNextIsGiven() throws Exception {
        List<String> ids = new ArrayList<>();
        String after = null;
        int pages = 0;
        do {
            GraphPage page = api(token).page("/me/things", Map.of("limit", "3", "fields", "id"), after);
            page.data().forEach(n -> ids.add(n.path("id").asText()));
            after = page.after();
            pages++;
        } while (after != null);
        assertEquals(List.of("t0", "t1", "t2", "t3", "t4", "t5", "t6"), ids);
        assertEquals(3, pages);
        assertTrue("the token went as a header, never in the query",
                fake.seen().stream().allMatch(s -> !s.query().containsKey("access_token") && ("Bearer " + token).equals(s.authorization())));
    }

    @Test
    public void anExpiredTokenIsARefusedAuthorizationNamingError190() {
        fake.expire(token);
        AuthorizationRefusedException e = assertThrows(AuthorizationRefusedException.class,
                () -> api(token).get("/me/things", Map.of()));
        assertTrue(e.getMessage(), e.getMessage().contains("190/463") && e.getMessage().contains("authorized again"));
        assertFalse("no token in the message", e.getMessage().contains(token));
    }

    @Test
    public void applicationThrottlingWaitsTheConfiguredTimeForEveryRequest() throws Exception {
        fake.throttleNext(1, false);
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> api(token).get("/me/things", Map.of()));
        assertEquals(Duration.ofSeconds(2), e.retryAfter().orElseThrow());
        assertTrue(e.getMessage(), e.getMessage().contains("Graph error 4"));
        long before = System.nanoTime();
        JsonNode again = api(token).get("/me/things", Map.of());
        assertEquals(7, again.path("data").size());
        assertTrue("the next request waited for the throttle", System.nanoTime() - fake.throttledAtNanos() >= 1_900_000_000L);
        assertTrue(System.nanoTime() - before >= 1_500_000_000L);
    }

    @Test
    public void businessUseCaseThrottlingTakesMetasEstimatedTimeToRegainAccess() {
        fake.throttleNext(1, true);
        TransientAdapterException e = assertThrows(TransientAdapterException.class, () -> api(token).get("/me/things", Map.of()));
        assertEquals("estimated_time_to_regain_access is in minutes", Duration.ofMinutes(1), e.retryAfter().orElseThrow());
    }

    @Test
    public void mediaComeOnlyFromMediaHostsOrTheApiHostAndNeverSigned() throws Exception {
        byte[] bytes = "jpeg bytes".getBytes();
        String address = fake.cdn("a.jpg", bytes);
        try (InputStream in = api(token).download(URI.create(address))) {
            assertArrayEquals(bytes, in.readAllBytes());
        }
        assertNull("the CDN gets no token", fake.seen().get(fake.seen().size() - 1).authorization());
        assertThrows(ItemRejectedException.class, () -> api(token).download(URI.create("https://evil.example/a.jpg")));
        assertThrows(ItemRejectedException.class, () -> api(token).download(URI.create(fake.root() + "cdn/missing.jpg")));
    }
}
