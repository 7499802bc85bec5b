package org.dtp.webdav;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.Radicale;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Work that must answer by a time (an estimate) is not held by a DAV server that accepts and never answers. */
public class DavDeadlineTest {
    private ServerSocket silent;
    private final List<Socket> accepted = new ArrayList<>();

    @Before
    public void listen() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!silent.isClosed()) {
                try {
                    accepted.add(silent.accept()); // reads nothing, answers nothing
                } catch (IOException e) {
                    return;
                }
            }
        }, "silent-dav");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @After
    public void close() throws IOException {
        silent.close();
        for (Socket s : accepted) {
            s.close();
        }
    }

    private TransferContext answeringBy(Instant deadline) {
        TransferEndpoint endpoint = new TransferEndpoint("carddav", Map.of(DavAccount.URL,
                "http://127.0.0.1:" + silent.getLocalPort() + "/", DavAccount.USERNAME, "ann", DavAccount.PASSWORD, "pw"));
        return new TransferContext() {
            private final UUID id = UUID.randomUUID();

            @Override
            public UUID jobId() {
                return id;
            }

            @Override
            public TransferEndpoint endpoint() {
                return endpoint;
            }

            @Override
            public void updateSettings(Map<String, String> changes) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<Instant> deadline() {
                return Optional.of(deadline);
            }
        };
    }

    @Test
    public void aSilentServerIsGivenUpAtTheDeadlineNotAtTheRequestTimeout() throws Exception {
        DavClient client = DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).requestTimeout(Duration.ofSeconds(60)).build();
        DavAccount account = DavAccount.of(answeringBy(Instant.now().plusSeconds(1)));

        long started = System.nanoTime();
        assertThrows(AdapterException.class, () -> client.discoverHome(account, DavService.CARDDAV));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertTrue("gave up after " + took, took.compareTo(Duration.ofSeconds(4)) < 0);
    }
}
