package org.dtp.webdav;

import com.sun.net.httpserver.HttpServer;
import org.dtp.spi.ItemRejectedException;
import org.dtp.webdav.testing.Radicale;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** A destination that refuses an item says why, and the item's error says it too, without a credential in it. */
public class DavRefusalTest {
    private static final String PASSWORD = "app-password-4711";
    private HttpServer server;
    private volatile String type;
    private volatile String reason;

    @Before
    public void listen() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            // Echoes the Authorization header, as a careless server's error page might.
            String echoed = reason.replace("{auth}", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] body = echoed.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(400, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @After
    public void stop() {
        server.stop(0);
    }

    private ItemRejectedException refusedPut(String contentType, String answer) {
        type = contentType;
        reason = answer;
        DavClient client = DavClient.builder("CardDAV").outbound(Radicale.LOOPBACK).build();
        URI book = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/alice/book/");
        DavAccount account = new DavAccount(book, "alice", PASSWORD);
        return assertThrows(ItemRejectedException.class, () -> client.put(account, book.resolve("c1.vcf"),
                "BEGIN:VCARD\r\nEND:VCARD\r\n", DavService.CARDDAV.contentType(), null));
    }

    @Test
    public void aRefusedPutSaysTheReasonTheServerGave() {
        ItemRejectedException e = refusedPut("text/plain; charset=utf-8",
                "Bad vCard:\r\n\tthe property FN is required\u0007 (seen: {auth})" + "x".repeat(5000));
        String message = e.getMessage();
        assertTrue(message, message.startsWith("CardDAV answered 400 Bad Request to PUT http://127.0.0.1:"
                + server.getAddress().getPort() + "/alice/book/c1.vcf: Bad vCard: the property FN is required"));
        assertTrue("bounded: " + message.length(), message.length() < 500);
        assertTrue(message, message.chars().noneMatch(Character::isISOControl));
        String token = Base64.getEncoder().encodeToString(("alice:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        assertFalse(message, message.contains(token) || message.contains("Basic") || message.contains(PASSWORD));
    }

    @Test
    public void aRefusalInADavErrorSaysItsConditionAndMessage() {
        ItemRejectedException e = refusedPut("application/xml; charset=utf-8", "<?xml version=\"1.0\"?>"
                + "<d:error xmlns:d=\"DAV:\" xmlns:s=\"http://sabredav.org/ns\" xmlns:card=\"urn:ietf:params:xml:ns:carddav\">"
                + "<card:valid-address-data/><s:exception>Sabre\\DAV\\Exception\\BadRequest</s:exception>"
                + "<s:message>Validation error in vCard: FN is missing</s:message></d:error>");
        assertTrue(e.getMessage(), e.getMessage().endsWith(": valid-address-data: Validation error in vCard: FN is missing"));
        assertFalse(e.getMessage(), e.getMessage().contains("Sabre"));
    }

    @Test
    public void anHtmlPageIsNotQuoted() {
        ItemRejectedException e = refusedPut("text/html", "<html><body>Bad Request, an internal page</body></html>");
        assertEquals("CardDAV answered 400 Bad Request to PUT http://127.0.0.1:" + server.getAddress().getPort()
                + "/alice/book/c1.vcf", e.getMessage());
    }
}
