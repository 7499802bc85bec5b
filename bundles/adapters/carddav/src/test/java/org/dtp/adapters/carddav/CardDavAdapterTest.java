package org.dtp.adapters.carddav;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.testing.Samples;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

/** Export paging, idempotent import and per-item errors against a real Radicale. */
public class CardDavAdapterTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    private static String card(int i) {
        return "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:" + UUID.randomUUID() + "\r\nFN:Person " + i
                + "\r\nEMAIL;TYPE=work:p" + i + "@example.org\r\nEND:VCARD\r\n";
    }

    @Test
    public void listsTheAccountsAddressBooks() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 3, 1 << 20);
        String book = f.newBook("Listed");
        AddressBook found = f.books().stream().filter(b -> b.id().equals(book)).findFirst().orElseThrow();
        assertEquals("Listed", found.name());
    }

    @Test
    public void exportsEveryContactPageByPageToTheEnd() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 3, 1 << 20);
        String book = f.newBook("Paged");
        for (int i = 0; i < 11; i++) {
            f.put(book, "p" + i + ".vcf", card(i));
        }
        CardDavFixture.Exported exported = f.exportAll(book);
        assertEquals(11, exported.contacts().size());
        assertEquals("11 contacts in batches of 3", 4, exported.pages());
        Set<String> names = new HashSet<>();
        exported.contacts().forEach(c -> names.add(c.formattedName()));
        for (int i = 0; i < 11; i++) {
            assertTrue(names.contains("Person " + i));
        }
        assertEquals(11, new HashSet<>(exported.contacts().stream().map(Contact::id).toList()).size());
    }

    @Test
    public void importingTheSameKeyTwiceMakesOneContact() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        TestImportContext ctx = f.destination();
        String book = f.importer.importContainer(ctx, "c:/src/book/", new AddressBook("/src/book/", "Imported", "from a test"), null);
        assertEquals("the container too", book, f.importer.importContainer(ctx, "c:/src/book/",
                new AddressBook("/src/book/", "Imported", "from a test"), null));
        Contact contact = VCardFormat.read("/src/book/a.vcf", card(1), CardDavContactExporter.PHOTO_REF + "/src/book/a.vcf");
        String first = f.importer.importItem(ctx, "i:/src/book/a.vcf", contact, book);
        String second = f.importer.importItem(ctx, "i:/src/book/a.vcf", contact, book);
        assertEquals(first, second);
        assertEquals(1, f.client.propfindMembers(f.account(), RADICALE.url().resolve(book)).size());
        assertEquals(1, f.books().stream().filter(b -> b.id().equals(book)).count());
    }

    @Test
    public void aChangedContactIsReplacedInPlaceWithItsUidAndAMissingOneIsNotUpdatable() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        TestImportContext ctx = f.destination();
        String book = f.importer.importContainer(ctx, "c:/src/book/", new AddressBook("/src/book/", "Updated", null), null);
        String card = card(1);
        Contact contact = VCardFormat.read("/src/book/a.vcf", card, null);
        String id = f.importer.importItem(ctx, "i:/src/book/a.vcf", contact, book);
        String uid = f.client.get(f.account(), RADICALE.url().resolve(id)).orElseThrow().data().lines()
                .filter(line -> line.startsWith("UID")).findFirst().orElseThrow();

        Contact changed = VCardFormat.read("/src/book/a.vcf", card.replace("FN:Person 1", "FN:Person One"), null);
        assertEquals(id, f.importer.updateItem(ctx, "i:/src/book/a.vcf", changed, book, id));
        String stored = f.client.get(f.account(), RADICALE.url().resolve(id)).orElseThrow().data();
        assertTrue(stored, stored.contains("FN:Person One"));
        assertTrue("the same UID: " + stored, stored.contains(uid));
        assertEquals(1, f.client.propfindMembers(f.account(), RADICALE.url().resolve(book)).size());

        assertThrows("a contact not on the server", ItemNotUpdatableException.class, () -> f.importer.updateItem(ctx,
                "i:/src/book/b.vcf", changed, book, id.replace(".vcf", "-gone.vcf")));
    }

    @Test
    public void aMalformedVCardOnTheServerIsRejectedAndTheRestExported() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 2, 1 << 20);
        String book = f.newBook("Broken");
        f.put(book, "a.vcf", card(1));
        // Radicale takes this (vobject does not check VERSION); no vCard reader can know what it means.
        f.put(book, "b.vcf", "BEGIN:VCARD\r\nVERSION:9.9\r\nUID:broken-1\r\nFN:Broken\r\nEND:VCARD\r\n");
        f.put(book, "c.vcf", card(3));
        CardDavFixture.Exported exported = f.exportAll(book);
        assertEquals(List.of("Person 1", "Person 3"), exported.contacts().stream().map(Contact::formattedName).toList());
        assertEquals(1, exported.rejected().size());
        assertTrue(exported.rejected().get(0).sourceId().endsWith("/b.vcf"));
        assertEquals(book + "b.vcf (UID broken-1, \"Broken\"): malformed vCard: VERSION 9.9 is not a vCard version (2.1, 3.0 or 4.0)",
                exported.rejected().get(0).reason());
    }

    @Test
    public void aPhotoTooLargeIsReportedAsNotKept() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 100);
        String source = f.newBook("Photos");
        f.put(source, "iphone.vcf", CardDavFixture.forRadicale(Samples.vcard("John_Doe_IPHONE.vcf")));
        Contact contact = f.exportAll(source).contacts().get(0);
        assertNotNull(contact.photo());
        TestImportContext ctx = f.destination();
        String target = f.importer.importContainer(ctx, "c:photos", new AddressBook(source, "Photos copy", null), null);
        f.importer.importItem(ctx, "i:" + contact.id(), contact, target);
        assertEquals(List.of(new TestImportContext.NotKept(contact.id(), "photo",
                "larger than the 100 bytes this adapter puts inline in a vCard (maxPhotoBytes)")), ctx.notKept());
        Contact imported = f.exportAll(target).contacts().get(0);
        assertEquals(null, imported.photo());
        assertEquals(contact.formattedName(), imported.formattedName());
    }

    @Test
    public void photosAreStreamedFromTheSource() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        String source = f.newBook("Photo source");
        f.put(source, "iphone.vcf", CardDavFixture.forRadicale(Samples.vcard("John_Doe_IPHONE.vcf")));
        Contact contact = f.exportAll(source).contacts().get(0);
        try (InputStream in = f.exporter.openMedia(f.source(), contact.photo())) {
            byte[] jpeg = in.readAllBytes();
            assertEquals(contact.photo().size(), jpeg.length);
            assertEquals(0xff, jpeg[0] & 0xff);
            assertEquals(0xd8, jpeg[1] & 0xff);
        }
        assertEquals("image/jpeg", contact.photo().contentType());
        assertEquals(DavService.CARDDAV.contentType(), "text/vcard; charset=utf-8");
    }

    @Test
    public void aContactThatMakesTheServersXmlInvalidIsRejectedByNameAndTheRestExported() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 5, 1 << 20);
        String book = f.newBook("Form feed");
        for (int i = 0; i < 4; i++) {
            f.put(book, "p" + i + ".vcf", card(i));
        }
        // As a client that wrote raw bytes would: a form feed (forbidden in XML 1.0) in a URI value, the file put
        // straight into Radicale's storage. Radicale copies it into its multiget answer, which no XML parser reads.
        java.nio.file.Path folder = RADICALE.storage(Radicale.USER).resolve(book.substring("/alice/".length()));
        java.nio.file.Files.writeString(folder.resolve("p2-ff.vcf"), "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:form-feed-1\r\n"
                + "FN:Fiona Feed\r\nFBURL:http://example.org/busy\f/fiona\r\nEND:VCARD\r\n");
        CardDavFixture.Exported exported = f.exportAll(book);
        List<String> names = exported.contacts().stream().map(Contact::formattedName).sorted().toList();
        assertTrue("every readable contact exported: " + names + ", rejected " + exported.rejected(),
                names.containsAll(List.of("Person 0", "Person 1", "Person 2", "Person 3")));
        assertEquals(5, names.size() + exported.rejected().size());
        assertTrue("the contact with the form feed exported, or rejected by its name",
                names.contains("Fiona Feed") || exported.rejected().get(0).reason().contains("(UID form-feed-1, \"Fiona Feed\")"));
    }
}
