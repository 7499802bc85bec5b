package org.dtp.spi.http;

import org.dtp.kit.testing.GeneratedStream;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class ProviderHttpTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private TestServer server;
    private ProviderHttp http;

    @Before
    public void start() throws IOException {
        server = new TestServer();
        http = ProviderHttp.builder("Acme").clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .requestTimeout(Duration.ofSeconds(5)).build();
    }

    @After
    public void stop() {
        server.close();
    }

    @Test
    public void getJsonReadsTheAnswer() throws Exception {
        server.handler(ex -> TestServer.respond(ex, 200, "{\"Response\":{\"Uri\":\"/x\"}}"));
        JsonNode node = http.getJson(server.uri("/x"), OnNotFound.FAIL);
        assertEquals("/x", node.path("Response").path("Uri").asText());
    }

    @Test
    public void tooManyRequestsIsTransientWithRetryAfterInSeconds() {
        server.handler(ex -> {
            ex.getResponseHeaders().set("Retry-After", "7");
            TestServer.respond(ex, 429, "{\"Message\":\"slow down\"}");
        });
        TransientAdapterException e = expect(TransientAdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(Duration.ofSeconds(7), e.retryAfter().orElseThrow());
        assertTrue(e.getMessage(), e.getMessage().contains("429") && e.getMessage().contains("slow down"));
    }

    @Test
    public void insufficientStorageMeansTheDestinationIsFullNotAnItemError() {
        server.handler(ex -> TestServer.respond(ex, 507, "{\"Message\":\"quota\"}"));

        org.dtp.spi.DestinationFullException e = expect(org.dtp.spi.DestinationFullException.class,
                () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));

        assertTrue(e.getMessage(), e.getMessage().contains("507 Insufficient Storage"));
    }

    @Test
    public void serviceUnavailableIsTransientWithRetryAfterAsHttpDate() {
        server.handler(ex -> {
            ex.getResponseHeaders().set("Retry-After", "Sun, 01 Mar 2026 12:01:30 GMT");
            TestServer.respond(ex, 503, "");
        });
        TransientAdapterException e = expect(TransientAdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(Duration.ofSeconds(90), e.retryAfter().orElseThrow());
    }

    @Test
    public void serverErrorWithoutRetryAfterIsTransient() {
        server.handler(ex -> TestServer.respond(ex, 500, "oops"));
        TransientAdapterException e = expect(TransientAdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertTrue(e.retryAfter().isEmpty());
    }

    @Test
    public void unauthorizedSaysTheAuthorizationWasRefused() {
        server.handler(ex -> TestServer.respond(ex, 401, "{\"Code\":401,\"Message\":\"oauth_problem=signature_invalid\"}"));
        AuthorizationRefusedException e = expect(AuthorizationRefusedException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(401, e.status());
        assertEquals("oauth_problem=signature_invalid", e.providerMessage());
        assertTrue(e.getMessage(), e.getMessage().contains("refused the authorization"));
    }

    /** Signs with "Bearer t<n>"; after a 401 to the current token, the next signature uses a new one. */
    private static final class RotatingSigner implements RequestSigner {
        final java.util.concurrent.atomic.AtomicInteger token = new java.util.concurrent.atomic.AtomicInteger(1);
        final boolean canRefresh;

        RotatingSigner(boolean canRefresh) {
            this.canRefresh = canRefresh;
        }

        @Override
        public void sign(SignableRequest request) {
            request.setHeader("Authorization", "Bearer t" + token.get());
        }

        @Override
        public boolean unauthorized(SignableRequest signed) {
            if (canRefresh && ("Bearer t" + token.get()).equals(signed.headers().get("Authorization"))) {
                token.incrementAndGet();
                return true;
            }
            return false;
        }
    }

    @Test
    public void aSignerThatCanRenewItsTokenGetsOneMoreTryAfter401() throws Exception {
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.handler(ex -> {
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            seen.add(auth);
            TestServer.respond(ex, "Bearer t2".equals(auth) ? 200 : 401, "{\"ok\":true}");
        });
        ProviderHttp renewing = http.withSigner(new RotatingSigner(true));

        assertTrue(renewing.getJson(server.uri("/x"), OnNotFound.FAIL).path("ok").asBoolean());
        assertEquals(java.util.List.of("Bearer t1", "Bearer t2"), seen);

        // A second 401 after the new signature is final: no loop.
        server.handler(ex -> {
            seen.add(ex.getRequestHeaders().getFirst("Authorization"));
            TestServer.respond(ex, 401, "");
        });
        seen.clear();
        expect(AuthorizationRefusedException.class, () -> renewing.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(java.util.List.of("Bearer t2", "Bearer t3"), seen);

        // A signer that cannot renew, and an upload stream that cannot be sent twice, get no second try.
        seen.clear();
        expect(AuthorizationRefusedException.class, () -> http.withSigner(new RotatingSigner(false)).getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals(1, seen.size());
        seen.clear();
        RotatingSigner renewed = new RotatingSigner(true);
        TransientAdapterException e = expect(TransientAdapterException.class, () -> http.withSigner(renewed).upload(server.uri("/u"),
                java.util.Map.of(), "image/jpeg", new java.io.ByteArrayInputStream(new byte[10]), 10, OnNotFound.FAIL));
        assertEquals(1, seen.size());
        // ...but the upload's failure is transient: the engine's retry sends a new stream with the renewed token.
        assertTrue(e.getMessage(), e.getMessage().contains("renewed for the next attempt"));
        assertEquals(2, renewed.token.get());
    }

    @Test
    public void forbiddenSaysTheAuthorizationWasRefused() {
        server.handler(ex -> TestServer.respond(ex, 403, ""));
        assertEquals(403, expect(AuthorizationRefusedException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL)).status());
    }

    @Test
    public void notFoundRejectsTheItemOrFailsAsTheCallerSays() {
        server.handler(ex -> TestServer.respond(ex, 404, ""));
        expect(ItemRejectedException.class, () -> http.getJson(server.uri("/x"), OnNotFound.REJECT_ITEM));
        AdapterException e = expect(AdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertFalse(e instanceof ItemRejectedException);
    }

    @Test
    public void otherClientErrorsRejectTheItemWithTheProvidersMessage() {
        server.handler(ex -> TestServer.respond(ex, 400, "{\"Code\":400,\"Message\":\"UrlName must start with a capital letter\"}"));
        ProviderRejectedException e = expect(ProviderRejectedException.class, () -> http.sendJson("POST", server.uri("/a"), Map.of("Name", "x"), OnNotFound.FAIL));
        assertTrue(e.getMessage(), e.getMessage().contains("UrlName must start with a capital letter"));
        assertEquals(400, e.status());
        assertEquals("UrlName must start with a capital letter", e.providerMessage());
    }

    @Test
    public void aTextOrHtmlAnswerIsNeverQuotedInTheMessage() {
        for (int status : List.of(400, 403, 404, 500)) {
            server.handler(ex -> TestServer.respond(ex, status, "<html>internal-secret-7f3a</html>"));
            AdapterException e = expect(AdapterException.class, () -> http.getJson(server.uri("/a"), OnNotFound.FAIL));
            assertFalse(e.getMessage(), e.getMessage().contains("internal-secret"));
            assertTrue(e.getMessage(), e.getMessage().contains(String.valueOf(status)) && e.getMessage().contains("GET"));
        }
        server.handler(ex -> TestServer.respond(ex, 400, "oauth_problem=internal-secret-7f3a"));
        ProviderRejectedException e = expect(ProviderRejectedException.class, () -> http.getJson(server.uri("/a"), OnNotFound.FAIL));
        assertEquals("the adapter still reads it", "oauth_problem=internal-secret-7f3a", e.providerMessage());
        assertFalse(e.getMessage(), e.getMessage().contains("internal-secret"));
    }

    @Test
    public void anAnswerThatIsNotJsonIsNotQuoted() {
        server.handler(ex -> TestServer.respond(ex, 200, "SSH-2.0-OpenSSH internal-secret-7f3a"));
        AdapterException e = expect(AdapterException.class, () -> http.getJson(server.uri("/a"), OnNotFound.FAIL));
        assertTrue(e.getMessage(), e.getMessage().contains("not JSON"));
        assertFalse(e.getMessage(), e.getMessage().contains("internal-secret") || e.getMessage().contains("SSH"));
    }

    @Test
    public void messagesNeverShowTheQuery() {
        server.handler(ex -> TestServer.respond(ex, 400, "bad"));
        ItemRejectedException e = expect(ItemRejectedException.class, () -> http.getJson(server.uri("/a?access_token=SECRET123"), OnNotFound.FAIL));
        assertFalse(e.getMessage(), e.getMessage().contains("SECRET123"));
    }

    @Test
    public void aClosedPortIsTransient() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        expect(TransientAdapterException.class, () -> http.getJson(URI.create("http://127.0.0.1:" + port + "/x"), OnNotFound.FAIL));
    }

    @Test
    public void aTimeoutIsTransient() {
        ProviderHttp impatient = ProviderHttp.builder("Acme").requestTimeout(Duration.ofMillis(200)).build();
        server.handler(ex -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            TestServer.respond(ex, 200, "{}");
        });
        TransientAdapterException e = expect(TransientAdapterException.class, () -> impatient.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertTrue(e.getMessage(), e.getMessage().contains("timed out"));
    }

    @Test
    public void anAnswerCutShortIsTransient() {
        server.handler(ex -> {
            ex.sendResponseHeaders(200, 1000);
            OutputStream out = ex.getResponseBody();
            out.write("{\"a\":".getBytes(StandardCharsets.UTF_8));
            out.flush();
            ex.getHttpContext().getServer(); // then the exchange is closed with 995 bytes missing
        });
        expect(TransientAdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
    }

    @Test
    public void anAnswerThatIsNotJsonFails() {
        server.handler(ex -> TestServer.respond(ex, 200, "<html>hello</html>"));
        AdapterException e = expect(AdapterException.class, () -> http.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertFalse(e instanceof TransientAdapterException);
        assertTrue(e.getMessage(), e.getMessage().contains("not JSON"));
    }

    @Test
    public void anAnswerTooLargeFails() {
        ProviderHttp small = ProviderHttp.builder("Acme").maxJsonBytes(100).build();
        server.handler(ex -> TestServer.respond(ex, 200, "{\"a\":\"" + "x".repeat(500) + "\"}"));
        AdapterException e = expect(AdapterException.class, () -> small.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertTrue(e.getMessage(), e.getMessage().contains("more than 100 bytes"));
    }

    @Test
    public void theSignerSeesMethodUriAndFormAndSetsHeaders() throws Exception {
        AtomicReference<String> authorization = new AtomicReference<>();
        AtomicReference<String> body = new AtomicReference<>();
        server.handler(ex -> {
            authorization.set(ex.getRequestHeaders().getFirst("Authorization"));
            body.set(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            TestServer.respond(ex, 200, "oauth_token=t&oauth_token_secret=s");
        });
        AtomicReference<SignableRequest> seen = new AtomicReference<>();
        ProviderHttp signed = http.withSigner(request -> {
            seen.set(request);
            request.setHeader("Authorization", "Test " + request.method() + " " + request.uri().getRawQuery());
        });
        String answer = signed.postForm(server.uri("/token?b=2"), List.of(Map.entry("a b", "c&d")), OnNotFound.FAIL);
        assertEquals("oauth_token=t&oauth_token_secret=s", answer);
        assertEquals("Test POST b=2", authorization.get());
        assertEquals("a%20b=c%26d", body.get());
        assertEquals(List.of(Map.entry("a b", "c&d")), seen.get().formParameters());
        assertFalse(seen.get().toString().contains("Test POST"));
    }

    @Test
    public void sendJsonSendsTheBodyWithTheMethod() throws Exception {
        server.handler(ex -> {
            String method = ex.getRequestMethod();
            String type = ex.getRequestHeaders().getFirst("Content-Type");
            String text = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            TestServer.respond(ex, 200, "{\"method\":\"" + method + "\",\"type\":\"" + type + "\",\"body\":" + text + "}");
        });
        JsonNode node = http.sendJson("PATCH", server.uri("/i"), Map.of("Title", "Été"), OnNotFound.FAIL);
        assertEquals("PATCH", node.path("method").asText());
        assertEquals("application/json", node.path("type").asText());
        assertEquals("Été", node.path("body").path("Title").asText());
    }

    @Test
    public void uploadStreamsTheBodyWithItsLength() throws Exception {
        long length = 5L << 20;
        AtomicReference<String> contentLength = new AtomicReference<>();
        AtomicReference<String> received = new AtomicReference<>();
        server.handler(ex -> {
            contentLength.set(ex.getRequestHeaders().getFirst("Content-Length"));
            received.set(sha256(ex.getRequestBody()));
            TestServer.respond(ex, 200, "{\"stat\":\"ok\"}");
        });
        JsonNode answer;
        try (InputStream body = new GeneratedStream(length)) {
            answer = http.upload(server.uri("/"), Map.of("X-Smug-FileName", "a.jpg"), "image/jpeg", body, length, OnNotFound.FAIL);
        }
        assertEquals("ok", answer.path("stat").asText());
        assertEquals(String.valueOf(length), contentLength.get());
        assertEquals(sha256(new GeneratedStream(length)), received.get());
    }

    @Test
    public void anUploadOfUnknownLengthIsSentChunkedToItsEnd() throws Exception {
        long length = 5L << 20;
        AtomicReference<String> contentLength = new AtomicReference<>();
        AtomicReference<String> transferEncoding = new AtomicReference<>();
        AtomicReference<String> received = new AtomicReference<>();
        server.handler(ex -> {
            contentLength.set(ex.getRequestHeaders().getFirst("Content-Length"));
            transferEncoding.set(ex.getRequestHeaders().getFirst("Transfer-Encoding"));
            received.set(sha256(ex.getRequestBody()));
            TestServer.respond(ex, 200, "{\"id\":\"m1\"}");
        });
        JsonNode answer;
        try (InputStream body = new GeneratedStream(length)) {
            answer = http.upload(server.uri("/import"), Map.of(), "message/rfc822", body, -1, OnNotFound.FAIL);
        }
        assertEquals("m1", answer.path("id").asText());
        assertNull(contentLength.get());
        assertEquals("chunked", transferEncoding.get());
        assertEquals(sha256(new GeneratedStream(length)), received.get());
    }

    @Test
    public void uploadForTextReturnsTheAnswerAsText() throws Exception {
        AtomicReference<String> contentType = new AtomicReference<>();
        AtomicReference<String> received = new AtomicReference<>();
        server.handler(ex -> {
            contentType.set(ex.getRequestHeaders().getFirst("Content-Type"));
            received.set(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] token = "UT-Été-42".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            ex.sendResponseHeaders(200, token.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(token);
            }
        });
        byte[] bytes = "raw bytes".getBytes(StandardCharsets.UTF_8);
        assertEquals("UT-Été-42", http.uploadForText(server.uri("/uploads"), Map.of("X-Upload-Protocol", "raw"),
                "application/octet-stream", new java.io.ByteArrayInputStream(bytes), bytes.length, OnNotFound.FAIL));
        assertEquals("application/octet-stream", contentType.get());
        assertEquals("raw bytes", received.get());
        // Of unknown length too; a failure is mapped as for JSON answers.
        assertEquals("UT-Été-42", http.uploadForText(server.uri("/uploads"), Map.of(), "application/octet-stream",
                new java.io.ByteArrayInputStream(bytes), -1, OnNotFound.FAIL));
        server.handler(ex -> TestServer.respond(ex, 400, "{\"error\":{\"message\":\"no protocol\"}}"));
        ProviderRejectedException e = expect(ProviderRejectedException.class, () -> http.uploadForText(server.uri("/uploads"),
                Map.of(), "application/octet-stream", new java.io.ByteArrayInputStream(bytes), -1, OnNotFound.FAIL));
        assertEquals("no protocol", e.providerMessage());
    }

    @Test
    public void anAnswerTheProviderCallsARateLimitIsHandledAsA429() throws Exception {
        AtomicLong now = new AtomicLong();
        AtomicLong slept = new AtomicLong();
        RateLimiter limiter = new RateLimiter(10, 1, now::get, nanos -> {
            slept.addAndGet(nanos);
            now.addAndGet(nanos);
        });
        List<String> classified = new java.util.concurrent.CopyOnWriteArrayList<>();
        ProviderHttp quotas = ProviderHttp.builder("Acme").clock(Clock.fixed(NOW, ZoneOffset.UTC)).rateLimiter(limiter)
                .answerPolicy(answer -> {
                    classified.add(answer.status() + " " + answer.bodyText());
                    return answer.status() == 403 && answer.bodyText().contains("\"rateLimitExceeded\"")
                            ? AnswerOutcome.rateLimited(null) : AnswerOutcome.byStatus();
                })
                .build().withSigner(request -> request.setHeader("Authorization", "Bearer t")); // a view keeps the hook
        String quota = "{\"error\":{\"errors\":[{\"reason\":\"rateLimitExceeded\"}],\"message\":\"Rate Limit Exceeded\"}}";
        server.handler(ex -> {
            ex.getResponseHeaders().set("Retry-After", "7");
            TestServer.respond(ex, 403, quota);
        });

        TransientAdapterException e = expect(TransientAdapterException.class, () -> quotas.getJson(server.uri("/x"), OnNotFound.FAIL));

        assertEquals(List.of("403 " + quota), classified);
        assertEquals(Duration.ofSeconds(7), e.retryAfter().orElseThrow());
        assertTrue(e.getMessage(), e.getMessage().contains("403 Forbidden") && e.getMessage().contains("Rate Limit Exceeded")
                && e.getMessage().contains("a rate limit"));
        // The limiter slowed down and holds the next request back for the Retry-After, as after a 429.
        assertEquals(1, limiter.throttles());
        assertEquals(5.0, limiter.currentRate(), 0.0);
        server.handler(ex -> TestServer.respond(ex, 200, "{}"));
        quotas.getJson(server.uri("/x"), OnNotFound.FAIL);
        assertTrue("slept " + slept.get(), slept.get() >= Duration.ofSeconds(7).toNanos());

        // Any other 403 is still a refused authorization, and an upload's quota answer is a rate limit too.
        server.handler(ex -> TestServer.respond(ex, 403, "{\"error\":{\"errors\":[{\"reason\":\"forbidden\"}],\"message\":\"No access\"}}"));
        AuthorizationRefusedException refused = expect(AuthorizationRefusedException.class,
                () -> quotas.getJson(server.uri("/x"), OnNotFound.FAIL));
        assertEquals("No access", refused.providerMessage());
        assertEquals(1, limiter.throttles());
        server.handler(ex -> TestServer.respond(ex, 403, quota));
        expect(TransientAdapterException.class, () -> quotas.uploadForText(server.uri("/u"), Map.of(), "application/octet-stream",
                new java.io.ByteArrayInputStream(new byte[10]), -1, OnNotFound.FAIL));
        assertEquals(2, limiter.throttles());
    }

    @Test
    public void downloadStreamsTheBody() throws Exception {
        long length = 3L << 20;
        server.handler(ex -> {
            ex.sendResponseHeaders(200, length);
            try (OutputStream out = ex.getResponseBody(); InputStream in = new GeneratedStream(length)) {
                in.transferTo(out);
            }
        });
        try (InputStream in = http.download(server.uri("/photo.jpg"), Map.of(), OnNotFound.REJECT_ITEM)) {
            assertEquals(sha256(new GeneratedStream(length)), sha256(in));
        }
    }

    @Test
    public void downloadFailuresAreMappedBeforeAnyByteIsRead() {
        server.handler(ex -> TestServer.respond(ex, 404, ""));
        expect(ItemRejectedException.class, () -> http.download(server.uri("/gone.jpg"), Map.of(), OnNotFound.REJECT_ITEM));
    }

    @Test
    public void everyRequestTakesAPermit() throws Exception {
        AtomicLong now = new AtomicLong();
        AtomicLong slept = new AtomicLong();
        RateLimiter limiter = new RateLimiter(10, 1, now::get, nanos -> {
            slept.addAndGet(nanos);
            now.addAndGet(nanos);
        });
        ProviderHttp limited = ProviderHttp.builder("Acme").rateLimiter(limiter).build();
        server.handler(ex -> TestServer.respond(ex, 200, "{}"));
        for (int i = 0; i < 3; i++) {
            limited.getJson(server.uri("/x"), OnNotFound.FAIL);
        }
        assertEquals(200_000_000L, slept.get());
    }

    @Test
    public void providerMessagesAreShortAndOnOneLine() {
        assertEquals("a b", ProviderHttp.providerMessage("{\"error\":{\"message\":\"a\\nb\"}}"));
        assertEquals("invalid_grant", ProviderHttp.providerMessage("{\"error\":\"invalid_grant\"}"));
        assertEquals("plain text", ProviderHttp.providerMessage("  plain\ttext "));
        assertEquals(ProviderHttp.MAX_MESSAGE_CHARS + 1, ProviderHttp.providerMessage("x".repeat(1000)).length());
    }

    private static String sha256(InputStream in) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    private static <E extends Exception> E expect(Class<E> type, Call call) {
        try {
            call.run();
        } catch (Exception e) {
            if (type.isInstance(e)) {
                return type.cast(e);
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + e, e);
        }
        fail("expected " + type.getSimpleName());
        return null;
    }
}
