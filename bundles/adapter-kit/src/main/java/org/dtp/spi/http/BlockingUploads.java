package org.dtp.spi.http;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Sends a body of known length, a stream, over a blocking HTTP/1.1 connection ({@link HttpURLConnection} in
 * fixed-length streaming mode). The JDK's {@code java.net.http} client writes a request body through its one selector
 * thread per client, a buffer of 16 KiB at a time read in that thread: every upload of a client shares it, so 4 PUTs
 * of 4 MB at once went ~3 times slower than the same PUTs written by their own threads (benchmarks/README.md,
 * DrivePeersBenchmark). Here each upload is written by the thread that sends it, in large writes.
 * <p>
 * What the client guarantees stays: no proxy (as the JDK's client built without one), no redirect followed (the
 * caller follows same-origin ones), no cache, the connect timeout, and the request's timeout from the first byte sent
 * to the answer's status (the connection is closed when it runs out: a {@link HttpTimeoutException}); the answer's body
 * is then read with that timeout for each read. Hosts are checked by the caller before.
 */
final class BlockingUploads {
    /** The methods {@link HttpURLConnection} sends; others go through the JDK's client. */
    private static final Set<String> METHODS = Set.of("PUT", "POST");
    private static final int COPY_BUFFER_BYTES = 256 << 10;

    private final Duration connectTimeout;
    private final SSLContext sslContext;
    /** Closes a connection whose answer did not come in time; its thread ends when idle. */
    private final ScheduledThreadPoolExecutor deadlines;

    /** Uploads connecting within {@code connectTimeout}, over TLS with {@code sslContext} (null: the JVM's). */
    BlockingUploads(Duration connectTimeout, SSLContext sslContext) {
        this.connectTimeout = connectTimeout;
        this.sslContext = sslContext;
        this.deadlines = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "dtp-http-upload-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        deadlines.setKeepAliveTime(10, TimeUnit.SECONDS);
        deadlines.allowCoreThreadTimeOut(true);
        deadlines.setRemoveOnCancelPolicy(true);
    }

    /** Whether a request of {@code method} with {@code body} is sent here. */
    static boolean sends(String method, HttpRequest.BodyPublisher body) {
        return body instanceof StreamedBody && body.contentLength() > 0 && METHODS.contains(method);
    }

    /**
     * Sends {@code body} with {@code method} to {@code uri}, the headers set by {@code headers}, and returns the answer
     * once its status came, its body unread.
     */
    HttpResponse<InputStream> send(String method, URI uri, StreamedBody body, Duration timeout,
                                   Consumer<HttpURLConnection> headers) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
        if (sslContext != null && connection instanceof HttpsURLConnection https) {
            https.setSSLSocketFactory(sslContext.getSocketFactory());
        }
        connection.setRequestMethod(method);
        connection.setInstanceFollowRedirects(false);
        connection.setUseCaches(false);
        connection.setDoOutput(true);
        connection.setConnectTimeout(millis(connectTimeout));
        connection.setReadTimeout(millis(timeout));
        connection.setFixedLengthStreamingMode(body.contentLength());
        headers.accept(connection);
        if (connection.getRequestProperty("Accept") == null) {
            connection.setRequestProperty("Accept", "*/*"); // not HttpURLConnection's default list of image types
        }
        // Set once, by whichever comes first: the answer's status, or the deadline (which closes the connection).
        AtomicBoolean settled = new AtomicBoolean();
        ScheduledFuture<?> deadline = deadlines.schedule(() -> {
            if (settled.compareAndSet(false, true)) {
                connection.disconnect();
            }
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        int status;
        try {
            try (OutputStream out = connection.getOutputStream()) {
                copy(body.take(), out);
            }
            status = connection.getResponseCode();
        } catch (IOException e) {
            throw settled.compareAndSet(false, true) ? e : timedOut(uri, e);
        } finally {
            deadline.cancel(false);
        }
        if (!settled.compareAndSet(false, true)) {
            throw timedOut(uri, null);
        }
        InputStream answer = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        return new Answer(method, uri, status, headersOf(connection),
                answer == null ? InputStream.nullInputStream() : answer);
    }

    private static HttpTimeoutException timedOut(URI uri, IOException cause) {
        HttpTimeoutException timeout = new HttpTimeoutException("no answer in time from " + ProviderHttp.redact(uri));
        if (cause != null) {
            timeout.initCause(cause);
        }
        return timeout;
    }

    private static void copy(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[COPY_BUFFER_BYTES];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            out.write(buffer, 0, n);
        }
    }

    private static HttpHeaders headersOf(HttpURLConnection connection) {
        Map<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        connection.getHeaderFields().forEach((name, values) -> {
            if (name != null) { // the status line
                byName.merge(name, values, (a, b) -> a.isEmpty() ? b : a);
            }
        });
        return HttpHeaders.of(byName, (name, value) -> true);
    }

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, d.toMillis()));
    }

    /** An answer to an upload, as the JDK's client gives it. */
    private record Answer(String method, URI uri, int statusCode, HttpHeaders headers, InputStream body)
            implements HttpResponse<InputStream> {
        @Override
        public HttpRequest request() {
            return HttpRequest.newBuilder(uri).method(method, HttpRequest.BodyPublishers.noBody()).build();
        }

        @Override
        public Optional<HttpResponse<InputStream>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return Optional.empty();
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }
}
