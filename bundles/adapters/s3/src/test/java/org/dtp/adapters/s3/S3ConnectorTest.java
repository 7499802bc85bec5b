package org.dtp.adapters.s3;

import com.sun.net.httpserver.HttpServer;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import software.amazon.awssdk.core.sync.RequestBody;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;

/** The S3 clients' settings that show on the wire, seen by a plain HTTP server standing in for a store. */
public class S3ConnectorTest {
    private HttpServer store;
    private final List<String> expectHeaders = new CopyOnWriteArrayList<>();

    @Before
    public void start() throws IOException {
        store = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        store.createContext("/", exchange -> {
            expectHeaders.add(String.valueOf(exchange.getRequestHeaders().getFirst("Expect")));
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("ETag", "\"0123456789abcdef0123456789abcdef\"");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        store.start();
    }

    @After
    public void stop() {
        store.stop(0);
    }

    @Test
    public void objectsArePutWithoutWaitingForAContinue() throws Exception {
        // "Expect: 100-continue" costs a round trip per object (benchmarks/README.md, S3PeersBenchmark).
        TransferEndpoint endpoint = new TransferEndpoint("s3", Map.of(
                S3Settings.ENDPOINT, "http://127.0.0.1:" + store.getAddress().getPort(), S3Settings.BUCKET, "photos",
                S3Settings.ACCESS_KEY_ID, "key", S3Settings.SECRET_ACCESS_KEY, "secret"));
        TestImportContext context = new TestImportContext(UUID.randomUUID(), endpoint, ref -> null);
        S3Connector connector = new S3Connector(S3Fixture.config(1000), S3Fixture.loopbackAllowed());
        try {
            connector.client(context, connector.settings(context))
                    .putObject(r -> r.bucket("photos").key("a.jpg"), RequestBody.fromBytes(new byte[64 << 10]));
        } finally {
            connector.close();
        }
        assertEquals(List.of("null"), expectHeaders);
    }
}
