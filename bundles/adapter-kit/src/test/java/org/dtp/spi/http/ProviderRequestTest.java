package org.dtp.spi.http;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.net.OutboundAddresses;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Requests of any method through {@link ProviderHttp#request}, with the checks a client of users' addresses needs. */
public class ProviderRequestTest {
    private final List<String> checkedHosts = new CopyOnWriteArrayList<>();
    /** Allows 127.0.0.1 and records each check; refuses "localhost" as an internal name. */
    private final OutboundAddresses outbound = new OutboundAddresses() {
        @Override
        public List<InetAddress> resolve(String host) throws InvalidEndpointException, UnknownHostException {
            checkedHosts.add(host);
            if (!"127.0.0.1".equals(host)) {
                throw new InvalidEndpointException("the host " + host + " is not allowed");
            }
            return List.of(InetAddress.getLoopbackAddress());
        }

        @Override
        public void check(String host, InetAddress address) {
        }

        @Override
        public OutboundAddresses forOperator() {
            return this;
        }
    };
    private TestServer server;
    private ProviderHttp http;

    @Before
    public void start() throws IOException {
        server = new TestServer();
        http = ProviderHttp.builder("Dav").requestTimeout(Duration.ofSeconds(5)).outbound(outbound).build();
    }

    @After
    public void stop() {
        server.close();
    }

    @Test
    public void anyMethodIsSentWithItsBodyAndHeadersAndNoAcceptOfItsOwn() throws Exception {
        Map<String, String> seen = new java.util.concurrent.ConcurrentHashMap<>();
        server.handler(ex -> {
            seen.put("method", ex.getRequestMethod());
            seen.put("depth", ex.getRequestHeaders().getFirst("Depth"));
            seen.put("type", ex.getRequestHeaders().getFirst("Content-Type"));
            seen.put("accept", String.valueOf(ex.getRequestHeaders().getFirst("Accept")));
            seen.put("body", new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            ex.getResponseHeaders().set("Content-Type", "text/xml; charset=iso-8859-1");
            byte[] answer = "<ok>é</ok>".getBytes(StandardCharsets.ISO_8859_1);
            ex.sendResponseHeaders(207, answer.length);
            ex.getResponseBody().write(answer);
        });
        ProviderResponse response = http.request("PROPFIND", server.uri("/dav/")).header("Depth", "1")
                .body("<propfind/>".getBytes(StandardCharsets.UTF_8), "application/xml").send();
        assertEquals(207, response.status());
        assertEquals("<ok>é</ok>", response.text());
        assertEquals(Map.of("method", "PROPFIND", "depth", "1", "type", "application/xml", "accept", "null",
                "body", "<propfind/>"), seen);
        assertEquals(List.of("127.0.0.1"), checkedHosts);
    }

    @Test
    public void anAcceptedStatusComesBackAndOthersFail() throws Exception {
        server.handler(ex -> TestServer.respond(ex, 412, ""));
        assertEquals(412, http.request("PUT", server.uri("/x")).accept(412).send().status());
        ProviderRejectedException e = assertThrows(ProviderRejectedException.class,
                () -> http.request("PUT", server.uri("/x")).send());
        assertEquals(412, e.status());
    }

    @Test
    public void aSameOriginRedirectIsFollowedWithItsMethodAndBodyEachHopChecked() throws Exception {
        List<String> hops = new CopyOnWriteArrayList<>();
        server.handler(ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            hops.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + body);
            if (ex.getRequestURI().getPath().equals("/.well-known/carddav")) {
                ex.getResponseHeaders().set("Location", "/dav/");
                ex.sendResponseHeaders(301, -1);
            } else {
                TestServer.respond(ex, 207, "{}");
            }
        });
        ProviderResponse response = http.request("PROPFIND", server.uri("/.well-known/carddav"))
                .body("<p/>".getBytes(StandardCharsets.UTF_8), "application/xml").send();
        assertEquals(server.uri("/dav/"), response.uri());
        assertEquals(List.of("PROPFIND /.well-known/carddav <p/>", "PROPFIND /dav/ <p/>"), hops);
        assertEquals(List.of("127.0.0.1", "127.0.0.1"), checkedHosts);
    }

    @Test
    public void aRedirectToAnotherServerIsNotFollowed() throws Exception {
        String elsewhere = server.uri("/x").toString().replace("127.0.0.1", "localhost");
        server.handler(ex -> {
            ex.getResponseHeaders().set("Location", elsewhere);
            ex.sendResponseHeaders(307, -1);
        });
        ProviderResponse response = http.request("GET", server.uri("/a")).accept(307).send();
        assertEquals(307, response.status());
        assertEquals(List.of("127.0.0.1"), checkedHosts);
        assertThrows(org.dtp.spi.AdapterException.class, () -> http.request("GET", server.uri("/a")).send());
    }

    @Test
    public void aHostTheOutboundCheckRefusesIsNeverAsked() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> http.request("GET", URI.create("http://localhost:1/")).send());
        assertTrue(e.getMessage(), e.getMessage().contains("the host localhost is not allowed"));
    }

    @Test
    public void noTimeLeftBeforeTheDeadlineIsTransientAndSendsNothing() {
        server.handler(ex -> {
            throw new AssertionError("sent");
        });
        assertThrows(TransientAdapterException.class, () -> http.request("GET", server.uri("/x"))
                .deadline(Instant.now().minusSeconds(1)).send());
    }

    @Test
    public void anIdempotentRequestIsSentAgainWhenTheConnectionClosesBeforeAnAnswer() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread serving = new Thread(() -> {
                for (int i = 0; i < 3; i++) {
                    try (Socket s = socket.accept()) {
                        InputStream in = s.getInputStream();
                        in.read(new byte[4096]);
                        if (i == 1) {
                            OutputStream out = s.getOutputStream();
                            out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
                                    .getBytes(StandardCharsets.ISO_8859_1));
                            out.flush();
                        }
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            serving.setDaemon(true);
            serving.start();
            URI uri = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/r");
            // the first connection is closed unanswered, the second answers
            assertEquals("ok", http.request("REPORT", uri).idempotent().send().text());
            // the third is closed unanswered: a request not said to be idempotent is not sent again
            assertThrows(TransientAdapterException.class, () -> http.request("REPORT", uri).send());
        }
    }

    @Test
    public void withOutboundNeedsAClientBuiltWithACheck() {
        ProviderHttp plain = ProviderHttp.builder("Acme").build();
        assertThrows(IllegalStateException.class, () -> plain.withOutbound(outbound));
    }
}
