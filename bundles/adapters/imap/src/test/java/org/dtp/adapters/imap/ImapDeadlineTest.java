package org.dtp.adapters.imap;

import org.dtp.kit.testing.SilentServer;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Work that must answer by a time (an estimate) is not held by a server that accepts and never says a word. */
public class ImapDeadlineTest {
    @Rule
    public final SilentServer silent = new SilentServer();

    @Test
    public void aSilentServerIsGivenUpAtTheDeadlineNotAtTheConfiguredReadTimeout() {
        ImapSettings settings = GreenMailServer.settings();
        assertTrue("the configured read timeout is longer than the test's bound", settings.readTimeout().toSeconds() >= 5);
        TransferEndpoint endpoint = GreenMailServer.endpoint("ann", "plain", silent.port(), GreenMailServer.PASSWORD);
        ImapConnector connector = new ImapConnector(settings, GreenMailServer.LOOPBACK);
        try {
            long started = System.nanoTime();
            assertThrows(AdapterException.class, () -> new ImapMailExporter(connector).export(
                    new TestTransferContext(UUID.randomUUID(), endpoint).answeringBy(Instant.now().plusSeconds(1)), ExportCursor.root()));
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertTrue("gave up after " + took, took.compareTo(Duration.ofSeconds(3)) < 0);
            assertTrue("it did connect: the bound is on the reads", silent.accepted() > 0);
        } finally {
            connector.close();
        }
    }
}
