package org.dtp.adapters.microsoft.contacts;

import org.dtp.adapters.microsoft.Fixture;
import org.dtp.adapters.microsoft.fake.FakeOutlook;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.Organization;
import org.dtp.models.contacts.PartialDate;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.dtp.spi.TransientAdapterException;
import org.junit.After;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;

public class OutlookContactsTest {
    private final Fixture f;
    private final FakeOutlook outlook;

    public OutlookContactsTest() throws Exception {
        f = new Fixture(2, 1);
        outlook = f.fake.outlook();
    }

    @After
    public void close() {
        f.close();
    }

    private ExportWalk<AddressBook, Contact> export() throws Exception {
        return ExportWalk.of(new OutlookContactExporter(f.connector), f.source());
    }

    @Test
    public void exportsTheDefaultFolderItsNestedFoldersAndEveryMappedFieldAcrossPages() throws Exception {
        String family = outlook.contactFolder(null, "Family");
        String cousins = outlook.contactFolder(family, "Cousins");
        outlook.add(outlook.defaultContactFolder(), """
                {"givenName":"Ann","surname":"Smith","middleName":"Marie","title":"Dr.","generation":"Jr.","displayName":"Dr. Ann Smith",
                 "nickName":"Annie","emailAddresses":[{"address":"ann@example.org","name":"Ann"}],"businessPhones":["+44 20 7946 0018"],
                 "homePhones":["+44 20 7946 0019"],"mobilePhone":"+44 7700 900123",
                 "homeAddress":{"street":"12 Baker Street","city":"London","postalCode":"NW1 6XE","countryOrRegion":"United Kingdom"},
                 "companyName":"Example Ltd","department":"Research","jobTitle":"Chemist","profession":"Scientist",
                 "birthday":"1985-04-15T00:00:00Z","personalNotes":"Met at the conference","categories":["friends"],
                 "businessHomePage":"https://example.org/ann","imAddresses":["sip:ann@example.org"],"spouseName":"Bob","children":["Cleo"]}""");
        for (String name : List.of("Dan", "Eve", "Fay")) {
            outlook.add(outlook.defaultContactFolder(), "{\"givenName\":\"" + name + "\",\"displayName\":\"" + name + "\"}");
        }
        outlook.add(cousins, "{\"givenName\":\"Gil\",\"displayName\":\"Gil\"}");

        ExportWalk<AddressBook, Contact> walk = export();
        assertEquals(List.of("Contacts", "Family", "Cousins"), walk.containers().stream().map(AddressBook::name).toList());
        List<Contact> main = walk.items().get(OutlookContactExporter.DEFAULT_FOLDER);
        assertEquals(List.of("Dr. Ann Smith", "Dan", "Eve", "Fay"), main.stream().map(Contact::formattedName).toList());
        assertEquals(List.of("Gil"), walk.items().get(cousins).stream().map(Contact::formattedName).toList());
        Contact ann = main.get(0);
        assertNull("no UID of ours on a contact made in Outlook", ann.uid());
        assertEquals(new StructuredName("Smith", "Ann", List.of("Marie"), List.of("Dr."), List.of("Jr.")), ann.name());
        assertEquals(List.of("Annie"), ann.nicknames());
        assertEquals(List.of(new TypedValue("ann@example.org", List.of(), null)), ann.emails());
        assertEquals(List.of(new TypedValue("+44 20 7946 0018", List.of("work"), null), new TypedValue("+44 20 7946 0019", List.of("home"), null),
                new TypedValue("+44 7700 900123", List.of("cell"), null)), ann.phones());
        assertEquals(List.of(PostalAddress.builder()
                .street("12 Baker Street")
                .locality("London")
                .region("")
                .postalCode("NW1 6XE")
                .country("United Kingdom")
                .types(List.of("home"))
                .build()), ann.addresses());
        assertEquals(new Organization("Example Ltd", List.of("Research")), ann.organization());
        assertEquals("Chemist", ann.title());
        assertEquals("Scientist", ann.role());
        assertEquals(new PartialDate(1985, 4, 15, null), ann.birthday());
        assertEquals(List.of("Met at the conference"), ann.notes());
        assertEquals(List.of("friends"), ann.categories());
        assertEquals(List.of(new TypedValue("https://example.org/ann", List.of("work"), null)), ann.urls());
        assertEquals(List.of(new TypedValue("sip:ann@example.org", List.of(), null)), ann.impps());
        assertEquals(List.of(new TypedValue("Bob", List.of("spouse"), null), new TypedValue("Cleo", List.of("child"), null)), ann.related());
    }

