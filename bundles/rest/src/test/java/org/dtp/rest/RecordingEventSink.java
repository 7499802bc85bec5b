package org.dtp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.cxf.jaxrs.sse.OutboundSseEventImpl;

import javax.ws.rs.sse.OutboundSseEvent;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseBroadcaster;
import javax.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** An event sink that keeps what it was sent, with CXF's own event builder as {@link Sse}. */
final class RecordingEventSink implements SseEventSink {
    static final Sse SSE = new Sse() {
        @Override
        public OutboundSseEvent.Builder newEventBuilder() {
            return new OutboundSseEventImpl.BuilderImpl();
        }

        @Override
        public SseBroadcaster newBroadcaster() {
            throw new UnsupportedOperationException();
        }
    };

    final List<OutboundSseEvent> events = new ArrayList<>();
    /** Comment-only events (the keep-alive lines that find out whether the client is still there). */
    int comments;
    /** Whether the client has gone: every send then fails, as the container's write to a dropped connection does. */
    volatile boolean clientGone;
    private volatile boolean closed;

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public synchronized CompletionStage<?> send(OutboundSseEvent event) {
        if (closed) {
            throw new IllegalStateException("closed");
        }
        if (clientGone) {
            return CompletableFuture.failedFuture(new java.io.IOException("Broken pipe"));
        }
        if (event.getName() == null && event.getData() == null) {
            comments++;
        } else {
            events.add(event);
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
        closed = true;
    }

    synchronized List<String> names() {
        return events.stream().map(OutboundSseEvent::getName).toList();
    }

    /** The data of the events named {@code name}, parsed. */
    synchronized List<JsonNode> data(String name) {
        return events.stream().filter(e -> e.getName().equals(name)).map(e -> {
            try {
                return new ObjectMapper().readTree((String) e.getData());
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
        }).toList();
    }
}
