package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.localfs.Configs;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.adapters.carddav.CardDavConfig;
import org.dtp.adapters.carddav.CardDavConnector;
import org.dtp.adapters.carddav.CardDavContactExporter;
import org.dtp.adapters.carddav.CardDavContactImporter;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.testing.Samples;
import org.dtp.formats.vcard.ContactDifferences;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavService;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Backup and restore of an address book: Radicale (CardDAV) to .vcf files in a folder, and the folder to another
 * Radicale account. Every field of every contact comes back, or an importer reported it as not kept.
 */
public class CardDavThroughFolderTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static TransferEndpoint account(String user, String password) {
        return new TransferEndpoint("carddav", Map.of(DavAccount.URL, RADICALE.url().toString(),
                DavAccount.USERNAME, user, DavAccount.PASSWORD, password));
    }

    /** A sample as Radicale takes it: CRLF line ends, and a UID (Radicale requires one, as RFC 6352 does). */
    private static String forRadicale(String vcard) {
        String text = vcard.replaceAll("\r*\n", "\r\n");
        return text.toUpperCase(java.util.Locale.ROOT).contains("\r\nUID:") ? text
                : text.replaceFirst("(?i)\r\nEND:VCARD", "\r\nUID:sample-" + UUID.randomUUID() + "\r\nEND:VCARD");
    }

    @Test
    public void radicaleToFolderToRadicaleLosesNothingUnreported() throws Exception {
        DavClient client = org.dtp.webdav.testing.Radicale.client();
        DavAccount alice = new DavAccount(RADICALE.url(), Radicale.USER, Radicale.PASSWORD);
        URI book = RADICALE.url().resolve("/alice/backup-" + UUID.randomUUID().toString().substring(0, 8) + "/");
        client.makeCollection(alice, book, DavService.CARDDAV, "Backed up", null, List.of());
        for (String sample : List.of("John_Doe_IPHONE.vcf", "John_Doe_EVOLUTION.vcf", "rfc6350-example.vcf")) {
            client.put(alice, book.resolve(sample), forRadicale(Samples.vcard(sample)), DavService.CARDDAV.contentType(), null);
        }
        CardDavConnector connector = new CardDavConnector(Configs.of(CardDavConfig.class, Map.of()), org.dtp.webdav.testing.Radicale.LOOPBACK);
        CardDavContactExporter dav = new CardDavContactExporter(connector);
        TransferContext fromAlice = TestContexts.source(account(Radicale.USER, Radicale.PASSWORD));
        Path folder = temp.newFolder("contacts").toPath();
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 2, false);
        LocalFolderContactExporter disk = new LocalFolderContactExporter(settings);

        TestImportContext toFolder = TestContexts.destination(folder, ref -> dav.openMedia(fromAlice, ref));
        Transfers.copy(dav, fromAlice, new LocalFolderContactImporter(settings), toFolder);
        TransferEndpoint bobEndpoint = account(Radicale.OTHER_USER, Radicale.OTHER_PASSWORD);
        TestImportContext toBob = new TestImportContext(TestContexts.JOB, bobEndpoint, ref -> disk.openMedia(TestContexts.source(folder), ref));
        Transfers.copy(disk, TestContexts.source(folder), new CardDavContactImporter(connector), toBob);

        List<Contact> source = contactsOf(dav, fromAlice, book.getPath());
        List<Contact> onDisk = Transfers.exportAll(disk, TestContexts.source(folder)).items();
        TransferContext fromBob = TestContexts.source(bobEndpoint);
        var atBob = Transfers.exportAll(dav, fromBob);
        assertEquals(List.of("Backed up"), atBob.containers().stream().map(AddressBook::name).toList());
        assertEquals(3, source.size());
        assertEquals(3, onDisk.size());
        assertEquals(3, atBob.items().size());
        int photos = 0;
        for (Contact s : source) {
            Contact middle = byUid(onDisk, s.uid());
            Contact end = byUid(atBob.items(), s.uid());
            assertEquals("vCard 4.0 on disk holds every field of " + s.formattedName(), reported(toFolder, s.id()),
                    ContactDifferences.between(s, middle, true));
            List<String> reported = new ArrayList<>(reported(toFolder, s.id()));
            reported.addAll(reported(toBob, middle.id()));
            for (String field : ContactDifferences.between(s, end, true)) {
                assertTrue(field + " of " + s.formattedName() + " was lost unreported: " + reported, reported.contains(field));
            }
            if (s.photo() != null && end.photo() != null) {
                photos++;
                try (InputStream a = dav.openMedia(fromAlice, s.photo()); InputStream b = dav.openMedia(fromBob, end.photo())) {
                    assertArrayEquals(a.readAllBytes(), b.readAllBytes());
                }
            }
        }
        assertEquals("the iPhone sample's photo came back byte for byte", 1, photos);
    }

    private static List<String> reported(TestImportContext ctx, String sourceId) {
        return ctx.notKept().stream().filter(n -> n.sourceId().equals(sourceId)).map(TestImportContext.NotKept::field).toList();
    }

    private static Contact byUid(List<Contact> contacts, String uid) {
        return contacts.stream().filter(c -> uid.equals(c.uid())).findFirst().orElseThrow(() -> new AssertionError("no contact " + uid));
    }

    private static List<Contact> contactsOf(CardDavContactExporter dav, TransferContext context, String bookPath) throws Exception {
        List<Contact> out = new ArrayList<>();
        String continuation = null;
        do {
            var page = dav.export(context, new org.dtp.spi.ExportCursor(bookPath, continuation));
            out.addAll(page.items());
            continuation = page.continuation();
        } while (continuation != null);
        return out;
    }
}
