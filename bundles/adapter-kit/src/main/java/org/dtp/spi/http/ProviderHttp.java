package org.dtp.spi.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.TransientAdapterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
 * Failures made from an answer carry it ({@link ProviderAnswer}: status, headers, the body's first bytes).
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
    }

    private ProviderHttp(ProviderHttp other, RequestSigner signer, RateLimiter limiter) {
        this(other, signer, limiter, other.answerPolicy);
    }

    private ProviderHttp(ProviderHttp other, RequestSigner signer, RateLimiter limiter, AnswerPolicy answerPolicy) {
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
    }

    /** A builder for a client of {@code provider} (a name for messages, e.g. {@code SmugMug}). */
    public static Builder builder(String provider) {
        return new Builder(provider);
    }

    /** The same client (connections, rate limiter, settings) signing every request with {@code signer}. */
    public ProviderHttp withSigner(RequestSigner signer) {
        return new ProviderHttp(this, Objects.requireNonNull(signer, "signer"), limiter);
    }

    /**
     * The same client (connections, signer, settings) taking its permits from {@code limiter}, e.g. a user's own
     * limiter {@link RateLimiter#within within} the client's. Since 1.2.
     */
    public ProviderHttp withRateLimiter(RateLimiter limiter) {
        return new ProviderHttp(this, signer, Objects.requireNonNull(limiter, "limiter"));
    }

    /**
     * The same client (connections, signer, rate limiter, settings) judging error answers by {@code policy}, e.g. an
     * API's error codes where the same host's downloads are judged by their status. Since 2.0.
     */
    public ProviderHttp withAnswerPolicy(AnswerPolicy policy) {
        return new ProviderHttp(this, signer, limiter, Objects.requireNonNull(policy, "policy"));
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
        BodyPublisher publisher;
        if (length == 0) {
            publisher = BodyPublishers.noBody();
        } else {
            AtomicBoolean taken = new AtomicBoolean();
            BodyPublisher once = BodyPublishers.ofInputStream(() -> {
                if (!taken.compareAndSet(false, true)) {
                    throw new IllegalStateException("an upload body can be sent only once");
                }
                return body;
            });
            publisher = length > 0 ? BodyPublishers.fromPublisher(once, length) : once;
        }
        Duration timeout = requestTimeout.plusSeconds(Math.max(0, length) / minUploadBytesPerSecond);
        return exchange("POST", uri, headers, List.of(), publisher, contentType, timeout, onNotFound, length == 0, false);
    }

    private HttpResponse<InputStream> exchange(String method, URI uri, Map<String, String> headers,
                                               List<Map.Entry<String, String>> form, BodyPublisher body,
                                               String contentType, Duration timeout, OnNotFound onNotFound)
            throws AdapterException {
        return exchange(method, uri, headers, form, body, contentType, timeout, onNotFound, true, false);
    }

    /**
     * One request; when the provider answers 401 to a request not {@code resent} and the signer says a new signature
     * may do (a refreshed token), it is sent once more if {@code repeatable} (its body can be sent again: not a stream
     * being uploaded), else it fails as transient.
     */
    private HttpResponse<InputStream> exchange(String method, URI uri, Map<String, String> headers,
                                               List<Map.Entry<String, String>> form, BodyPublisher body,
                                               String contentType, Duration timeout, OnNotFound onNotFound,
                                               boolean repeatable, boolean resent) throws AdapterException {
        SignableRequest signable = new SignableRequest(method, uri, form);
        signer.sign(signable);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).method(signable.method(), body);
        request.header("Accept", headers.containsKey("Accept") ? headers.get("Accept") : JSON);
        if (userAgent != null) {
            request.header("User-Agent", userAgent);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        headers.forEach((name, value) -> {
            if (!"Accept".equals(name)) {
                request.header(name, value);
            }
        });
        signable.headers().forEach(request::setHeader);
        try {
            limiter.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException(provider + " request " + method + " " + redact(uri)
                    + " interrupted while waiting for the rate limit", e);
        }
        long started = System.nanoTime();
        HttpResponse<InputStream> response;
        try {
            response = client.send(request.build(), BodyHandlers.ofInputStream());
        } catch (IOException e) {
            LOG.debug("{} {} {} failed after {} ms: {}", provider, method, redact(uri), millisSince(started), e.toString());
            throw transientOf(method, uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientAdapterException(provider + " request " + method + " " + redact(uri) + " interrupted", e);
        }
        int status = response.statusCode();
        LOG.debug("{} {} {} -> {} in {} ms", provider, method, redact(uri), status, millisSince(started));
        if (status >= 200 && status < 300) {
            limiter.succeeded();
            answerPolicy.pauseAfter(new ProviderAnswer(method, uri, status, response.headers(), null))
                    .ifPresent(at -> limiter.throttled(waitUntil(at, clock)));
            return response;
        }
        if (status == 401 && signer.unauthorized(signable) && !resent) {
            readErrorBody(response.body());
            if (repeatable) {
                LOG.debug("{} {} {} -> 401; signing it again", provider, method, redact(uri));
                return exchange(method, uri, headers, form, body, contentType, timeout, onNotFound, true, true);
            }
            throw new TransientAdapterException(provider + " refused the authorization (401 Unauthorized) for " + method
                    + " " + redact(uri) + "; it is renewed for the next attempt, as a streamed body is sent only once", null);
        }
        ProviderAnswer answer = ProviderAnswer.read(method, uri, status, response.headers(), response.body());
        AnswerOutcome outcome = answerPolicy.judge(answer);
        if (rateLimited(answer, outcome)) {
            limiter.throttled(retryAfter(answer, outcome, clock).orElse(null));
        }
        throw failure(provider, answer, outcome, onNotFound, clock);
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
        try (InputStream in = new LimitedInputStream(response.body(), maxJsonBytes)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
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
        return failure(provider, answer, AnswerOutcome.byStatus(), onNotFound, clock);
    }

    /** {@link #failure} of {@code answer} as its policy's {@code outcome} says. */
    private static AdapterException failure(String provider, ProviderAnswer answer, AnswerOutcome outcome,
                                            OnNotFound onNotFound, Clock clock) {
        if (outcome.kind() == AnswerOutcome.Kind.FAILURE) {
            return outcome.failure();
        }
        int status = answer.status();
        String body = answer.bodyText();
        boolean byStatus = outcome.kind() == AnswerOutcome.Kind.BY_STATUS;
        boolean rateLimited = rateLimited(answer, outcome);
        String message = providerMessage(body);
        String where = answer.method() + " " + answer.where();
        // Only the message field of a JSON error is shown; other text (a page, another service's banner) is logged at
        // debug and kept in the exception's providerMessage() for the adapter, never put in the message users see.
        String shown = outcome.reason().orElseGet(() -> jsonMessage(body));
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

        /** Whether redirects are followed (default yes, never from https to http). */
        public Builder followRedirects(boolean follow) {
            this.followRedirects = follow;
            return this;
        }

        /** The HTTP version asked for (default HTTP/1.1). */
        public Builder version(HttpClient.Version version) {
            this.version = Objects.requireNonNull(version);
            return this;
        }

        public ProviderHttp build() {
            HttpClient http = client != null ? client : HttpClient.newBuilder()
                    .connectTimeout(connectTimeout)
                    .followRedirects(followRedirects ? HttpClient.Redirect.NORMAL : HttpClient.Redirect.NEVER)
                    .version(version)
                    .build();
            return new ProviderHttp(this, http);
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
