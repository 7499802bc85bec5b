package org.dtp.spi.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.net.OutboundAddresses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLContext;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A small HTTP client for provider APIs on {@code java.net.http.HttpClient}: JSON requests through
 * Jackson, streamed uploads and downloads, a {@link RequestSigner} per request and a shared
 * {@link RateLimiter}. Failures become the SPI's exceptions:
 * <ul>
 * <li>507 Insufficient Storage: {@link DestinationFullException} (the transfer pauses until there is room);</li>
 * <li>429, 408, other 5xx, I/O failures and timeouts: {@link TransientAdapterException}, carrying the
 *     provider's {@code Retry-After} (seconds or HTTP-date) when it sent one;</li>
 * <li>401, 403: {@link AuthorizationRefusedException} (the authorization was refused); a 401 is first told to
 * the signer, and when it says a new signature may do (a refreshed token), a request whose body can be sent again
 * is sent once more, and one whose body cannot (a stream being uploaded) fails as a {@link TransientAdapterException}
 * for the engine's retry to send it anew;</li>
 * <li>404: {@link ProviderRejectedException} (an {@link ItemRejectedException}) or {@link AdapterException}, as
 *     the caller says ({@link OnNotFound});</li>
 * <li>any other 4xx: {@link ProviderRejectedException} with the status and the provider's message;</li>
 * <li>an error answer the provider's {@link AnswerPolicy} judges otherwise: as it says (transient, a rate limit until
 *     an instant, the destination full, or the adapter's own exception).</li>
 * </ul>
 * Failures made from an answer carry it ({@link ProviderAnswer}: status, headers, the body's first bytes); a 429, or a
 * 503 with a Retry-After, slows the shared {@link RateLimiter}. What a failure quotes of an answer is bounded, on one
 * line and never holds a value the signer set (a token echoed back).
 * <p>
 * A client given {@link Builder#outbound} is for addresses from users' settings: every request's host is resolved and
 * checked first, and redirects are followed by this class, within the same origin (scheme, host, port) only, each hop
 * checked, so credentials never go to another server. Besides the JSON methods, {@link #request} sends any method
 * with any body (e.g. WebDAV's PROPFIND).
 * It never retries: the engine retries transient failures with backoff and honours Retry-After.
 * Nothing secret is logged: requests are logged at debug as method, URI without its query, status
 * and time; headers never. Instances are immutable and thread-safe; {@link #withSigner} makes a view
 * for one account that shares the connection pool and the rate limiter.
 */
public final class ProviderHttp {
    /** What a 404 means to the caller. */
    public enum OnNotFound {
        /** The item is gone or never was: {@link ItemRejectedException}, the job goes on without it. */
        REJECT_ITEM,
        /** Something the job needs is gone: {@link AdapterException}. */
        FAIL
    }

    static final int MAX_ERROR_BODY_BYTES = ProviderAnswer.MAX_BODY_BYTES;
    static final int MAX_MESSAGE_CHARS = 300;
    /** Redirects followed at most for one request (when this class follows them). */
    static final int MAX_REDIRECTS = 5;
    private static final Logger LOG = LoggerFactory.getLogger(ProviderHttp.class);
    private static final String JSON = "application/json";
    private static final String FORM = "application/x-www-form-urlencoded";

    private final String provider;
    private final HttpClient client;
    private final RateLimiter limiter;
    private final ObjectMapper mapper;
    private final Duration requestTimeout;
    private final long minUploadBytesPerSecond;
    private final long maxJsonBytes;
    private final String userAgent;
    private final Clock clock;
    private final RequestSigner signer;
    private final AnswerPolicy answerPolicy;
    /** The check of every host (redirects are then followed here); null for a client of a provider's own hosts. */
    private final OutboundAddresses outbound;
    /** Whether redirects are followed here (with an outbound check) rather than by the JDK's client. */
    private final boolean followsRedirects;

    private ProviderHttp(Builder b, HttpClient client) {
        this.provider = b.provider;
        this.client = client;
        this.limiter = b.limiter;
        this.mapper = b.mapper;
        this.requestTimeout = b.requestTimeout;
        this.minUploadBytesPerSecond = b.minUploadBytesPerSecond;
        this.maxJsonBytes = b.maxJsonBytes;
        this.userAgent = b.userAgent;
        this.clock = b.clock;
        this.signer = b.signer;
        this.answerPolicy = b.answerPolicy;
        this.outbound = b.outbound;
        this.followsRedirects = b.followRedirects && b.outbound != null;
    }

    private ProviderHttp(ProviderHttp other, RequestSigner signer, RateLimiter limiter, AnswerPolicy answerPolicy,
                         OutboundAddresses outbound) {
        this.provider = other.provider;
        this.client = other.client;
        this.limiter = limiter;
        this.mapper = other.mapper;
        this.requestTimeout = other.requestTimeout;
        this.minUploadBytesPerSecond = other.minUploadBytesPerSecond;
        this.maxJsonBytes = other.maxJsonBytes;
        this.userAgent = other.userAgent;
        this.clock = other.clock;
        this.signer = signer;
        this.answerPolicy = answerPolicy;
        this.outbound = outbound;
        this.followsRedirects = other.followsRedirects;
    }

    /** A builder for a client of {@code provider} (a name for messages, e.g. {@code SmugMug}). */
    public static Builder builder(String provider) {
        return new Builder(provider);
    }

    /** The same client (connections, rate limiter, settings) signing every request with {@code signer}. */
    public ProviderHttp withSigner(RequestSigner signer) {
        return new ProviderHttp(this, Objects.requireNonNull(signer, "signer"), limiter, answerPolicy, outbound);
    }

    /**
     * The same client (connections, signer, settings) taking its permits from {@code limiter}, e.g. a user's own
     * limiter {@link RateLimiter#within within} the client's. Since 1.2.
     */
    public ProviderHttp withRateLimiter(RateLimiter limiter) {
        return new ProviderHttp(this, signer, Objects.requireNonNull(limiter, "limiter"), answerPolicy, outbound);
    }

    /**
     * The same client (connections, signer, rate limiter, settings) judging error answers by {@code policy}, e.g. an
     * API's error codes where the same host's downloads are judged by their status. Since 2.0.
     */
    public ProviderHttp withAnswerPolicy(AnswerPolicy policy) {
        return new ProviderHttp(this, signer, limiter, Objects.requireNonNull(policy, "policy"), outbound);
    }

    /**
     * The same client checking hosts with {@code outbound}, e.g. {@link OutboundAddresses#forOperator()} for a transfer
     * the operators run; only for a client built with {@link Builder#outbound} (whose redirects are followed here).
     * Since 2.1.
     */
    public ProviderHttp withOutbound(OutboundAddresses outbound) {
        if (this.outbound == null) {
            throw new IllegalStateException("only a client built with an outbound check can change it");
        }
        return new ProviderHttp(this, signer, limiter, answerPolicy, Objects.requireNonNull(outbound, "outbound"));
    }

    /** A request of {@code method} (any, e.g. {@code PROPFIND}) to {@code uri}, to be built and sent. Since 2.1. */
    public ProviderRequest request(String method, URI uri) {
        return new ProviderRequest(this, method, uri);
    }

    /** Sends {@code r} as {@link ProviderRequest} says. */
    ProviderResponse send(ProviderRequest r) throws AdapterException {
        HttpResponse<InputStream> response = exchange(callOf(r), false);
        byte[] bytes = readBytes(r.method, response.uri(), response);
        return new ProviderResponse(response.uri(), response.statusCode(), response.headers(), bytes);
    }

    /** Sends {@code r} and returns its answer's body unread. */
    InputStream open(ProviderRequest r) throws AdapterException {
        return exchange(callOf(r), false).body();
    }

    /** Sends {@code r} and returns its answer with the body unread. */
    ProviderStreamResponse openResponse(ProviderRequest r) throws AdapterException {
        HttpResponse<InputStream> response = exchange(callOf(r), false);
        return new ProviderStreamResponse(response.uri(), response.statusCode(), response.headers(), response.body());
    }

    private Call callOf(ProviderRequest r) {
        Duration timeout = r.timeout == null ? requestTimeout : r.timeout;
        if (r.stream != null) {
            return new Call(r.method, r.uri, Map.copyOf(r.headers), List.of(), streamPublisher(r.stream, r.streamLength),
                    r.contentType, timeout.plusSeconds(Math.max(0, r.streamLength) / minUploadBytesPerSecond), r.deadline,
                    r.onNotFound, r.streamLength == 0, r.idempotent, Set.copyOf(r.accepted), null);
        }
        BodyPublisher body = r.body == null ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(r.body);
        return new Call(r.method, r.uri, Map.copyOf(r.headers), List.of(), body, r.body == null ? null : r.contentType,
                timeout, r.deadline, r.onNotFound, true, r.idempotent, Set.copyOf(r.accepted), null);
    }

    public String provider() {
        return provider;
    }

    public RateLimiter rateLimiter() {
        return limiter;
    }

    /** The mapper JSON is read and written with. */
    public ObjectMapper mapper() {
        return mapper;
    }

    /** GETs {@code uri} and reads its JSON answer ({@link MissingNode} for an empty body). */
    public JsonNode getJson(URI uri, OnNotFound onNotFound) throws AdapterException {
        return getJson(uri, Map.of(), onNotFound);
    }

    /** GETs {@code uri} with extra {@code headers} and reads its JSON answer. */
    public JsonNode getJson(URI uri, Map<String, String> headers, OnNotFound onNotFound) throws AdapterException {
        HttpResponse<InputStream> response = exchange("GET", uri, headers, List.of(), BodyPublishers.noBody(),
                null, requestTimeout, onNotFound);
        return readJson("GET", uri, response);
    }

    /**
     * Sends {@code body} (any value Jackson writes; {@code null} for none) as JSON with {@code method}
     * (POST, PUT, PATCH, DELETE) and reads the JSON answer.
     */
    public JsonNode sendJson(String method, URI uri, Object body, OnNotFound onNotFound) throws AdapterException {
        BodyPublisher publisher;
        String contentType = null;
        if (body == null) {
            publisher = BodyPublishers.noBody();
        } else {
            try {
                publisher = BodyPublishers.ofByteArray(mapper.writeValueAsBytes(body));
                contentType = JSON;
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("cannot write the request body as JSON: " + e.getOriginalMessage(), e);
            }
        }
        HttpResponse<InputStream> response = exchange(method, uri, Map.of(), List.of(), publisher, contentType,
                requestTimeout, onNotFound);
        return readJson(method, uri, response);
    }

    /**
     * POSTs {@code form} as {@code application/x-www-form-urlencoded} (the signer sees its parameters)
     * and returns the answer as text, e.g. an OAuth token response.
     */
    public String postForm(URI uri, List<Map.Entry<String, String>> form, OnNotFound onNotFound) throws AdapterException {
        String encoded = FormEncoding.encode(form);
        HttpResponse<InputStream> response = exchange("POST", uri, Map.of(), form,
                BodyPublishers.ofString(encoded, StandardCharsets.UTF_8), FORM, requestTimeout, onNotFound);
        return readText("POST", uri, response);
    }

    /**
     * POSTs {@code length} bytes of {@code body} as they are read (never all in memory), with
     * {@code Content-Length: length} and {@code headers}, and reads the JSON answer. A {@code length} of
     * {@code -1} (since 1.4) says it is unknown: the body is sent chunked, to its end. The stream is read
     * once; the caller closes it. The time allowed grows with the length: the request timeout plus
     * one second per {@code minUploadBytesPerSecond} bytes (the request timeout alone for an unknown length).
     */
    public JsonNode upload(URI uri, Map<String, String> headers, String contentType, InputStream body, long length,
                           OnNotFound onNotFound) throws AdapterException {
        return readJson("POST", uri, sendStream(uri, headers, contentType, body, length, onNotFound));
    }

    /**
     * Uploads as {@link #upload} does and returns the answer as text (UTF-8, at most {@code maxJsonBytes}), for a
     * provider that answers an upload with something other than JSON, e.g. a bare upload token. Since 1.4.
     */
    public String uploadForText(URI uri, Map<String, String> headers, String contentType, InputStream body, long length,
                                OnNotFound onNotFound) throws AdapterException {
        return readText("POST", uri, sendStream(uri, headers, contentType, body, length, onNotFound));
    }

    /**
     * GETs {@code uri} and returns its body as a stream, once the status says success. A failure while
     * reading is an {@link IOException} of the stream; the caller closes it.
     */
    public InputStream download(URI uri, Map<String, String> headers, OnNotFound onNotFound) throws AdapterException {
        return exchange("GET", uri, headers, List.of(), BodyPublishers.noBody(), null, requestTimeout, onNotFound)
                .body();
    }

    /** POSTs {@code length} bytes of {@code body} ({@code -1}: unknown) as they are read, for {@link #upload}. */
    private HttpResponse<InputStream> sendStream(URI uri, Map<String, String> headers, String contentType,
                                                 InputStream body, long length, OnNotFound onNotFound)
            throws AdapterException {
        Objects.requireNonNull(body, "body");
        if (length < -1) {
            throw new IllegalArgumentException("an upload's length is -1 (unknown) or more, was " + length);
        }
        BodyPublisher publisher = streamPublisher(body, length);
        Duration timeout = requestTimeout.plusSeconds(Math.max(0, length) / minUploadBytesPerSecond);
        return exchange(new Call("POST", uri, headers, List.of(), publisher, contentType, timeout, null, onNotFound,
                length == 0, false, Set.of(), JSON), false);
    }

    /** {@code length} bytes of {@code body} ({@code -1}: unknown, chunked) as they are read, once. */
    private static BodyPublisher streamPublisher(InputStream body, long length) {
        if (length == 0) {
            return BodyPublishers.noBody();
        }
        AtomicBoolean taken = new AtomicBoolean();
        BodyPublisher once = BodyPublishers.ofInputStream(() -> {
            if (!taken.compareAndSet(false, true)) {
                throw new IllegalStateException("an upload body can be sent only once");
            }
            return body;
        });
        return length > 0 ? BodyPublishers.fromPublisher(once, length) : once;
    }

    private HttpResponse<InputStream> exchange(String method, URI uri, Map<String, String> headers,
                                               List<Map.Entry<String, String>> form, BodyPublisher body,
                                               String contentType, Duration timeout, OnNotFound onNotFound)
            throws AdapterException {
        return exchange(new Call(method, uri, headers, form, body, contentType, timeout, null, onNotFound, true, false,
                Set.of(), JSON), false);
    }

    /**
     * One request, what a request needs to be sent: {@code repeatable} when its body can be sent again (not a stream
     * being uploaded), {@code idempotent} when it may reach the server twice, {@code accepted} the statuses that come
     * back to the caller, {@code defaultAccept} the Accept header unless {@code headers} has one (null: none).
     */
    private record Call(String method, URI uri, Map<String, String> headers, List<Map.Entry<String, String>> form,
                        BodyPublisher body, String contentType, Duration timeout, Instant deadline,
                        OnNotFound onNotFound, boolean repeatable, boolean idempotent, Set<Integer> accepted,
                        String defaultAccept) {
        /** This call sent to {@code next} with {@code method}, without a body when {@code withoutBody}. */
        Call redirected(URI next, String method, boolean withoutBody) {
            return withoutBody
                    ? new Call(method, next, headers, List.of(), BodyPublishers.noBody(), null, timeout, deadline,
                    onNotFound, true, idempotent, accepted, defaultAccept)
                    : new Call(method, next, headers, form, body, contentType, timeout, deadline, onNotFound, repeatable,
                    idempotent, accepted, defaultAccept);
        }
    }

    /**
     * Sends {@code call}, following same-origin redirects when hosts are checked; when the provider answers 401 to a
     * request not {@code resent} and the signer says a new signature may do (a refreshed token), it is sent once more if
     * its body can be sent again, else it fails as transient.
     */
    private HttpResponse<InputStream> exchange(Call call, boolean resent) throws AdapterException {
        Call hop = call;
        for (int redirects = 0; ; redirects++) {
            SignableRequest signable = new SignableRequest(hop.method(), hop.uri(), hop.form());
            HttpResponse<InputStream> response = send(hop, signable);
            int status = response.statusCode();
            String method = hop.method();
            URI uri = hop.uri();
            if (status >= 200 && status < 300) {
                limiter.succeeded();
                answerPolicy.pauseAfter(new ProviderAnswer(method, uri, status, response.headers(), null))
                        .ifPresent(at -> limiter.throttled(waitUntil(at, clock)));
                return response;
            }
            Optional<Call> next = followsRedirects ? redirect(hop, response, redirects) : Optional.empty();
            if (next.isPresent()) {
                discard(response);
                hop = next.get();
                continue;
            }
            if (hop.accepted().contains(status)) {
                return response;
            }
            if (status == 401 && signer.unauthorized(signable) && !resent) {
                readErrorBody(response.body());
                if (hop.repeatable()) {
                    LOG.debug("{} {} {} -> 401; signing it again", provider, method, redact(uri));
                    return exchange(hop, true);
                }
                throw new TransientAdapterException(provider + " refused the authorization (401 Unauthorized) for "
                        + method + " " + redact(uri) + "; it is renewed for the next attempt, as a streamed body is sent"
                        + " only once", null);
            }
            ProviderAnswer answer = ProviderAnswer.read(method, uri, status, response.headers(), response.body());
            AnswerOutcome outcome = answerPolicy.judge(answer);
            // The provider pushes back (a rate limit, or unavailable for a while): every request sharing the limiter slows.
            if (rateLimited(answer, outcome) || outcome.kind() == AnswerOutcome.Kind.BY_STATUS && status == 503
                    && answer.header("Retry-After").isPresent()) {
                limiter.throttled(retryAfter(answer, outcome, clock).orElse(null));
            }
            throw failure(provider, answer, outcome, hop.onNotFound(), clock, signable.headers().values());
        }
    }

    /**
     * Where a redirect answer leads, when it is followed: to the same origin (scheme, host, port), at most
     * {@value #MAX_REDIRECTS} times, a body sent again only if it can be. 303 (and 301/302 to a POST) turn into a GET,
     * as browsers and the JDK do; the others keep the method and body (a WebDAV PROPFIND stays one).
     */
    private Optional<Call> redirect(Call call, HttpResponse<InputStream> response, int redirects) {
        int status = response.statusCode();
        Optional<String> location = response.headers().firstValue("Location");
        if (!List.of(301, 302, 303, 307, 308).contains(status) || location.isEmpty() || redirects >= MAX_REDIRECTS) {
            return Optional.empty();
        }
        URI next;
        try {
            next = call.uri().resolve(location.get().trim());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!sameOrigin(next, call.uri())) {
            LOG.info("{}: not following the redirect of {} {} to another server", provider, call.method(),
                    redact(call.uri()));
            return Optional.empty();
        }
        boolean toGet = status == 303 && !"HEAD".equals(call.method())
                || (status == 301 || status == 302) && "POST".equals(call.method());
        if (!toGet && !call.repeatable()) {
            return Optional.empty();
        }
        return Optional.of(call.redirected(next, toGet ? "GET" : call.method(), toGet));
    }

    /**
     * Whether {@code a} and {@code b} have the same origin (scheme and host, whose case does not matter, and port,
     * the scheme's default when none is given): where credentials for one may go to the other. Since 2.1.
     */
    public static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme())
                && a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost()) && portOf(a) == portOf(b);
    }

    private static int portOf(URI u) {
        return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }

    /** Checks the host, signs, waits for a permit and sends {@code call} once (twice, see {@link #sendOnce}). */
    private HttpResponse<InputStream> send(Call call, SignableRequest signable) throws AdapterException {
        String method = call.method();
        URI uri = call.uri();
        checkHost(method, uri);
        signer.sign(signable);
        try {
            limiter.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException(provider + " request " + method + " " + redact(uri)
                    + " interrupted while waiting for the rate limit", e);
        }
        // Work with a deadline (an estimate) gets no more than the time it has left.
        Duration timeout = TransferContext.timeoutBefore(call.timeout(), Optional.ofNullable(call.deadline()),
                provider + " at " + uri.getHost());
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).method(signable.method(), call.body());
        String accept = call.headers().getOrDefault("Accept", call.defaultAccept());
        if (accept != null) {
            request.header("Accept", accept);
        }
        if (userAgent != null) {
            request.header("User-Agent", userAgent);
        }
        if (call.contentType() != null) {
            request.header("Content-Type", call.contentType());
        }
        call.headers().forEach((name, value) -> {
            if (!"Accept".equals(name)) {
                request.header(name, value);
            }
        });
        signable.headers().forEach(request::setHeader);
        long started = System.nanoTime();
        HttpResponse<InputStream> response;
        try {
            response = sendOnce(request.build(), call.repeatable() && call.idempotent());
        } catch (IOException e) {
            LOG.debug("{} {} {} failed after {} ms: {}", provider, method, redact(uri), millisSince(started), e.toString());
            throw transientOf(method, uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException(provider + " request " + method + " " + redact(uri) + " interrupted", e);
        }
        LOG.debug("{} {} {} -> {} in {} ms", provider, method, redact(uri), response.statusCode(), millisSince(started));
        return response;
    }

    /**
     * Sends a request, once more at once when it may be sent twice ({@code resendable}) and the server closed the
     * pooled connection before answering (servers that speak HTTP/1.0, such as Radicale's, close after each answer;
     * RFC 9112 §9.3.1 allows the retry).
     */
    private HttpResponse<InputStream> sendOnce(HttpRequest request, boolean resendable) throws IOException, InterruptedException {
        try {
            return client.send(request, BodyHandlers.ofInputStream());
        } catch (IOException e) {
            if (!resendable || e instanceof HttpTimeoutException || e instanceof ConnectException || !closedBeforeAnswer(e)) {
                throw e;
            }
            LOG.debug("{}: connection closed before an answer, sending {} {} again", provider, request.method(),
                    redact(request.uri()));
            return client.send(request, BodyHandlers.ofInputStream());
        }
    }

    private static boolean closedBeforeAnswer(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof EOFException || String.valueOf(t.getMessage()).contains("received no bytes")) {
                return true;
            }
        }
        return false;
    }

    /** Refuses a request to a host that resolves to an address this server must not connect to for a user. */
    private void checkHost(String method, URI uri) throws AdapterException {
        if (outbound == null) {
            return;
        }
        String host = uri.getHost();
        if (host == null) {
            throw new InvalidEndpointException("'" + redact(uri) + "' names no host");
        }
        try {
            outbound.resolve(host);
        } catch (InvalidEndpointException e) {
            throw new InvalidEndpointException(provider + " " + method + " " + redact(uri) + ": " + e.getMessage());
        } catch (UnknownHostException e) {
            throw new TransientAdapterException(provider + " " + method + " " + redact(uri)
                    + " could not connect: unknown host " + host, e);
        }
    }

    private static void discard(HttpResponse<InputStream> response) {
        try (InputStream in = response.body()) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // the answer's status is all that counts; a broken body after it changes nothing
        }
    }

    private static boolean rateLimited(ProviderAnswer answer, AnswerOutcome outcome) {
        return outcome.kind() == AnswerOutcome.Kind.RATE_LIMITED
                || outcome.kind() == AnswerOutcome.Kind.BY_STATUS && answer.status() == 429;
    }

    /** The wait a rate-limit outcome names, else the answer's Retry-After. */
    private static Optional<Duration> retryAfter(ProviderAnswer answer, AnswerOutcome outcome, Clock clock) {
        if (outcome.kind() == AnswerOutcome.Kind.RATE_LIMITED && outcome.retryAfter().isPresent()) {
            Duration wait = outcome.retryAfter().get();
            return Optional.of(wait.isNegative() ? Duration.ZERO : wait.compareTo(RetryAfter.LONGEST) > 0 ? RetryAfter.LONGEST : wait);
        }
        if (outcome.kind() == AnswerOutcome.Kind.RATE_LIMITED && outcome.retryAt().isPresent()) {
            return Optional.of(waitUntil(outcome.retryAt().get(), clock));
        }
        return answer.header("Retry-After").flatMap(v -> RetryAfter.parse(v, clock));
    }

    /** From now until {@code at}: zero for a past instant, at most {@link RetryAfter#LONGEST}. */
    private static Duration waitUntil(java.time.Instant at, Clock clock) {
        Duration wait = Duration.between(clock.instant(), at);
        if (wait.isNegative()) {
            return Duration.ZERO;
        }
        return wait.compareTo(RetryAfter.LONGEST) > 0 ? RetryAfter.LONGEST : wait;
    }

    private JsonNode readJson(String method, URI uri, HttpResponse<InputStream> response) throws AdapterException {
        try (InputStream in = new LimitedInputStream(response.body(), maxJsonBytes)) {
            JsonNode node = mapper.readTree(in);
            return node == null ? MissingNode.getInstance() : node;
        } catch (TooLargeException e) {
            throw new AdapterException(provider + " answered " + method + " " + redact(uri) + " with more than "
                    + maxJsonBytes + " bytes of JSON");
        } catch (JsonProcessingException e) {
            // Jackson's message quotes the answer's first characters: debug only.
            LOG.debug("{} {} {}: not JSON: {}", provider, method, redact(uri), e.getOriginalMessage());
            throw new AdapterException(provider + " answered " + method + " " + redact(uri) + " with something that is not JSON");
        } catch (IOException e) {
            throw transientOf(method, uri, e);
        }
    }

    private String readText(String method, URI uri, HttpResponse<InputStream> response) throws AdapterException {
        return new String(readBytes(method, uri, response), StandardCharsets.UTF_8);
    }

    private byte[] readBytes(String method, URI uri, HttpResponse<InputStream> response) throws AdapterException {
        try (InputStream in = new LimitedInputStream(response.body(), maxJsonBytes)) {
            return in.readAllBytes();
        } catch (TooLargeException e) {
            throw new AdapterException(provider + " answered " + method + " " + redact(uri) + " with more than "
                    + maxJsonBytes + " bytes");
        } catch (IOException e) {
            throw transientOf(method, uri, e);
        }
    }

    private TransientAdapterException transientOf(String method, URI uri, IOException e) {
        String what;
        if (e instanceof HttpTimeoutException) {
            what = "timed out";
        } else if (e instanceof ConnectException) {
            what = "could not connect";
        } else {
            // not the message: the JDK quotes what a server that does not speak HTTP sent ("Invalid status line")
            what = "failed (" + e.getClass().getSimpleName() + ")";
        }
        return new TransientAdapterException(provider + " request " + method + " " + redact(uri) + " " + what, e);
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    private static String readErrorBody(InputStream body) {
        try (InputStream in = body) {
            byte[] bytes = in.readNBytes(MAX_ERROR_BODY_BYTES);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The exception for a failed answer, as the class comment describes (only a 429 being a rate limit); public so
     * that adapters map failures a provider reports inside a 200 answer the same way.
     */
    public static AdapterException failure(String provider, String method, URI uri, int status, HttpHeaders headers,
                                           String body, OnNotFound onNotFound, Clock clock) {
        ProviderAnswer answer = new ProviderAnswer(method, uri, status,
                headers == null ? HttpHeaders.of(Map.of(), (name, value) -> true) : headers,
                body == null ? null : body.getBytes(StandardCharsets.UTF_8));
        return failure(provider, answer, AnswerOutcome.byStatus(), onNotFound, clock, List.of());
    }

    /**
     * {@link #failure} of {@code answer} as its policy's {@code outcome} says; nothing quoted holds one of
     * {@code secrets} (the values the signer set).
     */
    private static AdapterException failure(String provider, ProviderAnswer answer, AnswerOutcome outcome,
                                            OnNotFound onNotFound, Clock clock, Collection<String> secrets) {
        if (outcome.kind() == AnswerOutcome.Kind.FAILURE) {
            return outcome.failure();
        }
        int status = answer.status();
        String body = answer.bodyText();
        boolean byStatus = outcome.kind() == AnswerOutcome.Kind.BY_STATUS;
        boolean rateLimited = rateLimited(answer, outcome);
        String message = withoutSecrets(providerMessage(body), secrets);
        String where = answer.method() + " " + answer.where();
        // Only the message field of a JSON error (or the policy's reason) is shown; other text (a page, another service's
        // banner) is logged at debug and kept in the exception's providerMessage() for the adapter, never put in the
        // message users see.
        String shown = withoutSecrets(outcome.reason().map(ProviderHttp::clean).orElseGet(() -> jsonMessage(body)), secrets);
        if (shown == null && !message.isEmpty()) {
            LOG.debug("{} answered {} to {}: {}", provider, status, where, message);
        }
        String detail = shown == null || shown.isEmpty() ? "" : ": " + shown;
        String answered = provider + " answered " + status + reasonOf(status) + " to " + where + detail;
        if (byStatus && status == 507) {
            // Insufficient Storage (RFC 4918): the destination is full, not the item wrong; the transfer pauses.
            return new DestinationFullException(provider + " has no room left (507 Insufficient Storage) for " + where, null);
        }
        if (outcome.kind() == AnswerOutcome.Kind.DESTINATION_FULL) {
            return new DestinationFullException(provider + " has no room left (" + status + reasonOf(status) + ") for "
                    + where + detail, outcome.retryAt().orElse(null), null);
        }
        if (rateLimited || outcome.kind() == AnswerOutcome.Kind.TRANSIENT || status == 408 || status >= 500) {
            Optional<Duration> retryAfter = retryAfter(answer, outcome, clock);
            String wait = retryAfter.map(d -> "retry after " + d.toSeconds() + " s").orElse("");
            String note = rateLimited && status != 429 ? (wait.isEmpty() ? "a rate limit" : "a rate limit, " + wait) : wait;
            return new TransientAdapterException(answered + (note.isEmpty() ? "" : " (" + note + ")"), null,
                    retryAfter.orElse(null));
        }
        if (status == 401 || status == 403) {
            return new AuthorizationRefusedException(provider + " refused the authorization (" + status + reasonOf(status)
                    + ") for " + where + detail + "; the account may have to be authorized again", answer, message);
        }
        if (status == 404) {
            return onNotFound == OnNotFound.REJECT_ITEM ? new ProviderRejectedException(answered, answer, message)
                    : new AdapterException(answered);
        }
        if (status >= 400 && status < 500) {
            return new ProviderRejectedException(answered, answer, message);
        }
        return new AdapterException(provider + " answered with the unexpected status " + status + " to " + where + detail);
    }

    private static String reasonOf(int status) {
        return switch (status) {
            case 400 -> " Bad Request";
            case 401 -> " Unauthorized";
            case 403 -> " Forbidden";
            case 404 -> " Not Found";
            case 408 -> " Request Timeout";
            case 409 -> " Conflict";
            case 413 -> " Payload Too Large";
            case 415 -> " Unsupported Media Type";
            case 422 -> " Unprocessable Content";
            case 429 -> " Too Many Requests";
            case 500 -> " Internal Server Error";
            case 502 -> " Bad Gateway";
            case 503 -> " Service Unavailable";
            case 504 -> " Gateway Timeout";
            default -> "";
        };
    }

    /**
     * What a provider's error body says: the {@code message}, {@code Message}, {@code error_description},
     * {@code error} (text or an object with a message) or {@code detail} of a JSON object, else the text
     * itself; control characters removed, at most {@value #MAX_MESSAGE_CHARS} characters.
     */
    static String providerMessage(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String json = jsonMessage(body);
        return json != null ? json : clean(body.strip());
    }

    /** The message field of a JSON error body as {@link #providerMessage} finds it; null when there is none. */
    private static String jsonMessage(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        String text = body.strip();
        if (text.startsWith("{")) {
            try {
                JsonNode node = new ObjectMapper().readTree(text);
                for (String field : List.of("message", "Message", "error_description", "error", "detail", "title")) {
                    JsonNode value = node.path(field);
                    if (value.isTextual() && !value.asText().isBlank()) {
                        return clean(value.asText());
                    }
                    if (value.isObject() && value.path("message").isTextual()) {
                        return clean(value.path("message").asText());
                    }
                }
            } catch (JsonProcessingException e) {
                // not JSON after all
            }
        }
        return null;
    }

    /**
     * {@code text} with each of {@code secrets} (and the credential of a value such as {@code Basic xyz}) cut out: a
     * server may echo a request's Authorization header in its error.
     */
    private static String withoutSecrets(String text, Collection<String> secrets) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : secrets) {
            String credential = secret.substring(secret.lastIndexOf(' ') + 1);
            for (String s : List.of(secret, credential)) {
                if (s.length() >= 4) {
                    out = out.replace(s, "…");
                }
            }
        }
        return out;
    }

    private static String clean(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        String oneLine = out.toString().replaceAll("\\s+", " ").strip();
        return oneLine.length() <= MAX_MESSAGE_CHARS ? oneLine : oneLine.substring(0, MAX_MESSAGE_CHARS) + "…";
    }

    /** {@code uri} without its query, fragment and user info: what may be logged and shown. */
    public static String redact(URI uri) {
        if (uri == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        if (uri.getScheme() != null) {
            out.append(uri.getScheme()).append("://");
        }
        if (uri.getHost() != null) {
            out.append(uri.getHost());
            if (uri.getPort() >= 0) {
                out.append(':').append(uri.getPort());
            }
        }
        if (uri.getRawPath() != null) {
            out.append(uri.getRawPath());
        }
        return out.toString();
    }

    /** The settings of a {@link ProviderHttp}. */
    public static final class Builder {
        private final String provider;
        private HttpClient client;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration requestTimeout = Duration.ofSeconds(60);
        private RateLimiter limiter = RateLimiter.unlimited();
        private ObjectMapper mapper = ModelJson.newObjectMapper();
        private String userAgent = "dtp";
        private long maxJsonBytes = 8L << 20;
        private long minUploadBytesPerSecond = 64L << 10;
        private Clock clock = Clock.systemUTC();
        private RequestSigner signer = RequestSigner.NONE;
        private AnswerPolicy answerPolicy = AnswerPolicy.BY_STATUS;
        private boolean followRedirects = true;
        private HttpClient.Version version = HttpClient.Version.HTTP_1_1;
        private SSLContext sslContext;
        private OutboundAddresses outbound;

        private Builder(String provider) {
            if (provider == null || provider.isBlank()) {
                throw new IllegalArgumentException("a provider name is needed for messages");
            }
            this.provider = provider;
        }

        /** The client to send with; by default one is built from the settings here. */
        public Builder httpClient(HttpClient client) {
            this.client = Objects.requireNonNull(client);
            return this;
        }

        /** Time allowed to open a connection (default 10 s). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connect timeout");
            return this;
        }

        /** Time allowed from sending a request to its response headers (default 60 s); uploads get more. */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "request timeout");
            return this;
        }

        /** The limiter every request waits on (default: none). */
        public Builder rateLimiter(RateLimiter limiter) {
            this.limiter = Objects.requireNonNull(limiter);
            return this;
        }

        /** The mapper for JSON (default {@link ModelJson#newObjectMapper()}). */
        public Builder mapper(ObjectMapper mapper) {
            this.mapper = Objects.requireNonNull(mapper);
            return this;
        }

        /** The User-Agent header (default {@code dtp}); null sends the JDK's. */
        public Builder userAgent(String userAgent) {
            this.userAgent = userAgent;
            return this;
        }

        /** The largest JSON or text answer read (default 8 MiB); a larger one fails. */
        public Builder maxJsonBytes(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("maxJsonBytes must be positive");
            }
            this.maxJsonBytes = bytes;
            return this;
        }

        /** The slowest upload speed allowed for (default 64 KiB/s): it sets how long an upload may take. */
        public Builder minUploadBytesPerSecond(long bytesPerSecond) {
            if (bytesPerSecond < 1) {
                throw new IllegalArgumentException("minUploadBytesPerSecond must be positive");
            }
            this.minUploadBytesPerSecond = bytesPerSecond;
            return this;
        }

        /** The clock Retry-After dates are measured against. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock);
            return this;
        }

        /** The signer of every request (default: none); see also {@link ProviderHttp#withSigner}. */
        public Builder signer(RequestSigner signer) {
            this.signer = Objects.requireNonNull(signer);
            return this;
        }

        /**
         * What the provider's answers mean beyond their status (default {@link AnswerPolicy#BY_STATUS}): transient, a
         * rate limit until when, the destination full, a window used up. Since 2.0 (it replaces 1.4's
         * {@code rateLimitAnswers}).
         */
        public Builder answerPolicy(AnswerPolicy policy) {
            this.answerPolicy = Objects.requireNonNull(policy);
            return this;
        }

        /**
         * Whether redirects are followed (default yes, never from https to http; with {@link #outbound}, within the same
         * origin only).
         */
        public Builder followRedirects(boolean follow) {
            this.followRedirects = follow;
            return this;
        }

        /** The HTTP version asked for (default HTTP/1.1). */
        public Builder version(HttpClient.Version version) {
            this.version = Objects.requireNonNull(version);
            return this;
        }

        /** The TLS context of HTTPS connections, e.g. {@link TrustStores#sslContext} (default: the JVM's). Since 2.1. */
        public Builder sslContext(SSLContext context) {
            this.sslContext = context;
            return this;
        }

        /**
         * Checks every request's host with {@code outbound} before it is sent: for addresses from users' settings. The
         * client then follows redirects itself, within the same origin only, each hop checked (a client given with
         * {@link #httpClient} must not follow any). Since 2.1.
         */
        public Builder outbound(OutboundAddresses outbound) {
            this.outbound = Objects.requireNonNull(outbound);
            return this;
        }

        public ProviderHttp build() {
            if (outbound != null && client != null && client.followRedirects() != HttpClient.Redirect.NEVER) {
                throw new IllegalStateException("with an outbound check, redirects are followed by ProviderHttp:"
                        + " the HttpClient given must not follow them");
            }
            if (client != null) {
                return new ProviderHttp(this, client);
            }
            HttpClient.Builder http = HttpClient.newBuilder()
                    .connectTimeout(connectTimeout)
                    .followRedirects(followRedirects && outbound == null ? HttpClient.Redirect.NORMAL
                            : HttpClient.Redirect.NEVER)
                    .version(version);
            if (sslContext != null) {
                http.sslContext(sslContext);
            }
            return new ProviderHttp(this, http.build());
        }

        private static Duration positive(Duration d, String what) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(what + " must be positive");
            }
            return d;
        }
    }

    /** Thrown by {@link LimitedInputStream} past its limit. */
    static final class TooLargeException extends IOException {
        TooLargeException() {
            super("answer too large");
        }
    }

    /** Reads at most {@code limit} bytes; one more is a {@link TooLargeException}. */
    static final class LimitedInputStream extends FilterInputStream {
        private long left;

        LimitedInputStream(InputStream in, long limit) {
            super(in);
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0 && --left < 0) {
                throw new TooLargeException();
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, (int) Math.min(len, Math.max(1, left + 1)));
            if (n > 0) {
                left -= n;
                if (left < 0) {
                    throw new TooLargeException();
                }
            }
            return n;
        }
    }
}
