package org.dtp.fakes.faults;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP proxy on 127.0.0.1 for tests: clients call it instead of a provider (a fake of one); it forwards each
 * request to the provider and, at the rates given, answers with a fault instead. Faults stop after
 * {@code maxFaults}, so a test always ends. Decisions come from a seeded random, so a run can be repeated.
 *
 * <p>Faults, as providers produce them:
 * <ul>
 * <li>{@link Fault#SERVER_ERROR}: 503 with a small JSON body, request not forwarded;</li>
 * <li>{@link Fault#TOO_MANY_REQUESTS}: 429 with {@code Retry-After} in seconds (RFC 9110 §10.2.3 and RFC 6585 §4);</li>
 * <li>{@link Fault#CONNECTION_RESET}: the connection closed with no answer, request not forwarded;</li>
 * <li>{@link Fault#SLOW}: forwarded, answered after {@code slowDelay};</li>
 * <li>{@link Fault#TRUNCATED_BODY}: forwarded, the provider's status and full Content-Length sent, then only half
 *     of the body before the connection closes (a dropped download).</li>
 * </ul>
 * The {@code Host} header is passed on as the client sent it, so signatures over the URL the client called (OAuth
 * 1.0a) still verify at the provider. The JDK client sends it only with
 * {@code -Djdk.httpclient.allowRestrictedHeaders=host} set before its first use in the JVM: give it to the test
 * JVM (surefire {@code systemPropertyVariables}); without it the proxy answers 502 saying so.
 */
public final class FaultInjectingProxy implements AutoCloseable {
    public enum Fault { SERVER_ERROR, TOO_MANY_REQUESTS, CONNECTION_RESET, SLOW, TRUNCATED_BODY }

    /** Rates (0 to 1, summing to at most 1) of each fault, the bound on faults, the Retry-After and slow delay. */
    public record Plan(Map<Fault, Double> rates, int maxFaults, int retryAfterSeconds, Duration slowDelay, long seed) {
        public Plan {
            rates = Map.copyOf(rates);
            double sum = rates.values().stream().mapToDouble(Double::doubleValue).sum();
            if (sum > 1 || rates.values().stream().anyMatch(r -> r < 0)) {
                throw new IllegalArgumentException("fault rates must be 0 to 1 and sum to at most 1: " + rates);
            }
        }
    }

    /** How long after a 429 a request is taken to have been in flight already. */
    private static final long IN_FLIGHT_NANOS = Duration.ofMillis(300).toNanos();

    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection", "te",
            "trailer", "transfer-encoding", "upgrade", "content-length", "expect");

    private final URI target;
    private final Plan plan;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fault-proxy");
        t.setDaemon(true);
        return t;
    });
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Random random;
    private final AtomicLong requests = new AtomicLong();
    private final Map<Fault, AtomicLong> faults = new EnumMap<>(Fault.class);
    private final AtomicLong faultsLeft;
    private final AtomicLong minGapAfter429 = new AtomicLong(Long.MAX_VALUE);
    private volatile long last429 = -1;
    /** When the latest 429 was answered (never reset), for {@link #requestsSentDuringRetryAfter}. */
    private volatile long latest429 = -1;
    private final AtomicLong sentDuringRetryAfter = new AtomicLong();

    private FaultInjectingProxy(URI target, Plan plan) throws IOException {
        this.target = target;
        this.plan = plan;
        this.random = new Random(plan.seed());
        this.faultsLeft = new AtomicLong(plan.maxFaults());
        for (Fault f : Fault.values()) {
            faults.put(f, new AtomicLong());
        }
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** A proxy in front of {@code target} (scheme, host and port; paths are passed on as they come). */
    public static FaultInjectingProxy start(URI target, Plan plan) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        return new FaultInjectingProxy(target, plan);
    }

    /** Where clients send their requests. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public long requests() {
        return requests.get();
    }

    public long faults(Fault fault) {
        return faults.get(fault).get();
    }

    public long faults() {
        return faults.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** The shortest time between a 429 and the next request that reached the proxy, or empty if none came. */
    public java.util.Optional<Duration> shortestGapAfterTooManyRequests() {
        long gap = minGapAfter429.get();
        return gap == Long.MAX_VALUE ? java.util.Optional.empty() : java.util.Optional.of(Duration.ofNanos(gap));
    }

    /**
     * Requests that arrived while a 429's Retry-After was running, leaving out those that arrived within
     * {@code inFlight} of it: a concurrent client may already have sent those before it read the 429. A client that
     * honours Retry-After for all its threads sends none.
     */
    public long requestsSentDuringRetryAfter() {
        return sentDuringRetryAfter.get();
    }

    private synchronized Fault decide() {
        double roll = random.nextDouble();
        double bound = 0;
        for (Fault f : Fault.values()) {
            bound += plan.rates().getOrDefault(f, 0.0);
            if (roll < bound) {
                return faultsLeft.getAndDecrement() > 0 ? f : null;
            }
        }
        return null;
    }

    private void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        long now = System.nanoTime();
        long since429 = last429;
        if (since429 >= 0) {
            minGapAfter429.accumulateAndGet(now - since429, Math::min);
            last429 = -1;
        }
        long after429 = now - latest429;
        if (latest429 >= 0 && after429 > IN_FLIGHT_NANOS
                && after429 < Duration.ofSeconds(plan.retryAfterSeconds()).toNanos()) {
            sentDuringRetryAfter.incrementAndGet();
        }
        try (exchange) {
            Fault fault = decide();
            if (fault != null) {
                faults.get(fault).incrementAndGet();
            }
            if (fault == Fault.CONNECTION_RESET) {
                exchange.getRequestBody().readAllBytes();
                // A handler that fails makes the JDK server close the connection: the client sees it end, no answer.
                throw new IOException("injected fault: connection reset");
            }
            if (fault == Fault.SERVER_ERROR) {
                exchange.getRequestBody().readAllBytes();
                answer(exchange, 503, Map.of(), "{\"Code\":503,\"Message\":\"injected fault: service unavailable\"}");
                return;
            }
            if (fault == Fault.TOO_MANY_REQUESTS) {
                exchange.getRequestBody().readAllBytes();
                answer(exchange, 429, Map.of("Retry-After", Integer.toString(plan.retryAfterSeconds())),
                        "{\"Code\":429,\"Message\":\"injected fault: too many requests\"}");
                last429 = System.nanoTime();
                latest429 = last429;
                return;
            }
            HttpResponse<InputStream> response;
            try {
                response = forward(exchange);
            } catch (IllegalArgumentException e) {
                answer(exchange, 502, Map.of(), "{\"Message\":\"the proxy cannot pass the Host header on: run the JVM with "
                        + "-Djdk.httpclient.allowRestrictedHeaders=host (" + e.getMessage() + ")\"}");
                return;
            } catch (IOException e) {
                answer(exchange, 502, Map.of(), "{\"Message\":\"the provider did not answer: " + e + "\"}");
                return;
            }
            if (fault == Fault.SLOW) {
                Thread.sleep(plan.slowDelay().toMillis());
            }
            response.headers().map().forEach((name, values) -> {
                if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, List.copyOf(values));
                }
            });
            try (InputStream body = response.body()) {
                byte[] bytes = body.readAllBytes();
                boolean head = "HEAD".equals(exchange.getRequestMethod());
                exchange.sendResponseHeaders(response.statusCode(), head || bytes.length == 0 ? -1 : bytes.length);
                OutputStream out = exchange.getResponseBody();
                if (fault == Fault.TRUNCATED_BODY && bytes.length > 1) {
                    out.write(bytes, 0, bytes.length / 2);
                    out.flush();
                    // As above: the connection closes short of the Content-Length the client was promised.
                    throw new IOException("injected fault: body truncated");
                }
                if (!head) {
                    out.write(bytes);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpResponse<InputStream> forward(HttpExchange exchange) throws IOException, InterruptedException {
        URI uri = target.resolve(exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery()));
        byte[] body = exchange.getRequestBody().readAllBytes();
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(v -> request.header(name, v));
            }
        });
        return client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    private static void answer(HttpExchange exchange, int status, Map<String, String> headers, String json) throws IOException {
        byte[] bytes = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        headers.forEach(exchange.getResponseHeaders()::set);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Requests, then each fault with its count. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(requests() + " requests");
        faults.forEach((f, n) -> out.append(", ").append(n.get()).append(' ').append(f.name().toLowerCase(Locale.ROOT)));
        return out.toString();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
