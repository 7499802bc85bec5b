package org.dtp.webdav;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Change listings (RFC 6578 sync-collection) against a real Radicale: what they list, refused tokens, resumed pages. */
public class CollectionPagerChangeFeedTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    private final DavClient client = Radicale.client();
    private final DavAccount alice = new DavAccount(RADICALE.url(), Radicale.USER, Radicale.PASSWORD);

    private URI bookOf(int contacts) throws Exception {
        URI book = RADICALE.url().resolve("/alice/feed-" + UUID.randomUUID().toString().substring(0, 8) + "/");
        client.makeCollection(alice, book, DavService.CARDDAV, "Feed", null, List.of());
        for (int i = 0; i < contacts; i++) {
            put(book.resolve("c" + i + ".vcf"), "Person " + i);
        }
        return book;
    }

    private void put(URI href, String name) throws Exception {
        String card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:urn:uuid:" + UUID.randomUUID() + "\r\nFN:" + name + "\r\nEND:VCARD\r\n";
        client.put(alice, href, card, DavService.CARDDAV.contentType(), null);
    }

    private void change(URI href, String name) throws Exception {
        DavResource r = client.get(alice, href).orElseThrow();
        client.put(alice, href, r.data().replaceFirst("FN:[^\r]*", "FN:" + name), DavService.CARDDAV.contentType(), r.etag());
    }

    private static List<String> paths(List<DavMember> members) {
        return members.stream().map(m -> m.href().getPath()).toList();
    }

    private static TestTransferContext after(Map<String, String> previous) {
        return new TestTransferContext(UUID.randomUUID(), new TransferEndpoint("carddav", Map.of()))
                .rememberingChangeTokens(previous);
    }

    @Test
    public void listsWhatWasAddedOrChangedSinceATokenButNotWhatWasRemoved() throws Exception {
        URI book = bookOf(4);
        String token = client.collection(alice, book).orElseThrow().syncToken();
        put(book.resolve("c4.vcf"), "Added");
        change(book.resolve("c1.vcf"), "Changed");
        Files.delete(RADICALE.storage(Radicale.USER).resolve(book.getPath().substring("/alice/".length())).resolve("c2.vcf"));

        List<DavMember> changed = client.membersChangedSince(alice, client.collection(alice, book).orElseThrow(), token)
                .orElseThrow();

        assertEquals(List.of(book.getPath() + "c1.vcf", book.getPath() + "c4.vcf"), paths(changed));
    }

    @Test
    public void aTokenTheServerNoLongerKnowsIsRefusedWithValidSyncTokenAndListsNothing() throws Exception {
        URI book = bookOf(2);
        String unknown = "http://radicale.org/ns/sync/" + "0".repeat(64);

        AuthorizationRefusedException refused = assertThrows(AuthorizationRefusedException.class,
                () -> client.syncCollection(alice, book, unknown));
        assertEquals(403, refused.status());
        assertTrue(refused.getMessage(), refused.getMessage().contains("valid-sync-token"));
        assertTrue(client.membersChangedSince(alice, client.collection(alice, book).orElseThrow(), unknown).isEmpty());
    }

    @Test
    public void aChangeListingPagesOnFromItsContinuationAndLeavesAChangeBehindItToTheNextRun() throws Exception {
        URI book = bookOf(6);
        CollectionPager pager = new CollectionPager(client, 1);
        TestTransferContext first = after(Map.of());
        pager.page(first, alice, client.collection(alice, book).orElseThrow(), DavService.CARDDAV, null);
        change(book.resolve("c1.vcf"), "One");
        change(book.resolve("c3.vcf"), "Three");

        TestTransferContext second = after(first.recordedChangeTokens());
        CollectionPager.Page page = pager.page(second, alice, client.collection(alice, book).orElseThrow(), DavService.CARDDAV, null);
        assertEquals(List.of(book.getPath() + "c1.vcf"), page.resources().stream().map(r -> r.href().getPath()).toList());
        // while the run goes on: one change behind its continuation, one ahead of it
        change(book.resolve("c0.vcf"), "Zero");
        change(book.resolve("c5.vcf"), "Five");
        List<String> rest = new ArrayList<>();
        for (String continuation = page.continuation(); continuation != null; continuation = page.continuation()) {
            page = pager.page(second, alice, client.collection(alice, book).orElseThrow(), DavService.CARDDAV, continuation);
            page.resources().forEach(r -> rest.add(r.href().getPath()));
        }
        assertEquals(List.of(book.getPath() + "c3.vcf", book.getPath() + "c5.vcf"), rest);

        TestTransferContext third = after(second.recordedChangeTokens());
        List<String> next = new ArrayList<>();
        String continuation = null;
        do {
            page = pager.page(third, alice, client.collection(alice, book).orElseThrow(), DavService.CARDDAV, continuation);
            page.resources().forEach(r -> next.add(r.href().getPath()));
            continuation = page.continuation();
        } while (continuation != null);
        assertEquals("the token was recorded before the run's changes: each is listed again, none skipped",
                List.of(book.getPath() + "c0.vcf", book.getPath() + "c5.vcf"), next);
    }
}
