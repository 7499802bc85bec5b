package org.dtp.webdav;

import com.sun.net.httpserver.HttpServer;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.RateLimiter;
import org.dtp.webdav.testing.Radicale;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** A DAV server that answers "too many requests" slows down every request that shares the client's rate limiter. */
public class DavRateLimitTest {
    private HttpServer server;
    private volatile int status;

    @Before
    public void listen() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Retry-After", "7");
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    @After
    public void stop() {
        server.stop(0);
    }

    private void assertSlowsTheLimiter(int answer) {
        status = answer;
        RateLimiter limiter = RateLimiter.perSecond(10);
        DavClient client = DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).rateLimiter(limiter)
                .requestTimeout(Duration.ofSeconds(5)).build();
        DavAccount account = new DavAccount(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/dav/"), "ann", "pw");

        TransientAdapterException e = assertThrows(TransientAdapterException.class,
                () -> client.discoverHome(account, DavService.CARDDAV));

        assertEquals(Duration.ofSeconds(7), e.retryAfter().orElseThrow());
        assertEquals(1, limiter.throttles());
        assertTrue("rate now " + limiter.currentRate(), limiter.currentRate() < 10);
    }

    @Test
    public void aTooManyRequestsAnswerSlowsTheSharedLimiter() {
        assertSlowsTheLimiter(429);
    }

    @Test
    public void anUnavailableAnswerWithRetryAfterSlowsTheSharedLimiter() {
        assertSlowsTheLimiter(503);
    }
}
