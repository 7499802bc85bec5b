package org.dtp.webdav;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferEndpoint;
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
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A page whose multiget answer no XML parser reads is fetched one resource at a time; what still fails is named. A server
 * that refuses sync-collection is listed whole.
 */
public class CollectionPagerTest {
    private static final String LISTING = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:">
            <D:response><D:href>/book/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/book/a.vcf</D:href><D:propstat><D:prop><D:getetag>"a"</D:getetag></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/book/b.vcf</D:href><D:propstat><D:prop><D:getetag>"b"</D:getetag></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/book/c.vcf</D:href><D:propstat><D:prop><D:getetag>"c"</D:getetag></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            </D:multistatus>
            """;
    private static final String FORM_FEED_CARD = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c\r\nFN:Fiona\r\n"
            + "FBURL:http://example.org/busy\f/fiona\r\nEND:VCARD\r\n";

    private HttpServer server;
    private final AtomicInteger multigets = new AtomicInteger();
    private final AtomicInteger syncReports = new AtomicInteger();

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
        String path = exchange.getRequestURI().getPath();
        if (body.contains("sync-collection")) {
            // a server without sync-collection (RFC 3253 §3.6: a REPORT it does not support)
            syncReports.incrementAndGet();
            send(exchange, 403, "application/xml", "<?xml version=\"1.0\"?><D:error xmlns:D=\"DAV:\"><D:supported-report/></D:error>");
            return;
        }
        switch (exchange.getRequestMethod() + " " + path) {
            case "PROPFIND /book/" -> send(exchange, 207, "application/xml", LISTING);
            // as Radicale does it: the resource's form feed copied raw into the XML
            case "REPORT /book/" -> {
                multigets.incrementAndGet();
                send(exchange, 207, "application/xml", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\" "
                        + "xmlns:A=\"urn:ietf:params:xml:ns:carddav\"><D:response><D:href>/book/c.vcf</D:href><D:propstat><D:prop>"
                        + "<A:address-data>" + FORM_FEED_CARD + "</A:address-data></D:prop><D:status>HTTP/1.1 200 OK</D:status>"
                        + "</D:propstat></D:response></D:multistatus>");
            }
            case "GET /book/a.vcf" -> send(exchange, 200, "text/vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:Ada\r\nEND:VCARD\r\n");
            case "GET /book/b.vcf" -> send(exchange, 400, "text/plain", "no");
            case "GET /book/c.vcf" -> send(exchange, 200, "text/vcard", FORM_FEED_CARD);
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

    @Test
    public void anUnreadableMultigetFallsBackToOneGetPerMemberAndNamesTheOnesStillRefused() throws Exception {
        URI root = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        DavAccount account = new DavAccount(root, "ann", "pw");
        DavCollection book = new DavCollection(root.resolve("/book/"), "Book", null, Set.of("addressbook"), Set.of(),
                null, null, null, null);
        CollectionPager pager = new CollectionPager(DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).build(), 10);

        CollectionPager.Page page = pager.page(account, book, DavService.CARDDAV, null);

        assertEquals(1, multigets.get());
        assertEquals(List.of("/book/a.vcf", "/book/c.vcf"), page.resources().stream().map(r -> r.href().getPath()).toList());
        assertTrue(page.resources().stream().allMatch(DavResource::found));
        assertEquals("the bytes as the server has them", FORM_FEED_CARD, page.resources().get(1).data());
        assertEquals(1, page.unreadable().size());
        CollectionPager.Unreadable refused = page.unreadable().get(0);
        assertEquals("/book/b.vcf", refused.href().getPath());
        assertTrue(refused.reason(), refused.reason().contains("400")
                && refused.reason().contains("An invalid XML character (Unicode: 0xc)"));
        assertEquals(null, page.continuation());
    }

    @Test
    public void aServerThatRefusesSyncCollectionForAnEarlierTokenIsListedWholeAndNoTokenRecorded() throws Exception {
        URI root = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        DavAccount account = new DavAccount(root, "ann", "pw");
        DavCollection book = new DavCollection(root.resolve("/book/"), "Book", null, Set.of("addressbook"), Set.of(),
                null, null, null, null);
        CollectionPager pager = new CollectionPager(DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).build(), 10);
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("carddav", Map.of()))
                .rememberingChangeTokens(Map.of("/book/", "token-of-an-earlier-transfer"));

        CollectionPager.Page page = pager.page(context, account, book, DavService.CARDDAV, null);

        assertEquals("asked for the changes once", 1, syncReports.get());
        assertEquals(List.of("/book/a.vcf", "/book/c.vcf"), page.resources().stream().map(r -> r.href().getPath()).toList());
        assertEquals(List.of("/book/b.vcf"), page.unreadable().stream().map(u -> u.href().getPath()).toList());
        assertEquals("the collection offers no token", Map.of(), context.recordedChangeTokens());
    }

    @Test
    public void describesAResourceByItsUidAndName() {
        DavResource r = new DavResource(URI.create("http://h/book/c.vcf"), 200, null, FORM_FEED_CARD.replace("FN:Fiona", "FN;CHARSET=UTF-8:Fi\u0007ona"));
        assertEquals("/book/c.vcf (UID c, \"Fi\uFFFDona\")", r.describe());
        assertEquals("/book/d.ics", new DavResource(URI.create("http://h/book/d.ics"), 404, null, null).describe());
    }
}
