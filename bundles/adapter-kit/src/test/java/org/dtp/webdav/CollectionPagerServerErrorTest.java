package org.dtp.webdav;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.spi.TransientAdapterException;
import org.dtp.webdav.testing.Radicale;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * A server that fails (500) on one member it cannot load costs that member, not the page; one that fails on every
 * request is retried by the engine as before. (Radicale fails the collection's listing too, see the CardDAV and CalDAV
 * adapters' tests; a server failing in the multiget only is this fake.)
 */
public class CollectionPagerServerErrorTest {
    private static final String LISTING = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:">
            <D:response><D:href>/book/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/book/a.vcf</D:href><D:propstat><D:prop><D:getetag>"a"</D:getetag></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/book/b.vcf</D:href><D:propstat><D:prop><D:getetag>"b"</D:getetag></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            </D:multistatus>
            """;
    private static final String BOOK = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/book/</D:href><D:propstat><D:prop><D:resourcetype>
            <D:collection/></D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            </D:multistatus>
            """;

    private HttpServer server;
    private final Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
    private volatile boolean listingFails;
    private volatile boolean everythingFails;

    @Before
    public void listen() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    @After
    public void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (body.contains("sync-collection")) {
            asked.computeIfAbsent("sync-collection", k -> new AtomicInteger()).incrementAndGet();
            send(exchange, 500, "text/plain", "A server error occurred.  Please contact the administrator.");
            return;
        }
        String depth = exchange.getRequestHeaders().getFirst("Depth");
        String request = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath()
                + ("PROPFIND".equals(exchange.getRequestMethod()) ? " " + depth : "");
        asked.computeIfAbsent(request, k -> new AtomicInteger()).incrementAndGet();
        if (everythingFails && !"PROPFIND /book/ 1".equals(request)) {
            send(exchange, 502, "text/plain", "Bad Gateway");
            return;
        }
        switch (request) {
            case "PROPFIND /book/ 1" -> send(exchange, listingFails ? 500 : 207, "application/xml", LISTING);
            case "PROPFIND /book/ 0" -> send(exchange, 207, "application/xml", BOOK);
            // the server cannot load b.vcf: every request that touches it fails
            case "REPORT /book/", "GET /book/b.vcf" -> send(exchange, 500, "text/plain",
                    "A server error occurred.  Please contact the administrator.");
            case "GET /book/a.vcf" -> send(exchange, 200, "text/vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:Ada\r\nEND:VCARD\r\n");
            default -> send(exchange, 404, "text/plain", "not here");
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private CollectionPager.Page page() throws Exception {
        return page(null);
    }

    private CollectionPager.Page page(String syncToken) throws Exception {
        URI root = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        DavCollection book = new DavCollection(root.resolve("/book/"), "Book", null, Set.of("addressbook"), Set.of(),
                null, syncToken, null, null);
        CollectionPager pager = new CollectionPager(DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).build(), 10);
        return pager.page(new DavAccount(root, "ann", "pw"), book, DavService.CARDDAV, null);
    }

    private int asked(String request) {
        return asked.getOrDefault(request, new AtomicInteger()).get();
    }

    @Test
    public void aMultigetTheServerFailsOnFallsBackToOneGetPerMemberAndNamesTheMemberItStillFailsOn() throws Exception {
        CollectionPager.Page page = page();

        assertEquals(List.of("/book/a.vcf"), page.resources().stream().map(r -> r.href().getPath()).toList());
        assertEquals(1, page.unreadable().size());
        CollectionPager.Unreadable failed = page.unreadable().get(0);
        assertEquals("/book/b.vcf", failed.href().getPath());
        assertTrue(failed.reason(), failed.reason().startsWith("CardDAV answered 500 Internal Server Error to GET http://127.0.0.1:")
                && failed.reason().contains("/book/b.vcf, twice (after CardDAV answered 500 Internal Server Error to REPORT"));
        assertTrue("the server's page is not quoted: " + failed.reason(), !failed.reason().contains("administrator"));
        assertEquals("the multiget asked once, each failing GET once more, no more", List.of(1, 2, 1),
                List.of(asked("REPORT /book/"), asked("GET /book/b.vcf"), asked("GET /book/a.vcf")));
    }

    @Test
    public void aSyncCollectionTheServerFailsOnIsReplacedByAPropfindListing() throws Exception {
        CollectionPager.Page page = page("token-1");

        assertEquals(1, asked("sync-collection"));
        assertEquals(1, asked("PROPFIND /book/ 1"));
        assertEquals(List.of("/book/a.vcf"), page.resources().stream().map(r -> r.href().getPath()).toList());
        assertEquals(List.of("/book/b.vcf"), page.unreadable().stream().map(u -> u.href().getPath()).toList());
    }

    @Test
    public void aListingTheServerFailsOnTwiceWhileItAnswersForTheCollectionMakesTheCollectionUnreadable() throws Exception {
        listingFails = true;

        CollectionPager.Page page = page();

        assertEquals(List.of(), page.resources());
        assertEquals(null, page.continuation());
        assertEquals(List.of("/book/"), page.unreadable().stream().map(u -> u.href().getPath()).toList());
        assertTrue(page.unreadable().get(0).reason(), page.unreadable().get(0).reason().startsWith(
                "the collection could not be listed: CardDAV answered 500 Internal Server Error to PROPFIND"));
        assertEquals(2, asked("PROPFIND /book/ 1"));
        assertEquals(0, asked("REPORT /book/"));
    }

    @Test
    public void aServerThatFailsOnEverythingFailsThePageForTheEngineToRetry() {
        everythingFails = true;

        TransientAdapterException e = assertThrows(TransientAdapterException.class, this::page);

        assertTrue(e.getMessage(), e.getMessage().contains("502 Bad Gateway to REPORT"));
        assertEquals("asked whether it still answers for the collection (with, then without its getctag and sync-token)",
                2, asked("PROPFIND /book/ 0"));
        assertEquals("each GET asked twice", List.of(2, 2), List.of(asked("GET /book/a.vcf"), asked("GET /book/b.vcf")));
    }
}
