package org.dtp.fakes.faults;

import com.sun.net.httpserver.HttpServer;
import org.dtp.fakes.faults.FaultInjectingProxy.Fault;
import org.dtp.fakes.faults.FaultInjectingProxy.Plan;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class FaultInjectingProxyTest {
    private static final byte[] BODY = "0123456789".repeat(1000).getBytes(StandardCharsets.US_ASCII);
    private HttpServer target;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Before
    public void startTarget() throws IOException {
        target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        target.createContext("/", exchange -> {
            byte[] in = exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("X-Host-Seen", exchange.getRequestHeaders().getFirst("Host"));
            exchange.getResponseHeaders().set("X-Echo-Bytes", Integer.toString(in.length));
            exchange.sendResponseHeaders(200, BODY.length);
            exchange.getResponseBody().write(BODY);
            exchange.close();
        });
        target.start();
    }

    @After
    public void stopTarget() {
        target.stop(0);
    }

    private FaultInjectingProxy proxy(Map<Fault, Double> rates, int max) throws IOException {
        return FaultInjectingProxy.start(URI.create("http://127.0.0.1:" + target.getAddress().getPort()),
                new Plan(rates, max, 2, Duration.ofMillis(300), 1));
    }

    private HttpResponse<byte[]> get(FaultInjectingProxy proxy) throws Exception {
        return client.send(HttpRequest.newBuilder(proxy.uri().resolve("/a/b?c=d")).POST(HttpRequest.BodyPublishers.ofString("xyz")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    public void forwardsRequestAndAnswerUnchangedWithTheClientsHost() throws Exception {
        try (FaultInjectingProxy proxy = proxy(Map.of(), 0)) {
            HttpResponse<byte[]> r = get(proxy);
            assertEquals(200, r.statusCode());
            assertArrayEquals(BODY, r.body());
            assertEquals("3", r.headers().firstValue("X-Echo-Bytes").orElseThrow());
            assertEquals(proxy.uri().getAuthority(), r.headers().firstValue("X-Host-Seen").orElseThrow());
            assertEquals(1, proxy.requests());
        }
    }

    @Test
    public void injectsEachFaultAsAProviderWouldShowIt() throws Exception {
        try (FaultInjectingProxy proxy = proxy(Map.of(Fault.TOO_MANY_REQUESTS, 1.0), 1)) {
            HttpResponse<byte[]> r = get(proxy);
            assertEquals(429, r.statusCode());
            assertEquals("2", r.headers().firstValue("Retry-After").orElseThrow());
            assertEquals("bounded: the next one goes through", 200, get(proxy).statusCode());
            assertTrue(proxy.shortestGapAfterTooManyRequests().isPresent());
            Thread.sleep(500);
            get(proxy);
            assertEquals("sent 500 ms into the 2 s Retry-After, past the in-flight allowance", 1,
                    proxy.requestsSentDuringRetryAfter());
        }
        try (FaultInjectingProxy proxy = proxy(Map.of(Fault.SERVER_ERROR, 1.0), 1)) {
            assertEquals(503, get(proxy).statusCode());
        }
        try (FaultInjectingProxy proxy = proxy(Map.of(Fault.CONNECTION_RESET, 1.0), 1)) {
            assertThrows(IOException.class, () -> get(proxy));
            assertEquals(1, proxy.faults(Fault.CONNECTION_RESET));
        }
        try (FaultInjectingProxy proxy = proxy(Map.of(Fault.TRUNCATED_BODY, 1.0), 1)) {
            assertThrows(IOException.class, () -> get(proxy));
        }
        try (FaultInjectingProxy proxy = proxy(Map.of(Fault.SLOW, 1.0), 1)) {
            long start = System.nanoTime();
            assertArrayEquals(BODY, get(proxy).body());
            assertTrue(System.nanoTime() - start >= Duration.ofMillis(300).toNanos());
        }
    }

    @Test
    public void faultsFollowTheirRatesAndStopAtTheBound() throws Exception {
        try (FaultInjectingProxy proxy = proxy(Map.of(Fault.SERVER_ERROR, 0.5), 20)) {
            int errors = 0;
            for (int i = 0; i < 100; i++) {
                if (get(proxy).statusCode() == 503) {
                    errors++;
                }
            }
            assertEquals(20, errors);
            assertEquals(20, proxy.faults());
            assertEquals(100, proxy.requests());
        }
    }
}
