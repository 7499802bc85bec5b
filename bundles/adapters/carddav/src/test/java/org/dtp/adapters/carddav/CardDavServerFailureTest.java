package org.dtp.adapters.carddav;

import org.dtp.formats.vcard.VCardFormat;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * A file Radicale cannot load itself, and a contact Radicale refuses, against a real Radicale (a server of their own:
 * the broken file fails every listing of alice's home that asks for the address books' sync tokens).
 */
public class CardDavServerFailureTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    private static String card(String name) {
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:" + UUID.randomUUID() + "\r\nFN:" + name + "\r\nN:" + name + ";;;;\r\nEND:VCARD\r\n";
    }

    @Test
    public void anAddressBookWithAFileTheServerCannotLoadIsOneErrorAndTheOtherBooksAreExported() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 2, 1 << 20);
        String fine = f.newBook("Fine");
        String broken = f.newBook("Broken");
        for (int i = 0; i < 3; i++) {
            f.put(fine, "f" + i + ".vcf", card("Fine " + i));
            f.put(broken, "b" + i + ".vcf", card("Broken " + i));
        }
        // Written straight into Radicale's storage, as another program could: a vCard never closed. Radicale then
        // answers 500 to every request that loads the book's members (its listing, its sync token, a multiget).
        Files.writeString(RADICALE.storage(Radicale.USER).resolve(broken.substring("/alice/".length())).resolve("unclosed.vcf"),
                "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:unclosed\r\nFN:Never Closed\r\n", StandardCharsets.UTF_8);

        List<String> books = f.books().stream().map(AddressBook::id).toList();
        assertTrue("both books listed: " + books, books.containsAll(List.of(fine, broken)));

        CardDavFixture.Exported brokenExport = f.exportAll(broken);
        assertEquals(List.of(), brokenExport.contacts());
        assertEquals(1, brokenExport.rejected().size());
        ExportPage.Rejected rejected = brokenExport.rejected().get(0);
        assertEquals("the book named, as Radicale names no file", broken, rejected.sourceId());
        assertTrue(rejected.reason(), rejected.reason().startsWith("the collection could not be listed: Radicale answered 500"
                + " Internal Server Error to PROPFIND " + RADICALE.url().resolve(broken)));
        assertTrue("Radicale's log names the file: " + RADICALE.log(), RADICALE.log().contains("unclosed.vcf"));

        CardDavFixture.Exported fineExport = f.exportAll(fine);
        assertEquals(List.of("Fine 0", "Fine 1", "Fine 2"), fineExport.contacts().stream().map(Contact::formattedName).sorted().toList());
        assertEquals(List.of(), fineExport.rejected());
    }

    @Test
    public void aContactRadicaleRefusesSaysRadicalesReasonWithoutTheCredentials() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        TestImportContext ctx = f.destination();
        String book = f.importer.importContainer(ctx, "c:/src/refused/", new AddressBook("/src/refused/", "Refusing", null), null);
        // Another contact of the book already has the contact's UID: RFC 6352 §6.3.2.1 no-uid-conflict.
        String refused = card("Refused");
        String uid = refused.substring(refused.indexOf("UID:") + 4, refused.indexOf('\r', refused.indexOf("UID:")));
        f.put(book, "already.vcf", card("Already").replaceFirst("UID:[^\r]*", "UID:" + uid));
        String key = "i:/src/refused/a.vcf";
        Contact contact = VCardFormat.read("/src/refused/a.vcf", refused, CardDavContactExporter.PHOTO_REF + "/src/refused/a.vcf");

        ItemRejectedException e = org.junit.Assert.assertThrows(ItemRejectedException.class,
                () -> f.importer.importItem(ctx, key, contact, book));

        assertTrue(e.getMessage(), e.getMessage().startsWith("Radicale answered 409 Conflict to PUT " + RADICALE.url().resolve(book)));
        assertTrue("Radicale's reason: " + e.getMessage(), e.getMessage().endsWith(": no-uid-conflict"));
        assertFalse(e.getMessage(), e.getMessage().contains(Radicale.PASSWORD) || e.getMessage().contains("Basic"));
    }
}