    /** An Apple-labelled e-mail and an ALTID'd name (vCard corpus apple-contacts-macos13.vcf, rfc6350-altid-pid.vcf). */
    @Test
    public void propertyDetailsAreReportedWithTheGroupAndParametersGraphCannotTake() throws Exception {
        Contact source = Contact.builder()
                .id("c9")
                .formattedName("Taro Yamada")
                .emails(List.of(new TypedValue("taro@example.jp", List.of("work"), null)))
                .propertyDetails(java.util.Map.of("emails[0]", new org.dtp.models.contacts.PropertyDetails("item1", java.util.Map.of()),
                        "formattedName", new org.dtp.models.contacts.PropertyDetails(null, java.util.Map.of("ALTID", List.of("1"),
                                "LANGUAGE", List.of("en")))))
                .build();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookContactImporter importer = new OutlookContactImporter(f.connector);
        importer.importItem(into, "c9", source, importer.importContainer(into, "book", new AddressBook("b1", "Work", null), null));
        org.junit.Assert.assertTrue(into.notKept().toString(), into.notKept().stream().anyMatch(n -> n.field().equals("propertyDetails")
                && n.reason().contains("group=item1") && n.reason().contains("ALTID=[1]") && n.reason().contains("no vCard groups or parameters")));
    }

    @Test
    public void aRoundTripKeepsTheContactAndAReimportAfterARestartCreatesNothingTwice() throws Exception {
        Contact source = Contact.builder()
                .id("c1")
                .uid("urn:uuid:1")
                .formattedName("Ann Smith")
                .name(new StructuredName("Smith", "Ann", List.of(), List.of(), List.of()))
                .emails(List.of(new TypedValue("ann@example.org", List.of("home"), 1)))
                .phones(List.of(new TypedValue("+1 555 0100", List.of("work"), null)))
                .organization(new Organization("Example", List.of()))
                .title("Chemist")
                .birthday(new PartialDate(null, 12, 24, null))
                .notes(List.of("A note"))
                .build();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookContactImporter importer = new OutlookContactImporter(f.connector);
        String book = importer.importContainer(into, "book", new AddressBook("b1", "Friends", "my friends"), null);
        String id = importer.importItem(into, "c1", source, book);

        OutlookContactImporter restarted = new OutlookContactImporter(f.connector);
        assertEquals(book, restarted.importContainer(into, "book", new AddressBook("b1", "Friends", null), null));
        assertEquals(id, restarted.importItem(into, "c1", source, book));
        assertEquals(1, outlook.items(book).size());
        assertEquals(1, outlook.foldersNamed("Friends").size());

        Contact copy = export().items().get(book).get(0);
        assertEquals("urn:uuid:1", copy.uid());
        assertEquals(source.name(), copy.name());
        assertEquals(source.formattedName(), copy.formattedName());
        assertEquals("ann@example.org", copy.emails().get(0).value());
        assertEquals(source.phones(), copy.phones());
        assertEquals(source.organization(), copy.organization());
        assertEquals(source.notes(), copy.notes());
        assertEquals(List.of("description", "kind", "emails[0].types[0]", "emails[0].pref", "birthday"),
                into.notKept().stream().map(TestImportContext.NotKept::field).distinct().toList());
    }

    @Test
    public void aContactRetriedAfterItsCreateAnswerWasLostIsNotMadeTwiceAndStillReportsWhatIsNotKept() throws Exception {
        Contact source = Contact.builder()
                .id("c1")
                .uid("urn:uuid:1")
                .formattedName("Ann Smith")
                .name(new StructuredName("Smith", "Ann", List.of(), List.of(), List.of()))
                .emails(List.of(new TypedValue("ann@example.org", List.of("home"), 1)))
                .phones(List.of(new TypedValue("+1 555 0100", List.of("work"), null)))
                .organization(new Organization("Example", List.of()))
                .title("Chemist")
                .birthday(new PartialDate(null, 12, 24, null))
                .notes(List.of("A note"))
                .build();
        OutlookContactImporter importer = new OutlookContactImporter(f.connector);
        outlook.loseNextCreateAnswer();
        TestImportContext first = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        assertThrows(TransientAdapterException.class, () -> importer.importItem(first, "c1", source, null));
        assertEquals("the contact was made, only the answer was lost", 1, outlook.items(outlook.defaultContactFolder()).size());

        // the engine keeps only the reports of the attempt that succeeds: the retry reports on its own
        TestImportContext retry = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        String id = importer.importItem(retry, "c1", source, null);
        assertEquals(List.of(id), outlook.items(outlook.defaultContactFolder()).stream().map(c -> c.path("id").asText()).toList());
        assertEquals(List.of("kind", "emails[0].types[0]", "emails[0].pref", "birthday"),
                retry.notKept().stream().filter(n -> n.sourceId().equals("c1")).map(TestImportContext.NotKept::field).distinct().toList());
    }

    @Test
    public void theDefaultFolderOfOneOutlookIsTheDefaultFolderOfAnother() throws Exception {
        outlook.add(outlook.defaultContactFolder(), "{\"givenName\":\"Ann\",\"displayName\":\"Ann\"}");
        ExportWalk<AddressBook, Contact> walk = export();
        TestImportContext into = f.destination(ref -> new ByteArrayInputStream(new byte[0]));
        OutlookContactImporter importer = new OutlookContactImporter(f.connector);
        AddressBook main = walk.containers().get(0);
        String book = importer.importContainer(into, "main", main, null);
        importer.importItem(into, "ann", walk.items().get(main.id()).get(0), book);
        assertEquals(2, outlook.items(outlook.defaultContactFolder()).size());
        assertEquals("no second folder named Contacts", 1, outlook.foldersNamed("Contacts").size());
    }
}
