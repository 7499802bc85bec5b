package org.dtp.webdav;

import org.dtp.kit.testing.SilentServer;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.testing.Radicale;
import org.junit.Rule;
import org.junit.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Work that must answer by a time (an estimate) is not held by a DAV server that accepts and never answers. */
public class DavDeadlineTest {
    @Rule
    public final SilentServer silent = new SilentServer();

    @Test
    public void aSilentServerIsGivenUpAtTheDeadlineNotAtTheRequestTimeout() throws Exception {
        DavClient client = DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).requestTimeout(Duration.ofSeconds(60)).build();
        TransferEndpoint endpoint = new TransferEndpoint("carddav", Map.of(DavAccount.URL,
                "http://127.0.0.1:" + silent.port() + "/", DavAccount.USERNAME, "ann", DavAccount.PASSWORD, "pw"));
        DavAccount account = DavAccount.of(new TestTransferContext(UUID.randomUUID(), endpoint).answeringBy(Instant.now().plusSeconds(1)));

        long started = System.nanoTime();
        assertThrows(AdapterException.class, () -> client.discoverHome(account, DavService.CARDDAV));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertTrue("gave up after " + took, took.compareTo(Duration.ofSeconds(4)) < 0);
        assertTrue("it did connect: the bound is on the answer", silent.accepted() > 0);
    }
}
