package org.dtp.adapters.imap;

import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Work that must answer by a time (an estimate) is not held by a server that accepts and never says a word. */
public class ImapDeadlineTest {
    private ServerSocket silent;
    private final List<Socket> accepted = new ArrayList<>();

    @Before
    public void listen() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!silent.isClosed()) {
                try {
                    accepted.add(silent.accept()); // and then nothing: no greeting, ever
                } catch (IOException e) {
                    return;
                }
            }
        }, "silent-imap");
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
        Map<String, String> settings = new HashMap<>(GreenMailServer.endpoint("ann", "plain", silent.getLocalPort(),
                GreenMailServer.PASSWORD).settings());
        TransferContext plain = TestContexts.source(UUID.randomUUID(), new TransferEndpoint("imap", settings));
        return new TransferContext() {
            @Override
            public UUID jobId() {
                return plain.jobId();
            }

            @Override
            public TransferEndpoint endpoint() {
                return plain.endpoint();
            }

            @Override
            public void updateSettings(Map<String, String> changes) throws AdapterException {
                plain.updateSettings(changes);
            }

            @Override
            public Optional<Instant> deadline() {
                return Optional.of(deadline);
            }
        };
    }

    @Test
    public void aSilentServerIsGivenUpAtTheDeadlineNotAtTheConfiguredReadTimeout() {
        ImapSettings settings = GreenMailServer.settings();
        assertTrue("the configured read timeout is longer than the test's bound", settings.readTimeout().toSeconds() >= 5);
        ImapConnector connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        try {
            long started = System.nanoTime();
            assertThrows(AdapterException.class, () -> new ImapMailExporter(connector)
                    .export(answeringBy(Instant.now().plusSeconds(1)), ExportCursor.root()));
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertTrue("gave up after " + took, took.compareTo(Duration.ofSeconds(3)) < 0);
        } finally {
            connector.close();
        }
    }
}
