package org.dtp.spi.http;

import java.io.InputStream;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request body that is {@code length} bytes of a stream, read once: a {@link BodyPublisher} for the JDK's client,
 * and {@link #take} for {@link BlockingUploads}, which write the stream themselves.
 */
final class StreamedBody implements BodyPublisher {
    private final InputStream stream;
    private final long length;
    private final AtomicBoolean taken = new AtomicBoolean();
    private final BodyPublisher publisher;

    /** {@code length} bytes of {@code stream} ({@code -1}: unknown, sent chunked; not 0). */
    StreamedBody(InputStream stream, long length) {
        this.stream = stream;
        this.length = length;
        BodyPublisher once = BodyPublishers.ofInputStream(this::take);
        this.publisher = length > 0 ? BodyPublishers.fromPublisher(once, length) : once;
    }

    /** The stream, the first time only: an upload body can be sent once. */
    InputStream take() {
        if (!taken.compareAndSet(false, true)) {
            throw new IllegalStateException("an upload body can be sent only once");
        }
        return stream;
    }

    @Override
    public long contentLength() {
        return length;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        publisher.subscribe(subscriber);
    }
}
