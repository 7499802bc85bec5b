package org.dtp.webdav;

import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;
import org.xml.sax.SAXException;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** The client against a real Radicale. */
public class DavClientTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    private final DavClient client = org.dtp.webdav.testing.Radicale.client();

    private DavAccount alice() {
        return new DavAccount(RADICALE.url(), Radicale.USER, Radicale.PASSWORD);
    }

    @Test
    public void discoversTheHomeThroughTheWellKnownAddressAndThePrincipal() throws Exception {
        URI expected = RADICALE.url().resolve("/alice/");
        assertEquals(expected, client.discoverHome(alice(), DavService.CARDDAV));
        assertEquals(expected, client.discoverHome(alice(), DavService.CALDAV));
        // A principal address given directly works too.
        DavAccount atPrincipal = new DavAccount(expected, Radicale.USER, Radicale.PASSWORD);
        assertEquals(expected, client.discoverHome(atPrincipal, DavService.CALDAV));
    }

    @Test
    public void createsCollectionsOnceAndListsThemByService() throws Exception {
        DavAccount alice = alice();
        URI home = client.discoverHome(alice, DavService.CARDDAV);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        URI book = home.resolve("book-" + suffix + "/");
        URI tasks = home.resolve("tasks-" + suffix + "/");
        assertTrue(client.makeCollection(alice, book, DavService.CARDDAV, "Friends & <family>", "people I know", List.of()));
        assertFalse("a second MKCOL finds it there", client.makeCollection(alice, book, DavService.CARDDAV, "x", null, List.of()));
        assertTrue(client.makeCollection(alice, tasks, DavService.CALDAV, "To do", null, List.of("VTODO")));
        assertFalse("a second MKCALENDAR finds it there", client.makeCollection(alice, tasks, DavService.CALDAV, "x", null, List.of()));

        DavCollection listedBook = client.listCollections(alice, home, DavService.CARDDAV).stream()
                .filter(c -> c.href().equals(book)).findFirst().orElseThrow();
        assertEquals("Friends & <family>", listedBook.displayName());
        assertEquals("people I know", listedBook.description());
        assertTrue(client.listCollections(alice, home, DavService.CARDDAV).stream().noneMatch(c -> c.href().equals(tasks)));
        DavCollection listedTasks = client.collection(alice, tasks).orElseThrow();
        assertTrue(listedTasks.is(DavService.CALDAV));
        assertTrue(listedTasks.accepts("VTODO"));
        assertFalse(listedTasks.accepts("VEVENT"));
        assertTrue(client.collection(alice, home.resolve("none-" + suffix + "/")).isEmpty());
    }

    @Test
    public void putsOnlyWhereNothingIsAndFetchesInBatches() throws Exception {
        DavAccount alice = alice();
        URI home = client.discoverHome(alice, DavService.CARDDAV);
        URI book = home.resolve("batch-" + UUID.randomUUID().toString().substring(0, 8) + "/");
        client.makeCollection(alice, book, DavService.CARDDAV, "Batch", null, List.of());
        List<URI> hrefs = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            URI href = book.resolve("c" + i + ".vcf");
            String card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:" + UUID.randomUUID() + "\r\nFN:Person " + i + "\r\nEND:VCARD\r\n";
            assertEquals(DavPutResult.Outcome.CREATED, client.put(alice, href, card, DavService.CARDDAV.contentType(), null).outcome());
            assertEquals(DavPutResult.Outcome.PRECONDITION_FAILED,
                    client.put(alice, href, card, DavService.CARDDAV.contentType(), null).outcome());
            hrefs.add(href);
        }
        DavCollection collection = client.collection(alice, book).orElseThrow();
        List<DavMember> bySync = client.listMembers(alice, collection);
        List<DavMember> byPropfind = client.propfindMembers(alice, book);
        assertEquals(7, bySync.size());
        assertEquals(byPropfind.stream().map(DavMember::href).toList(), bySync.stream().map(DavMember::href).toList());

        URI missing = book.resolve("gone.vcf");
        List<DavResource> got = client.multiget(alice, book, DavService.CARDDAV, List.of(hrefs.get(3), missing, hrefs.get(0)));
        assertEquals(hrefs.get(3), got.get(0).href());
        assertTrue(got.get(0).data().contains("FN:Person 3"));
        assertEquals(404, got.get(1).status());
        assertNull(got.get(1).data());
        assertTrue(got.get(2).data().contains("FN:Person 0"));
        assertTrue(client.get(alice, hrefs.get(5)).orElseThrow().data().contains("FN:Person 5"));
        assertTrue(client.get(alice, missing).isEmpty());

        String etag = client.get(alice, hrefs.get(5)).orElseThrow().etag();
        String changed = client.get(alice, hrefs.get(5)).orElseThrow().data().replace("FN:Person 5", "FN:Changed");
        assertEquals(DavPutResult.Outcome.REPLACED, client.put(alice, hrefs.get(5), changed, DavService.CARDDAV.contentType(), etag).outcome());
        assertEquals("a stale ETag is refused", DavPutResult.Outcome.PRECONDITION_FAILED,
                client.put(alice, hrefs.get(5), changed, DavService.CARDDAV.contentType(), etag).outcome());
    }

    @Test
    public void aWrongPasswordIsRefusedWithoutShowingIt() {
        DavAccount wrong = new DavAccount(RADICALE.url(), Radicale.USER, "not-the-password-4711");
        AuthorizationRefusedException e = assertThrows(AuthorizationRefusedException.class,
                () -> client.listCollections(wrong, RADICALE.url().resolve("/alice/"), DavService.CARDDAV));
        assertEquals(401, e.status());
        assertFalse(e.getMessage().contains("4711"));
        assertFalse(wrong.toString().contains("4711"));
    }

    @Test
    public void anotherUsersHomeIsForbidden() {
        DavAccount bob = new DavAccount(RADICALE.url(), Radicale.OTHER_USER, Radicale.OTHER_PASSWORD);
        assertThrows(AuthorizationRefusedException.class,
                () -> client.listCollections(bob, RADICALE.url().resolve("/alice/"), DavService.CARDDAV));
    }

    @Test
    public void xmlWithADoctypeIsRefused() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<multistatus xmlns=\"DAV:\"><response><href>&x;</href></response></multistatus>";
        assertThrows(SAXException.class, () -> DavXml.parse(xxe.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    public void resourceNamesAreDeterministicPerJobAndKey() {
        UUID job = UUID.randomUUID();
        assertEquals(ResourceNames.resource(job, "i:a", ".vcf"), ResourceNames.resource(job, "i:a", ".vcf"));
        assertFalse(ResourceNames.resource(job, "i:a", ".vcf").equals(ResourceNames.resource(job, "i:b", ".vcf")));
        assertFalse(ResourceNames.resource(job, "i:a", ".vcf").equals(ResourceNames.resource(UUID.randomUUID(), "i:a", ".vcf")));
        assertTrue(ResourceNames.collection(job, "c:/alice/x/").matches("dtp-[0-9a-f]{32}"));
    }
}
