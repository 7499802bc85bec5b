package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.TypedValue;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Takeout's Contacts: one .vcf per contact group (Google Contacts' vCard 3.0 export), see the test README. */
public class TakeoutContactsExporterTest {
    static final String CONTACTS = "Takeout/Contacts/";
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** A contact as Google Contacts exports it: vCard 3.0, the groups it is in as CATEGORIES. */
    static String vcard(String given, String family, String email, String groups) {
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:" + given + " " + family + "\r\nN:" + family + ";" + given + ";;;\r\n"
                + "EMAIL;TYPE=INTERNET;TYPE=HOME:" + email + "\r\nTEL;TYPE=CELL:+33 6 12 34 56 78\r\n"
                + "CATEGORIES:" + groups + "\r\nEND:VCARD\r\n";
    }

    private static ExportWalk<AddressBook, Contact> walk(Path archive, int pageSize) throws Exception {
        return ExportWalk.of(new TakeoutContactsExporter(Takeout.settings(pageSize)),
                new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(archive)));
    }

    @Test
    public void eachContactGroupIsAnAddressBookOfItsVCards() throws Exception {
        Path zip = new TestArchive()
                .add("Takeout/archive_browser.html", "<html></html>")
                .add(CONTACTS + "All Contacts/All Contacts.vcf", vcard("Ann", "Example", "ann@example.org", "myContacts,Family")
                        + vcard("Bob", "Sample", "bob@example.org", "myContacts"))
                .add(CONTACTS + "Family/Family.vcf", vcard("Ann", "Example", "ann@example.org", "myContacts,Family"))
                .add("Takeout/Google Photos/Photos from 2019/IMG_1.jpg", Takeout.media(1, 10))
                .add("Takeout/Drive/Contacts/old.vcf", vcard("Not", "Aproduct", "drive@example.org", "myContacts"))
                .writeZip(temp.getRoot().toPath().resolve("takeout-20250101T000000Z-001.zip"));
        ExportWalk<AddressBook, Contact> walk = walk(zip, 1);
        assertEquals(List.of("All Contacts", "Family"), walk.containers().stream().map(AddressBook::name).toList());
        List<Contact> all = walk.items().get(CONTACTS + "All Contacts/All Contacts.vcf");
        assertEquals(List.of("Ann Example", "Bob Sample"), all.stream().map(Contact::formattedName).toList());
        assertEquals(List.of("bob@example.org"), all.get(1).emails().stream().map(TypedValue::value).toList());
        assertEquals(List.of("myContacts", "Family"), all.get(0).categories());
        assertEquals(1, walk.items().get(CONTACTS + "Family/Family.vcf").size());
        assertTrue(walk.rejected().isEmpty());
    }

    @Test
    public void aBrokenVCardCostsOnlyItself() throws Exception {
        Path zip = new TestArchive()
                .add(CONTACTS + "All Contacts/All Contacts.vcf", vcard("Ann", "Example", "ann@example.org", "myContacts")
                        + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut short\r\n")
                .writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        ExportWalk<AddressBook, Contact> walk = walk(zip, 10);
        assertEquals(1, walk.allItems().size());
        assertEquals(List.of(CONTACTS + "All Contacts/All Contacts.vcf#2"), walk.rejected().stream().map(ExportPage.Rejected::sourceId).toList());
    }

    @Test
    public void anInlinePhotoIsReadAgainFromTheArchive() throws Exception {
        byte[] jpeg = Takeout.media(7, 300);
        String withPhoto = vcard("Ann", "Example", "ann@example.org", "myContacts").replace("END:VCARD",
                "PHOTO;ENCODING=b;TYPE=JPEG:" + Base64.getEncoder().encodeToString(jpeg) + "\r\nEND:VCARD");
        Path tgz = new TestArchive()
                .add(CONTACTS + "Starred/Starred.vcf", vcard("Bob", "Sample", "bob@example.org", "starred") + withPhoto)
                .writeTgz(temp.getRoot().toPath().resolve("takeout.tgz"));
        TakeoutContactsExporter exporter = new TakeoutContactsExporter(Takeout.settings(10));
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(tgz));
        Contact ann = ExportWalk.of(exporter, context).allItems().get(1);
        try (InputStream photo = exporter.openMedia(context, ann.photo())) {
            assertArrayEquals(jpeg, photo.readAllBytes());
        }
    }

    @Test
    public void aResumedExportContinuesWhereItsCheckpointWasOnANewExporter() throws Exception {
        StringBuilder vcf = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            vcf.append(vcard("Person" + i, "Example", "p" + i + "@example.org", "myContacts"));
        }
        Path zip = new TestArchive().add(CONTACTS + "All Contacts/All Contacts.vcf", vcf.toString())
                .writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        String book = CONTACTS + "All Contacts/All Contacts.vcf";
        ExportPage<AddressBook, Contact> first = new TakeoutContactsExporter(Takeout.settings(2))
                .export(new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)), new ExportCursor(book, null));
        // kill -9: a new exporter and an empty job scratch, from the checkpoint
        ExportPage<AddressBook, Contact> second = new TakeoutContactsExporter(Takeout.settings(2))
                .export(new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)), new ExportCursor(book, first.continuation()));
        assertEquals(List.of("Person0 Example", "Person1 Example"), first.items().stream().map(Contact::formattedName).toList());
        assertEquals(List.of("Person2 Example", "Person3 Example"), second.items().stream().map(Contact::formattedName).toList());
    }
}
