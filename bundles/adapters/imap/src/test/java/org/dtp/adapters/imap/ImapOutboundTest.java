package org.dtp.adapters.imap;

import org.dtp.kit.net.OutboundGuard;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
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
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * An end user's IMAP host and port cannot make the server connect to its own loopback services (SSRF), and what a
 * service there answers never comes back in a message.
 */
public class ImapOutboundTest {
    private static final String SECRET = "SSH-2.0-OpenSSH_9.6 internal-secret-7f3a";
    private ServerSocket service;
    private final AtomicInteger accepted = new AtomicInteger();
    private Thread answering;

    @Before
    public void listen() throws IOException {
        service = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    @After
    public void close() throws Exception {
        service.close();
        if (answering != null) {
            answering.join(5000);
        }
    }

    /** The service answers like an ssh daemon, or (imapLike) greets like IMAP and then refuses every command. */
    private void answer(boolean imapLike) {
        answering = new Thread(() -> {
            while (!service.isClosed()) {
                try (Socket s = service.accept()) {
                    accepted.incrementAndGet();
                    s.setSoTimeout(5000);
                    OutputStream out = s.getOutputStream();
                    if (!imapLike) {
                        out.write((SECRET + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        continue;
                    }
                    out.write(("* OK " + SECRET + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
                    for (String line; (line = in.readLine()) != null; ) {
                        String tag = line.split(" ")[0];
                        out.write((tag + " NO " + SECRET + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                    }
                } catch (IOException e) {
                    // closed: the test is over
                }
            }
        }, "fake-service");
        answering.setDaemon(true);
        answering.start();
    }

    private TransferEndpoint endpoint(String host, String security) {
        Map<String, String> settings = new HashMap<>(GreenMailServer.endpoint("ann", security, service.getLocalPort(),
                GreenMailServer.PASSWORD).settings());
        settings.put(ImapAccount.HOST, host);
        return new TransferEndpoint("imap", settings);
    }

    private void export(OutboundGuard guard, TransferEndpoint endpoint) throws AdapterException {
        export(guard, TestContexts.source(UUID.randomUUID(), endpoint));
    }

    private void export(OutboundGuard guard, TransferContext context) throws AdapterException {
        ImapConnector connector = new ImapConnector(GreenMailServer.settings(), guard);
        try {
            new ImapMailExporter(connector).export(context, ExportCursor.root());
        } finally {
            connector.close();
        }
    }

    /** A transfer the operators run. */
    private static TransferContext operators(TransferEndpoint endpoint) {
        return new TestTransferContext(UUID.randomUUID(), endpoint).ofOperators();
    }

    @Test
    public void operatorsTransfersReachLoopbackOnlyWhenExempted() throws Exception {
        InvalidEndpointException refused = assertThrows(InvalidEndpointException.class,
                () -> export(new OutboundGuard(List.of(), List.of()), operators(endpoint("127.0.0.1", "plain"))));
        assertTrue(refused.getMessage(), refused.getMessage().contains("a loopback address"));
        assertNothingConnected();
        service.setSoTimeout(0);
        assertThrows("an end user's transfer is checked all the same", InvalidEndpointException.class,
                () -> export(new OutboundGuard(List.of(), List.of(), true), endpoint("127.0.0.1", "plain")));
        assertNothingConnected();
        service.setSoTimeout(0);
        answer(false);
        AdapterException e = assertThrows(AdapterException.class,
                () -> export(new OutboundGuard(List.of(), List.of(), true), operators(endpoint("127.0.0.1", "plain"))));
        assertFalse(e.getMessage(), e instanceof InvalidEndpointException);
        assertEquals(1, accepted.get());
    }

    private void assertNothingConnected() throws IOException {
        service.setSoTimeout(300);
        assertThrows("a connection reached the service", SocketTimeoutException.class, service::accept);
    }

    @Test
    public void aLoopbackHostIsRefusedBeforeAnyConnection() throws Exception {
        for (String security : List.of("tls", "starttls", "plain")) {
            for (String host : List.of("127.0.0.1", "localhost", "[::ffff:127.0.0.1]")) {
                InvalidEndpointException e = assertThrows(security + " " + host, InvalidEndpointException.class,
                        () -> export(new OutboundGuard(List.of(), List.of()), endpoint(host, security)));
                assertTrue(e.getMessage(), e.getMessage().contains("a loopback address; this server does not connect to it")
                        && e.getMessage().contains(hostIn(host)));
            }
        }
        assertNothingConnected();
    }

    private static String hostIn(String host) {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    @Test
    public void aPrivateAddressIsRefusedToo() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> export(new OutboundGuard(List.of(), List.of()), endpoint("10.255.255.1", "tls")));
        assertTrue(e.getMessage(), e.getMessage().contains("10.255.255.1 is a private address"));
    }

    @Test
    public void anAllowedServiceThatIsNoImapServerIsNotQuoted() {
        answer(false);
        for (String security : List.of("tls", "starttls", "plain")) {
            AdapterException e = assertThrows(AdapterException.class, () -> export(allowingLoopback(), endpoint("127.0.0.1", security)));
            assertFalse(e.getMessage(), e.getMessage().contains("internal-secret") || e.getMessage().contains("SSH-2.0"));
            assertTrue(e.getMessage(), e.getMessage().contains("ann at 127.0.0.1:" + service.getLocalPort()));
        }
        assertTrue(accepted.get() > 0);
    }

    @Test
    public void anAllowedServerThatRefusesIsNotQuoted() {
        answer(true);
        for (String security : List.of("starttls", "plain")) {
            AdapterException e = assertThrows(AdapterException.class, () -> export(allowingLoopback(), endpoint("127.0.0.1", security)));
            assertFalse(e.getMessage(), e.getMessage().contains("internal-secret") || e.getMessage().contains("SSH-2.0"));
        }
        assertEquals(2, accepted.get());
    }

    private static OutboundGuard allowingLoopback() {
        return new OutboundGuard(List.of(), List.of("127.0.0.1"));
    }
}
