package org.dtp.notifications;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The webhook against a real HTTP server on loopback: signed JSON bodies, retries on 5xx only. */
public class WebhookPosterTest {
    private static final String SECRET = "webhook-shared-secret-42";
    private static final Instant AT = Instant.parse("2026-12-03T12:00:00Z");

    private HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    /** Statuses to answer, in order; 204 once they run out. */
    private final LinkedBlockingQueue<Integer> statuses = new LinkedBlockingQueue<>();

    private record Received(String method, String contentType, String signature, byte[] body) {
    }

    @Before
    public void setUp() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hooks/dtp", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst(WebhookPoster.SIGNATURE_HEADER), body));
            Integer status = statuses.poll();
            exchange.sendResponseHeaders(status == null ? 204 : status, -1);
            exchange.close();
        });
        server.start();
    }

    @After
    public void tearDown() {
        server.stop(0);
    }

    private WebhookPoster poster(String url, String secret, int attempts) {
        return new WebhookPoster(URI.create(url), secret, attempts, Duration.ofMillis(20), Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/dtp?token=receiver-token";
    }

    private static TransferEvent ended() {
        TransferJob job = new TransferJob(UUID.fromString("6f1c1b7e-3f2a-4d0e-9a63-0c2b8f6d1a11"), Vertical.TASKS,
                new TransferEndpoint("tasks-source", Map.of("password", "never-in-a-webhook")),
                new TransferEndpoint("tasks-sink", Map.of()), JobState.COMPLETED_WITH_ERRORS, "1 item could not be copied",
                AT.minusSeconds(60), AT, 3, 1234, 1, null, null, "ann", null);
        return new TransferEvent(TransferEvent.Kind.ENDED, job, AT);
    }

    @Test
    public void theBodyDescribesTheEventAndItsSignatureVerifies() throws Exception {
        assertEquals(204, poster(url(), SECRET, 3).post(ended()));

        assertEquals(1, received.size());
        Received r = received.get(0);
        assertEquals("POST", r.method());
        assertEquals("application/json", r.contentType());
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertEquals("sha256=" + HexFormat.of().formatHex(mac.doFinal(r.body())), r.signature());

        JsonNode body = new ObjectMapper().readTree(r.body());
        assertEquals("ended", body.get("event").asText());
        assertEquals("6f1c1b7e-3f2a-4d0e-9a63-0c2b8f6d1a11", body.get("transferId").asText());
        assertEquals("ann", body.get("owner").asText());
        assertEquals("COMPLETED_WITH_ERRORS", body.get("state").asText());
        assertEquals("tasks", body.get("vertical").asText());
        assertEquals(3, body.get("counts").get("items").asLong());
        assertEquals(1234, body.get("counts").get("bytes").asLong());
        assertEquals(1, body.get("counts").get("errors").asLong());
        assertEquals("2026-12-03T12:00:00Z", body.get("at").asText());
        assertFalse(new String(r.body(), StandardCharsets.UTF_8).contains("never-in-a-webhook"));
    }

    @Test
    public void aTamperedBodyDoesNotMatchTheSignature() throws Exception {
        poster(url(), SECRET, 1).post(ended());
        Received r = received.get(0);
        byte[] tampered = new String(r.body(), StandardCharsets.UTF_8).replace("\"ann\"", "\"bob\"").getBytes(StandardCharsets.UTF_8);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertFalse(r.signature().equals("sha256=" + HexFormat.of().formatHex(mac.doFinal(tampered))));
    }

    @Test
    public void aServerErrorIsRetriedAndTheSameBodyArrivesAgain() throws Exception {
        statuses.add(500);
        statuses.add(503);
        assertEquals(204, poster(url(), SECRET, 3).post(ended()));

        assertEquals(3, received.size());
        assertEquals(new String(received.get(0).body(), StandardCharsets.UTF_8), new String(received.get(2).body(), StandardCharsets.UTF_8));
        assertEquals(received.get(0).signature(), received.get(2).signature());
    }

    @Test
    public void aServerThatKeepsFailingGivesUpAfterTheAttemptsWithTheLastStatus() {
        for (int i = 0; i < 5; i++) {
            statuses.add(500);
        }
        WebhookPoster.WebhookException e = assertThrows(WebhookPoster.WebhookException.class, () -> poster(url(), SECRET, 3).post(ended()));
        assertEquals("HTTP 500", e.getMessage());
        assertEquals(3, received.size());
    }

    @Test
    public void aRefusalIsNotRetried() {
        statuses.add(400);
        WebhookPoster.WebhookException e = assertThrows(WebhookPoster.WebhookException.class, () -> poster(url(), SECRET, 3).post(ended()));
        assertEquals("HTTP 400", e.getMessage());
        assertEquals(1, received.size());
    }

    @Test
    public void noServerIsRetriedThenReportedWithoutTheUrlsToken() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        WebhookPoster poster = poster("http://127.0.0.1:" + port + "/hook?token=receiver-token", SECRET, 2);
        long start = System.nanoTime();
        WebhookPoster.WebhookException e = assertThrows(WebhookPoster.WebhookException.class, () -> poster.post(ended()));
        assertTrue(e.getMessage(), e.getMessage().contains("ConnectException"));
        assertFalse(e.getMessage().contains("receiver-token"));
        assertEquals("http://127.0.0.1:" + port, poster.describe());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
    }

    @Test
    public void withoutASecretNoSignatureIsSent() throws Exception {
        poster(url(), "", 1).post(ended());
        assertEquals(null, received.get(0).signature());
    }

    @Test
    public void onlyHttpUrlsAreAccepted() {
        assertThrows(IllegalArgumentException.class, () -> poster("file:///etc/passwd", SECRET, 1));
        assertThrows(IllegalArgumentException.class, () -> poster("/relative", SECRET, 1));
    }
}
