package org.dtp.adapters.carddav;

import org.dtp.formats.vcard.VCardFormat;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationItem;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

/** Contacts the CardDAV importer made, read back from a real Radicale after the transfer, to check its receipt. */
public class CardDavReadBackTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    @Test
    public void anImportedContactIsFoundByItsPathUntilItIsDeleted() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 10, 1 << 20);
        TestImportContext ctx = f.destination();
        String book = f.importer.importContainer(ctx, "c:/src/book/", new AddressBook("/src/book/", "Read back", null), null);
        String kept = f.importer.importItem(ctx, "i:/src/book/a.vcf", contact("a"), book);
        String deleted = f.importer.importItem(ctx, "i:/src/book/b.vcf", contact("b"), book);

        assertEquals("deleted (2xx)", 2, delete(deleted) / 100);

        assertEquals(Optional.of(DestinationItem.present(kept)), f.importer.find(f.source(), kept));
        assertEquals(Optional.empty(), f.importer.find(f.source(), deleted));
        assertEquals(Optional.empty(), f.importer.find(f.source(), book + "never-made.vcf"));
    }

    @Test
    public void aPathThatIsNotTheAdaptersIsRefused() {
        CardDavFixture f = new CardDavFixture(RADICALE, 10, 1 << 20);
        assertThrows(AdapterException.class, () -> f.importer.find(f.source(), "https://elsewhere.example/a.vcf"));
    }

    private static Contact contact(String name) throws Exception {
        return VCardFormat.read("/src/book/" + name + ".vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:" + name
                + "\r\nFN:Person " + name + "\r\nEND:VCARD\r\n", CardDavContactExporter.PHOTO_REF + "/src/book/" + name + ".vcf");
    }

    /** Deletes a resource as another client of the account would. */
    private static int delete(String path) throws Exception {
        String login = Base64.getEncoder().encodeToString((Radicale.USER + ":" + Radicale.PASSWORD).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(RADICALE.url().resolve(path)).DELETE()
                .header("Authorization", "Basic " + login).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
