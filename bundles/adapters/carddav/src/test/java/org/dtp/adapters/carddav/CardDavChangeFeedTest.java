package org.dtp.adapters.carddav;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.contacts.Contact;
import org.dtp.webdav.DavResource;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

/** Re-runs list only what changed, from the address book's sync token (RFC 6578), against a real Radicale. */
public class CardDavChangeFeedTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    private static String card(String name) {
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:urn:uuid:" + UUID.randomUUID() + "\r\nFN:" + name + "\r\nEND:VCARD\r\n";
    }

    /** A book of five contacts, in batches of two per page. */
    private static String bookOfFive(CardDavFixture f) throws Exception {
        String book = f.newBook("Feed");
        for (int i = 0; i < 5; i++) {
            f.put(book, "p" + i + ".vcf", card("Person " + i));
        }
        return book;
    }

    private static List<String> names(CardDavFixture.Exported exported) {
        return exported.contacts().stream().map(Contact::formattedName).sorted().toList();
    }

    @Test
    public void theFirstRunListsEveryContactAndRecordsTheBooksToken() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 2, 1 << 20);
        String book = bookOfFive(f);
        TestTransferContext first = f.sourceAfter(Map.of());

        assertEquals(5, f.exportAll(book, first).contacts().size());

        String token = first.recordedChangeTokens().get(book);
        assertNotNull("the book's sync token, under its path: " + first.recordedChangeTokens(), token);
        assertEquals(f.client.collection(f.account(), RADICALE.url().resolve(book)).orElseThrow().syncToken(), token);
    }

    @Test
    public void aSecondRunListsNothingAndAThirdExactlyTheContactsAddedOrChangedMeanwhile() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 2, 1 << 20);
        String book = bookOfFive(f);
        TestTransferContext first = f.sourceAfter(Map.of());
        f.exportAll(book, first);

        TestTransferContext second = f.sourceAfter(first.recordedChangeTokens());
        CardDavFixture.Exported nothing = f.exportAll(book, second);
        assertEquals(List.of(), nothing.contacts());
        assertEquals(1, nothing.pages());

        f.put(book, "p5.vcf", card("Added 5"));
        f.put(book, "p6.vcf", card("Added 6"));
        DavResource p2 = f.client.get(f.account(), RADICALE.url().resolve(book + "p2.vcf")).orElseThrow();
        f.client.put(f.account(), p2.href(), p2.data().replace("FN:Person 2", "FN:Changed 2"),
                DavService.CARDDAV.contentType(), p2.etag());
        // removed as a client of Radicale's storage folder would: the sync-collection answer then lists it as gone
        Files.delete(RADICALE.storage(Radicale.USER).resolve(book.substring("/alice/".length())).resolve("p4.vcf"));

        TestTransferContext third = f.sourceAfter(second.recordedChangeTokens());
        CardDavFixture.Exported changed = f.exportAll(book, third);
        assertEquals("the removed contact is not told", List.of("Added 5", "Added 6", "Changed 2"), names(changed));
        assertEquals("three contacts in pages of two", 2, changed.pages());
        assertNotEquals(second.recordedChangeTokens().get(book), third.recordedChangeTokens().get(book));

        TestTransferContext fourth = f.sourceAfter(third.recordedChangeTokens());
        assertEquals(List.of(), f.exportAll(book, fourth).contacts());
    }

    @Test
    public void aTokenTheServerRefusesFallsBackToEveryContactAndRecordsAFreshToken() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 2, 1 << 20);
        String book = bookOfFive(f);
        String current = f.client.collection(f.account(), RADICALE.url().resolve(book)).orElseThrow().syncToken();
        // a token of Radicale's form that it never gave (as one it has expired), and one not of its form
        for (String refused : List.of("http://radicale.org/ns/sync/" + "0".repeat(64), "garbage-" + UUID.randomUUID())) {
            TestTransferContext run = f.sourceAfter(Map.of(book, refused));

            CardDavFixture.Exported exported = f.exportAll(book, run);

            assertEquals(refused, 5, exported.contacts().size());
            assertEquals(current, run.recordedChangeTokens().get(book));
            assertTrue("Radicale refused " + refused, RADICALE.log().contains("invalid sync token '" + refused + "'"));
        }
    }
}
