package org.dtp.adapters.metagraph;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The {@link HttpClient} under {@link GraphApi}'s {@code ProviderHttp}: it passes every exchange on unchanged and
 * keeps, for the calling thread, the status, headers and {@link GraphError} of its last answer, which
 * {@code ProviderHttp}'s exceptions do not carry (the Graph error code decides what a failure means; the usage headers
 * how long to wait). An error body is read (at most {@value #MAX_ERROR_BYTES} bytes) and served again whole to
 * {@code ProviderHttp}. {@code ProviderHttp} sends on the caller's thread, so the thread's last answer is its own.
 */
final class GraphAnswers extends HttpClient {
    static final int MAX_ERROR_BYTES = 16 * 1024;

    /** What Meta answered the last request of a thread. */
    record Answer(int status, HttpHeaders headers, Optional<GraphError> error) {
    }

    private final HttpClient delegate;
    private final ThreadLocal<Answer> last = new ThreadLocal<>();

    GraphAnswers(HttpClient delegate) {
        this.delegate = delegate;
    }

    /** The last answer of this thread since {@link #forget}; empty when none came (a connection failure). */
    Optional<Answer> last() {
        return Optional.ofNullable(last.get());
    }

    void forget() {
        last.remove();
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        HttpResponse<T> response = delegate.send(request, handler);
        int status = response.statusCode();
        if (status >= 200 && status < 300 || !(response.body() instanceof InputStream body)) {
            last.set(new Answer(status, response.headers(), Optional.empty()));
            return response;
        }
        byte[] head = body.readNBytes(MAX_ERROR_BYTES);
        last.set(new Answer(status, response.headers(), GraphError.parse(head)));
        @SuppressWarnings("unchecked")
        T again = (T) new SequenceInputStream(new ByteArrayInputStream(head), body);
        return new Replayed<>(response, again);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return delegate.sendAsync(request, handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                                                            HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        return delegate.sendAsync(request, handler, pushPromiseHandler);
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return delegate.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return delegate.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return delegate.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return delegate.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return delegate.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return delegate.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return delegate.authenticator();
    }

    @Override
    public Version version() {
        return delegate.version();
    }

    @Override
    public Optional<Executor> executor() {
        return delegate.executor();
    }

    /** An answer whose body was read in part and is served again from its start. */
    private record Replayed<T>(HttpResponse<T> response, T body) implements HttpResponse<T> {
        @Override
        public int statusCode() {
            return response.statusCode();
        }

        @Override
        public HttpRequest request() {
            return response.request();
        }

        @Override
        public Optional<HttpResponse<T>> previousResponse() {
            return response.previousResponse();
        }

        @Override
        public HttpHeaders headers() {
            return response.headers();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return response.sslSession();
        }

        @Override
        public URI uri() {
            return response.uri();
        }

        @Override
        public HttpClient.Version version() {
            return response.version();
        }
    }
}
