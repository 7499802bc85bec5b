package org.dtp.adapters.twitter;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The {@link HttpClient} under the adapter's {@code ProviderHttp}: passes every exchange on unchanged and keeps, for the
 * calling thread, the status and X's {@code x-rate-limit-remaining} / {@code x-rate-limit-reset} (Unix seconds,
 * https://docs.x.com/x-api/fundamentals/rate-limits) of its last answer, which {@code ProviderHttp}'s exceptions do not
 * carry and {@code RetryAfter} does not read. {@code ProviderHttp} sends on the caller's thread.
 */
final class RateLimitHeaders extends HttpClient {
    /** The last answer of a thread: its status, the requests left in the window (-1 unknown) and the window's end. */
    record Window(int status, long remaining, Instant reset) {
    }

    private final HttpClient delegate;
    private final ThreadLocal<Window> last = new ThreadLocal<>();

    RateLimitHeaders(HttpClient delegate) {
        this.delegate = delegate;
    }

    Optional<Window> last() {
        return Optional.ofNullable(last.get());
    }

    void forget() {
        last.remove();
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) throws IOException, InterruptedException {
        HttpResponse<T> response = delegate.send(request, handler);
        long remaining = response.headers().firstValue("x-rate-limit-remaining").map(RateLimitHeaders::number).orElse(-1L);
        Instant reset = response.headers().firstValue("x-rate-limit-reset").map(RateLimitHeaders::number)
                .filter(s -> s > 0).map(Instant::ofEpochSecond).orElse(null);
        last.set(new Window(response.statusCode(), remaining, reset));
        return response;
    }

    private static long number(String text) {
        String t = text.strip();
        return t.matches("\\d{1,12}") ? Long.parseLong(t) : -1;
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
}
