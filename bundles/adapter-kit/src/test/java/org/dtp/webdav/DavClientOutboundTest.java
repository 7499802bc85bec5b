package org.dtp.webdav;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.kit.net.OutboundGuard;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * A user's CardDAV/CalDAV URL cannot make the server send requests to its own loopback services (SSRF), and what
 * a service there answers never comes back in a message.
 */
public class DavClientOutboundTest {
    private static final String SECRET = "internal-secret-7f3a";
    private ServerSocket service;
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile String answer = "";
    private Thread answering;

    @Before
    public void listen() {
        try {
            service = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        answering = new Thread(() -> {
            while (!service.isClosed()) {
                try (Socket s = service.accept()) {
                    accepted.incrementAndGet();
                    s.setSoTimeout(5000);
                    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
                    int length = 0;
                    for (String line; (line = in.readLine()) != null && !line.isEmpty(); ) {
                        if (line.toLowerCase().startsWith("content-length:")) {
                            length = Integer.parseInt(line.substring(15).trim());
                        }
                    }
                    in.skip(length);
                    OutputStream out = s.getOutputStream();
                    out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (IOException e) {
                    // closed: the test is over
                }
            }
        }, "fake-service");
        answering.setDaemon(true);
        answering.start();
    }

    @After
    public void close() throws Exception {
        service.close();
        answering.join(5000);
    }

    private static String http(String status, String type, String body) {
        return "HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nContent-Length: " + body.length()
                + "\r\nConnection: close\r\n\r\n" + body;
    }

    private DavAccount account(String host) {
        return new DavAccount(URI.create("http://" + host + ":" + service.getLocalPort() + "/"), "ann", "pw");
    }

    private static DavClient client(OutboundGuard guard) {
        return DavClient.builder("CardDAV").outbound(guard).build();
    }

    @Test
    public void aLoopbackUrlIsRefusedBeforeAnyRequest() throws Exception {
        answer = http("207 Multi-Status", "text/plain", SECRET);
        for (String host : List.of("127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "[::1]")) {
            DavClient client = client(new OutboundGuard(List.of(), List.of()));
            InvalidEndpointException e = assertThrows(host, InvalidEndpointException.class,
                    () -> client.discoverHome(account(host), DavService.CARDDAV));
            assertTrue(e.getMessage(), e.getMessage().contains("a loopback address; this server does not connect to it"));
            assertThrows(host, InvalidEndpointException.class,
                    () -> client.listMembers(account(host), new DavCollection(account(host).url(), null, null,
                            java.util.Set.of(), java.util.Set.of(), null, null, null, null)));
        }
        service.setSoTimeout(300);
        assertThrows("a connection reached the service", SocketTimeoutException.class, service::accept);
        assertTrue(accepted.get() == 0);
    }

    @Test
    public void operatorsTransfersReachLoopbackOnlyWhenExempted() throws Exception {
        answer = http("500 Internal Server Error", "text/plain", SECRET);
        TransferEndpoint endpoint = new TransferEndpoint("carddav", Map.of(DavAccount.URL, account("127.0.0.1").url().toString(),
                DavAccount.USERNAME, "ann", DavAccount.PASSWORD, "pw"));
        DavAccount operators = DavAccount.of(new TestTransferContext(UUID.randomUUID(), endpoint).ofOperators());
        assertThrows(InvalidEndpointException.class, () -> client(new OutboundGuard(List.of(), List.of()))
                .listCollections(operators, operators.url(), DavService.CARDDAV));
        DavClient exempting = client(new OutboundGuard(List.of(), List.of(), true));
        assertThrows("an end user's transfer is checked all the same", InvalidEndpointException.class,
                () -> exempting.listCollections(DavAccount.of(endpoint), operators.url(), DavService.CARDDAV));
        assertEquals(0, accepted.get());
        AdapterException e = assertThrows(AdapterException.class,
                () -> exempting.listCollections(operators, operators.url(), DavService.CARDDAV));
        assertFalse(e.getMessage(), e instanceof InvalidEndpointException || e.getMessage().contains(SECRET));
        assertEquals("reached: asked, and on its 500 asked again without the collections' getctag and sync-token",
                2, accepted.get());
    }

    @Test
    public void anAllowedServicesAnswerIsNeverQuoted() {
        DavClient client = client(new OutboundGuard(List.of(), List.of("127.0.0.1")));
        for (String a : List.of(http("500 Internal Server Error", "text/plain", SECRET),
                http("403 Forbidden", "text/html", "<html>" + SECRET + "</html>"),
                http("400 Bad Request", "application/json", "{\"message\":\"" + SECRET + "\"}"),
                http("207 Multi-Status", "text/plain", "ssh " + SECRET),
                http("207 Multi-Status", "application/xml", "<" + SECRET + ">"),
                "SSH-2.0-OpenSSH_9.6 " + SECRET + "\r\n")) {
            answer = a;
            AdapterException e = assertThrows(a, AdapterException.class,
                    () -> client.listCollections(account("127.0.0.1"), account("127.0.0.1").url(), DavService.CARDDAV));
            assertFalse(e.getMessage(), e.getMessage().contains(SECRET));
            assertTrue(e.getMessage(), e.getMessage().contains("http://127.0.0.1:" + service.getLocalPort() + "/"));
        }
        assertTrue(accepted.get() >= 6);
    }
}
