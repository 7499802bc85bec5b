package org.dtp.adapters.carddav;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.vcard.VCardVersion;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The adapter's exporter and importer on one Radicale account, and ways to fill and read address books. */
final class CardDavFixture {
    final Radicale radicale;
    final DavClient client = org.dtp.webdav.testing.Radicale.client();
    final CardDavConnector connector;
    final CardDavContactExporter exporter;
    final CardDavContactImporter importer;
    final UUID job = UUID.randomUUID();

    CardDavFixture(Radicale radicale, int batchSize, int maxPhotoBytes) {
        this(radicale, batchSize, maxPhotoBytes, VCardVersion.V3_0);
    }

    CardDavFixture(Radicale radicale, int batchSize, int maxPhotoBytes, VCardVersion version) {
        this.radicale = radicale;
        this.connector = new CardDavConnector(client, batchSize, maxPhotoBytes, version);
        this.exporter = new CardDavContactExporter(connector);
        this.importer = new CardDavContactImporter(connector);
    }

    TransferEndpoint endpoint() {
        return new TransferEndpoint("carddav", Map.of(DavAccount.URL, radicale.url().toString(),
                DavAccount.USERNAME, Radicale.USER, DavAccount.PASSWORD, Radicale.PASSWORD));
    }

    DavAccount account() {
        return new DavAccount(radicale.url(), Radicale.USER, Radicale.PASSWORD);
    }

    TransferContext source() {
        TransferEndpoint endpoint = endpoint();
        return new TestTransferContext(job, endpoint);
    }

    /** The source's context in a transfer that remembers, after one that left {@code previous} (empty: the first). */
    TestTransferContext sourceAfter(Map<String, String> previous) {
        return new TestTransferContext(UUID.randomUUID(), endpoint()).rememberingChangeTokens(previous);
    }

    /** An import context whose media come from this fixture's exporter, as the engine does it. */
    TestImportContext destination() {
        TransferContext source = source();
        return new TestImportContext(job, endpoint(), ref -> exporter.openMedia(source, ref));
    }

    /** A new, empty address book in alice's home; its path. */
    String newBook(String name) throws AdapterException {
        URI href = radicale.url().resolve("/alice/" + name.replace(' ', '-') + "-" + UUID.randomUUID().toString().substring(0, 8) + "/");
        client.makeCollection(account(), href, DavService.CARDDAV, name, null, List.of());
        return href.getPath();
    }

    /** PUTs {@code vcard} as {@code name} into the book at {@code bookPath}. */
    void put(String bookPath, String name, String vcard) throws AdapterException {
        client.put(account(), radicale.url().resolve(bookPath + name), vcard, DavService.CARDDAV.contentType(), null);
    }

    /** Every contact of the book, page after page, and how many pages it took. */
    record Exported(List<Contact> contacts, int pages, List<org.dtp.spi.ExportPage.Rejected> rejected) {
    }

    Exported exportAll(String bookPath) throws AdapterException {
        return exportAll(bookPath, source());
    }

    /** Every contact of the book as a transfer with {@code context} exports them. */
    Exported exportAll(String bookPath, TransferContext context) throws AdapterException {
        List<Contact> contacts = new ArrayList<>();
        List<org.dtp.spi.ExportPage.Rejected> rejected = new ArrayList<>();
        String continuation = null;
        int pages = 0;
        do {
            ExportPage<AddressBook, Contact> page = exporter.export(context, new ExportCursor(bookPath, continuation));
            contacts.addAll(page.items());
            rejected.addAll(page.rejected());
            continuation = page.continuation();
            pages++;
        } while (continuation != null);
        return new Exported(contacts, pages, rejected);
    }

    List<AddressBook> books() throws AdapterException {
        ExportPage<AddressBook, Contact> root = exporter.export(source(), ExportCursor.root());
        return root.containers();
    }

    /**
     * A sample as Radicale takes it: line ends made CRLF (one of the samples has CR CR LF, which vobject refuses) and
     * a UID added where it has none (Radicale requires one, as does RFC 6352).
     */
    static String forRadicale(String vcard) {
        String text = vcard.replaceAll("\r*\n", "\r\n");
        if (!text.toUpperCase(java.util.Locale.ROOT).contains("\r\nUID:")) {
            text = text.replaceFirst("(?i)\r\nEND:VCARD", "\r\nUID:sample-" + UUID.randomUUID() + "\r\nEND:VCARD");
        }
        return text;
    }
}
