package org.dtp.adapters.carddav;

import org.dtp.kit.testing.TestImportContext;
import org.dtp.formats.testing.Samples;
import org.dtp.formats.vcard.ContactDifferences;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.formats.vcard.VCardVersion;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.ContactKind;
import org.dtp.models.contacts.Gender;
import org.dtp.models.contacts.Organization;
import org.dtp.models.contacts.PartialDate;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.Sex;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.dtp.models.media.GeoLocation;
import org.dtp.webdav.testing.Radicale;
import org.junit.ClassRule;
import org.junit.Test;

import java.io.InputStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Radicale → Radicale: real sample vCards (iPhone and Evolution 3.0, RFC 6350's 4.0 example, Outlook 2.1) and a
 * contact with every field of the model are exported from one address book, imported into a second one and
 * exported again; every field must come back equal (ids and photo references aside, photo bytes compared).
 */
public class CardDavRoundTripTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();

    static final Contact EVERY_FIELD = Contact.builder()
            .id("/x/every.vcf")
            .uid("urn:uuid:5c8a6c1e-8a1f-4d65-bb0b-000000000001")
            .kind(ContactKind.INDIVIDUAL)
            .formattedName("Dr. Ada King, Countess")
            .name(new StructuredName("King", "Ada", List.of("Augusta"),
                    List.of("Dr."), List.of("Countess of Lovelace")))
            .nicknames(List.of("Ada", "Enchantress of Numbers"))
            .emails(List.of(new TypedValue("ada@example.org", List.of("work"), 1), new TypedValue("ada@home.example", List.of("home"), null)))
            .phones(List.of(new TypedValue("tel:+44-20-7946-0000", List.of("voice", "cell"), 2), new TypedValue("020 7946 0001", List.of("fax"), null)))
            .addresses(List.of(new PostalAddress("PO 12", "Flat 3", "12 St James's Square", "London", "Greater London", "SW1Y 4JH", "UK",
                    "12 St James's Square\nLondon", List.of("home"), 1)))
            .urls(List.of(new TypedValue("https://example.org/ada", List.of("home"), null)))
            .impps(List.of(new TypedValue("xmpp:ada@example.org", List.of("personal"), null)))
            .organization(new Organization("Analytical Engines Ltd", List.of("Research", "Notes")))
            .title("Mathematician")
            .role("Author")
            .birthday(new PartialDate(null, 12, 10, null))
            .anniversary(new PartialDate(1835, 7, 8, null))
            .gender(new Gender(Sex.FEMALE, "woman"))
            .notes(List.of("First programmer; wrote \"Note G\".", "Second note, with a comma, and a; semicolon"))
            .categories(List.of("history", "computing"))
            .related(List.of(new TypedValue("urn:uuid:5c8a6c1e-8a1f-4d65-bb0b-000000000002", List.of("spouse"), null)))
            .geo(new GeoLocation(51.5074, -0.1344, null))
            .timeZone("Europe/London")
            .revision(Instant.parse("2024-03-01T10:15:30Z"))
            .extended(List.of(new ExtendedProperty("X-MASCOT", Map.of("TYPE", List.of("pet")), "cat"),
                    new ExtendedProperty("LANG", Map.of("PREF", List.of("1")), "en")))
            .build();

    @Test
    public void everyFieldSurvivesRadicaleToRadicale() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 2, 1 << 20);
        String source = f.newBook("Round trip source");
        f.put(source, "iphone.vcf", CardDavFixture.forRadicale(Samples.vcard("John_Doe_IPHONE.vcf")));
        f.put(source, "evolution.vcf", CardDavFixture.forRadicale(Samples.vcard("John_Doe_EVOLUTION.vcf")));
        f.put(source, "rfc6350.vcf", CardDavFixture.forRadicale(Samples.vcard("rfc6350-example.vcf")));
        f.put(source, "every.vcf", VCardFormat.write(EVERY_FIELD, VCardVersion.V3_0));
        CardDavFixture.Exported first = f.exportAll(source);
        List<Contact> exported = first.contacts();
        assertEquals(first.rejected().toString(), 4, exported.size());

        TestImportContext ctx = f.destination();
        AddressBook book = f.books().stream().filter(b -> b.id().equals(source)).findFirst().orElseThrow();
        String target = f.importer.importContainer(ctx, "c:" + source, book, null);
        for (Contact c : exported) {
            f.importer.importItem(ctx, "i:" + c.id(), c, target);
        }
        List<Contact> again = f.exportAll(target).contacts();
        assertEquals(4, again.size());

        Comparator<Contact> byUid = Comparator.comparing(Contact::uid);
        List<Contact> before = exported.stream().sorted(byUid).toList();
        List<Contact> after = again.stream().sorted(byUid).toList();
        // Every field came back equal, or the importer reported it as not kept: nothing is lost silently.
        for (int i = 0; i < before.size(); i++) {
            List<String> reported = new java.util.ArrayList<>();
            for (TestImportContext.NotKept n : ctx.notKept()) {
                if (n.sourceId().equals(before.get(i).id())) {
                    reported.add(n.field());
                }
            }
            assertEquals(before.get(i).formattedName() + "\n" + before.get(i) + "\n" + after.get(i), reported,
                    ContactDifferences.between(before.get(i), after.get(i), true));
            if (reported.isEmpty()) {
                assertSameContact(f, before.get(i), after.get(i));
            }
        }
        // What vCard 3.0 says as well as 4.0 comes back equal (the rest is reported, above).
        Contact every = after.stream().filter(c -> c.uid().equals(EVERY_FIELD.uid())).findFirst().orElseThrow();
        for (String field : List.of("uid", "kind", "formattedName", "name", "nicknames", "emails", "urls", "impps",
                "organization", "title", "role", "anniversary", "notes", "categories", "related", "geo", "timeZone",
                "revision")) {
            java.lang.reflect.Method accessor = Contact.class.getMethod(field);
            assertEquals(field, accessor.invoke(EVERY_FIELD), accessor.invoke(every));
        }

        Contact iphone = after.stream().filter(c -> "Mr. John Richter James Doe Sr.".equals(c.formattedName())).findFirst().orElseThrow();
        assertEquals(new StructuredName("Doe", "John", List.of("Richter", "James"), List.of("Mr."), List.of("Sr.")), iphone.name());
        assertEquals(new PartialDate(2012, 6, 6, null), iphone.birthday());
        assertEquals(new Organization("IBM", List.of("Accounting")), iphone.organization());
        assertTrue(iphone.extended().stream().anyMatch(x -> x.name().equals("ITEM2.X-ABLABEL")));
        assertNotNull(iphone.photo());
        Contact rfc = after.stream().filter(c -> "Simon Perreault".equals(c.formattedName())).findFirst().orElseThrow();
        assertEquals(new Gender(Sex.MALE, null), rfc.gender());
        assertEquals("-05:00", rfc.timeZone());
    }

    /** Radicale 3.1.8's vobject cuts vCard 4 values at commas: written as 4.0, the importer reads back and reports it. */
    @Test
    public void whatTheServerDoesNotKeepIsReported() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20, VCardVersion.V4_0);
        TestImportContext ctx = f.destination();
        String target = f.importer.importContainer(ctx, "c:v4", new AddressBook("/v4/", "vCard 4", null), null);
        f.importer.importItem(ctx, "i:" + EVERY_FIELD.id(), EVERY_FIELD, target);
        assertTrue(ctx.notKept().toString(), ctx.notKept().stream().anyMatch(n -> n.sourceId().equals(EVERY_FIELD.id())
                && n.field().equals("geo") && n.reason().startsWith("GEO:geo:")
                && n.reason().contains(" read back as GEO:") && n.reason().endsWith(": the server changed it when storing the vCard 4.0 sent")));
    }

    /**
     * Written as 3.0 (the default), a PREF above 1 is lost by the version (3.0 says only {@code TYPE=pref}), and
     * reported as such; the corpus' Android card's X-ANDROID-CUSTOM, whose every ';' Radicale's vobject escapes (a
     * property it does not know), is read back with its separators and not reported.
     */
    @Test
    public void aVersionLimitAndAServerRewriteAreToldApart() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        Contact android = VCardFormat.read("/android.vcf", Samples.vcardCorpus("android-2.1.vcf"), "photo:android").toBuilder()
                .photo(null).emails(List.of(new TypedValue("ayse@example.com.tr", List.of("home"), 2))).build();
        TestImportContext ctx = f.destination();
        String target = f.importer.importContainer(ctx, "c:v3", new AddressBook("/v3/", "vCard 3", null), null);
        f.importer.importItem(ctx, "i:android", android, target);
        assertTrue(ctx.notKept().toString(), ctx.notKept().stream().anyMatch(n -> n.field().equals("emails[0]")
                && n.reason().endsWith(": vCard 3.0, the version written, cannot say it as given")));
        assertTrue(ctx.notKept().toString(), ctx.notKept().stream().noneMatch(n -> n.reason().contains("X-ANDROID-CUSTOM")));
        Contact back = f.exportAll(target).contacts().get(0);
        assertEquals(android.extended().stream().filter(x -> x.name().equals("X-ANDROID-CUSTOM")).toList(),
                back.extended().stream().filter(x -> x.name().equals("X-ANDROID-CUSTOM")).toList());
    }

    /**
     * What Radicale used to cost the corpus' RFC 6350 card as vCard 3.0 comes back as given: the second N (as an X-
     * property, 3.0 allowing one N), the {@code tel:} URI with its extension ({@code VALUE=uri}) and the CLIENTPIDMAPs,
     * whose ';' Radicale escapes and the reader takes for the separator it is.
     */
    @Test
    public void aVCard4sSecondNameTelUriAndClientPidMapsSurviveRadicaleAsVCard3() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        Contact taro = VCardFormat.read("/taro.vcf", Samples.vcardCorpus("rfc6350-altid-pid.vcf"), null);
        TestImportContext ctx = f.destination();
        String target = f.importer.importContainer(ctx, "c:taro", new AddressBook("/taro/", "vCard 4 in 3.0", null), null);
        f.importer.importItem(ctx, "i:taro", taro, target);
        assertTrue(ctx.notKept().toString(), ctx.notKept().stream().noneMatch(n -> n.field().equals("phones[0]")
                || n.reason().startsWith("N;") || n.reason().startsWith("CLIENTPIDMAP")));

        Contact back = f.exportAll(target).contacts().get(0);
        assertEquals(taro.phones(), back.phones());
        for (ExtendedProperty x : taro.extended()) {
            if (x.name().equals("N") || x.name().equals("CLIENTPIDMAP")) {
                assertTrue(x + " in " + back.extended(), back.extended().contains(x));
            }
        }
    }

    /**
     * Why imports write vCard 3.0 to Radicale 3.1.8 even for a vCard 4 source: it refuses a second N in 4.0 as in 3.0,
     * and rewrites a 4.0 it stores as it does a 3.0 (a ';' of CLIENTPIDMAP escaped) and worse (a KEY's data: URI cut
     * at its comma, where 3.0 carries the key as ENCODING=b).
     */
    @Test
    public void radicaleRefusesASecondNameAndRewritesVCard4() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        String book = f.newBook("vCard 4 as given");
        String taro = Samples.vcardCorpus("rfc6350-altid-pid.vcf");
        assertThrows(org.dtp.spi.ItemRejectedException.class, () -> f.put(book, "two-names.vcf", taro));

        f.put(book, "one-name.vcf", taro.replaceFirst("N;ALTID=1;LANGUAGE=en:[^\r\n]*\r\n", ""));
        String stored = f.client.get(f.account(), RADICALE.url().resolve(book + "one-name.vcf")).orElseThrow().data();
        assertTrue(stored, stored.contains("\r\nVERSION:4.0\r\n"));
        assertTrue(stored, stored.contains("\r\nCLIENTPIDMAP:1\\;urn:uuid:3df403f4-5924-4bb7-b077-3c711d9eb34b\r\n"));
        assertTrue(stored, stored.contains("\r\nKEY:data:application/pgp-keys\\;base64\r\n"));
    }

    /** Configured for vCard 4.0, a card Radicale refuses as 4.0 (two N) is sent again as 3.0, and kept whole. */
    @Test
    public void aVCard4TheServerRefusesIsSentAgainAsVCard3() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20, VCardVersion.V4_0);
        Contact taro = VCardFormat.read("/taro.vcf", Samples.vcardCorpus("rfc6350-altid-pid.vcf"), null);
        TestImportContext ctx = f.destination();
        String target = f.importer.importContainer(ctx, "c:refused", new AddressBook("/refused/", "vCard 4 refused", null), null);
        String path = f.importer.importItem(ctx, "i:taro", taro, target);

        String stored = f.client.get(f.account(), RADICALE.url().resolve(path)).orElseThrow().data();
        assertTrue(stored, stored.contains("\r\nVERSION:3.0\r\n"));
        assertTrue(ctx.notKept().toString(), ctx.notKept().stream().noneMatch(n -> n.reason().contains("vCard 4.0")));
        Contact back = f.exportAll(target).contacts().get(0);
        assertEquals(taro.phones(), back.phones());
        assertTrue(back.extended().toString(), back.extended().stream().anyMatch(x -> x.name().equals("N")));
    }

    @Test
    public void aVCard21FromOutlookIsReadWholeAndWrittenAgain() throws Exception {
        CardDavFixture f = new CardDavFixture(RADICALE, 50, 1 << 20);
        // Radicale refuses this file (vobject cannot read its quoted-printable soft line breaks), so the parser reads it.
        Contact outlook = VCardFormat.read("/outlook.vcf", Samples.vcard("John_Doe_MS_OUTLOOK.vcf"),
                CardDavContactExporter.PHOTO_REF + "/outlook.vcf");
        assertEquals("Cresent moon drive\nAlbaney, New York  12345", outlook.addresses().get(0).label());
        assertEquals(List.of("Counting Money").get(0), outlook.role());
        assertEquals(new PartialDate(1980, 3, 22, null), outlook.birthday());
        assertTrue(outlook.extended().stream().anyMatch(x -> x.name().equals("X-MS-ANNIVERSARY") && x.value().equals("20110113")));
        byte[] photo = VCardFormat.inlinePhoto(Samples.vcard("John_Doe_MS_OUTLOOK.vcf")).orElseThrow();

        TestImportContext ctx = new TestImportContext(f.job, f.endpoint(), ref -> new java.io.ByteArrayInputStream(photo));
        String target = f.importer.importContainer(ctx, "c:outlook", new AddressBook("/outlook/", "Outlook", null), null);
        f.importer.importItem(ctx, "i:/outlook.vcf", outlook, target);
        Contact back = f.exportAll(target).contacts().get(0);
        assertTrue("a UID is made for CardDAV", back.uid().startsWith("urn:uuid:"));
        List<String> reported = ctx.notKept().stream().map(TestImportContext.NotKept::field).toList();
        assertEquals(reported, ContactDifferences.between(withUid(outlook, back.uid()), back, true));
        for (String field : List.of("formattedName", "name", "nicknames", "emails", "phones", "urls", "organization", "title",
                "role", "birthday", "notes", "revision")) {
            java.lang.reflect.Method accessor = Contact.class.getMethod(field);
            assertEquals(field, accessor.invoke(outlook), accessor.invoke(back));
        }
        try (InputStream in = f.exporter.openMedia(f.source(), back.photo())) {
            assertArrayEquals(photo, in.readAllBytes());
        }
    }

    private static void assertSameContact(CardDavFixture f, Contact before, Contact after) throws Exception {
        assertSameFields(withoutSource(before), withoutSource(after));
        if (before.photo() != null) {
            try (InputStream a = f.exporter.openMedia(f.source(), before.photo());
                 InputStream b = f.exporter.openMedia(f.source(), after.photo())) {
                assertTrue(Arrays.equals(a.readAllBytes(), b.readAllBytes()));
            }
            assertEquals(before.photo().contentType(), after.photo().contentType());
            assertEquals(before.photo().size(), after.photo().size());
        }
    }

    /** Field by field, so that a failure names the field. */
    static void assertSameFields(Contact expected, Contact actual) throws Exception {
        for (java.lang.reflect.RecordComponent field : Contact.class.getRecordComponents()) {
            assertEquals(expected.formattedName() + ": " + field.getName(), field.getAccessor().invoke(expected),
                    field.getAccessor().invoke(actual));
        }
    }

    static Contact withGeo(Contact c, GeoLocation geo) {
        return c.toBuilder().geo(geo).build();
    }

    static Contact withUid(Contact c, String uid) {
        return c.toBuilder().uid(uid).build();
    }

    /** The contact without what names its place at the source: its id and its photo's reference. */
    static Contact withoutSource(Contact c) {
        MediaRef photo = c.photo() == null ? null : new MediaRef("photo", c.photo().contentType(), c.photo().size());
        return c.toBuilder().id("-").photo(photo).build();
    }
}
