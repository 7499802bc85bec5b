package org.dtp.formats.vcard;

import org.dtp.formats.testing.RoundTripLosses;
import org.dtp.formats.testing.Samples;
import org.dtp.formats.testing.VCardProperties;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.PropertyDetails;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * What real clients' vCards say beyond the model's fields (groups, LANGUAGE, ALTID, PID, SORT-AS, SERVICE-TYPE,
 * DERIVED, X- parameters, binary data in every encoding, control characters) kept and written back, or reported.
 * Judged with {@link VCardProperties}, ez-vcard's own parse of the texts, not with the model.
 */
public class VCardFidelityTest {
    private record Loss(String field, String reason) {
    }

    private static Contact read(String text, List<Loss> losses) throws MalformedVCardException {
        return VCardFormat.read("c", text, "photo:c", (item, field, reason) -> losses.add(new Loss(field, reason)));
    }

    /** Written in {@code version} and compared property by property with the source: what did not come back. */
    private static List<VCardProperties.Line> lost(String text, VCardVersion version) throws Exception {
        Contact c = VCardFormat.read("c", text, "photo:c");
        return RoundTripLosses.between(text, VCardFormat.write(c, version, null, VCardFormat.inlinePhoto(text).orElse(null))).missing();
    }

    /** Written as vCard 3.0, read again and written as 4.0, compared with the source: what a 3.0 hop lost. */
    private static List<VCardProperties.Line> lostThroughVCard3(String text) throws Exception {
        String v3 = VCardFormat.write(VCardFormat.read("c", text, "photo:c"), VCardVersion.V3_0);
        return RoundTripLosses.between(text, VCardFormat.write(VCardFormat.read("c", v3, "photo:c"), VCardVersion.V4_0)).missing();
    }

    @Test
    public void applesGroupsTieLabelsToTheirPropertiesAndImppKeepsItsServiceType() throws Exception {
        String apple = Samples.vcardCorpus("apple-contacts-macos13.vcf");
        Contact c = read(apple, new ArrayList<>());

        assertEquals("item1", c.propertyDetails().get("emails[0]").group());
        assertEquals(Map.of("X-SERVICE-TYPE", List.of("Skype")), c.propertyDetails().get("impps[0]").params());
        assertEquals(new PropertyDetails("item4", Map.of("X-SERVICE-TYPE", List.of("Jabber"))), c.propertyDetails().get("impps[1]"));
        String written = VCardFormat.write(c, VCardVersion.V3_0);
        assertTrue(written, written.contains("item1.EMAIL;"));
        assertTrue(written, written.contains("item4.IMPP;X-SERVICE-TYPE=Jabber:xmpp:johnny@example.com"));
        assertEquals(List.of(), lost(apple, VCardVersion.V3_0));
        assertEquals(List.of(), lost(apple, VCardVersion.V4_0));
    }

    @Test
    public void languageAltidPidSortAsAndServiceTypeAreKeptInBothVersions() throws Exception {
        String rfc = Samples.vcardCorpus("rfc6350-altid-pid.vcf");
        Contact c = read(rfc, new ArrayList<>());

        assertEquals(Map.of("ALTID", List.of("1"), "LANGUAGE", List.of("ja"), "PID", List.of("1.1")),
                c.propertyDetails().get("formattedName").params());
        assertEquals(List.of("やまだ,たろう"), c.propertyDetails().get("name").params().get("SORT-AS"));
        assertEquals(List.of("XMPP"), c.propertyDetails().get("impps[0]").params().get("SERVICE-TYPE"));
        assertEquals(List.of("2.1"), c.propertyDetails().get("emails[1]").params().get("PID"));
        assertTrue(c.extended().stream().anyMatch(x -> x.name().equals("FN") && x.params().get("LANGUAGE").equals(List.of("en"))));
        assertEquals(List.of(), lost(rfc, VCardVersion.V4_0));
        // vCard 3.0 allows one N and says a TEL's tel: URI only with VALUE=uri: the further N goes as an X- property
        assertEquals(List.of("N"), lost(rfc, VCardVersion.V3_0).stream().map(VCardProperties.Line::name).toList());
        assertEquals(List.of(), lostThroughVCard3(rfc));
        String v3 = VCardFormat.write(c, VCardVersion.V3_0);
        assertTrue(v3, v3.contains("\r\nX-DTP-N;ALTID=1;LANGUAGE=en:Yamada\\;Taro\r\n"));
        assertTrue(v3, v3.contains("\r\nTEL;VALUE=uri;TYPE=voice,home,pref:tel:+1-555-555-5555;ext=5555\r\n"));
    }

    /** A further N's components with a comma, semicolon and backslash in them survive as the X- property's text. */
    @Test
    public void aFurtherNInVCard3KeepsEveryCharacterOfItsComponents() throws Exception {
        String v4 = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nN;ALTID=1;LANGUAGE=en:Smith;Ann\r\n"
                + "N;ALTID=1;LANGUAGE=fr:Smith\\;Jones;Ann,Marie;C:\\\\x;;\r\nEND:VCARD\r\n";
        Contact c = read(v4, new ArrayList<>());
        String v3 = VCardFormat.write(c, VCardVersion.V3_0);
        assertEquals(c.extended(), VCardFormat.read("/x", v3, null).extended());
        assertEquals(List.of(), lostThroughVCard3(v4));
    }

    /**
     * Radicale (vobject) takes GEO and CLIENTPIDMAP for text and escapes their separators; their values hold numbers and
     * URIs, no text, so they are read as they were written.
     */
    @Test
    public void separatorsAServerEscapedInValuesWithoutTextAreReadAsWritten() throws Exception {
        String stored = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nUID:u\r\nGEO:geo:46.77\\,-71.28\r\n"
                + "CLIENTPIDMAP:1\\;urn:uuid:3df403f4-5924-4bb7-b077-3c711d9eb34b\r\nEND:VCARD\r\n";
        Contact c = VCardFormat.read("/x", stored, null);
        assertEquals(new org.dtp.models.media.GeoLocation(46.77, -71.28, null), c.geo());
        assertEquals(List.of(new org.dtp.models.ExtendedProperty("CLIENTPIDMAP", Map.of(), "1;urn:uuid:3df403f4-5924-4bb7-b077-3c711d9eb34b")),
                c.extended());
    }

    @Test
    public void derivedAndXParametersOfStandardAndXPropertiesAreWrittenBack() throws Exception {
        String rfc = Samples.vcardCorpus("rfc6350-altid-pid.vcf");
        Contact c = read(rfc, new ArrayList<>());

        assertEquals(List.of("TRUE"), c.propertyDetails().get("related[0]").params().get("DERIVED"));
        String written = VCardFormat.write(c, VCardVersion.V4_0);
        assertTrue(written, written.contains("DERIVED=TRUE"));
        assertTrue(written, written.contains("X-CUSTOM-FIELD;X-LABEL=Badge;X-ORDER=3:A-1042")
                || written.contains("X-CUSTOM-FIELD;X-ORDER=3;X-LABEL=Badge:A-1042"));
    }

    @Test
    public void caretEncodedParametersReadAndAreWrittenAsRfc6868() throws Exception {
        String rfc = Samples.vcardCorpus("rfc6350-altid-pid.vcf");
        Contact c = read(rfc, new ArrayList<>());

        assertEquals(List.of("Company \"directory\""), c.propertyDetails().get("notes[0]").params().get("X-SOURCE"));
        assertEquals("Shinjuku 1-1\nTokyo 160-0022\nJapan", c.addresses().get(0).label());
        String written = VCardFormat.write(c, VCardVersion.V4_0);
        assertTrue(written, written.contains("X-SOURCE=Company ^'directory^'"));
        Contact again = VCardFormat.read("c", written, "photo:c");
        assertEquals(c.propertyDetails(), again.propertyDetails());
        assertEquals(c.addresses(), again.addresses());
    }

    @Test
    public void photosAndKeysInEveryEncodingKeepTheirBytes() throws Exception {
        // 2.1 ENCODING=BASE64 (Outlook, Android), 3.0 ENCODING=b (Apple, Nextcloud), 4.0 data: URI and URI (RFC 6350),
        // a photo by URL (Google)
        for (String sample : List.of("outlook-2016.vcf", "android-2.1.vcf", "apple-contacts-macos13.vcf",
                "nextcloud-synology.vcf", "rfc6350-altid-pid.vcf", "google-contacts.vcf")) {
            String text = Samples.vcardCorpus(sample);
            for (VCardVersion version : VCardVersion.values()) {
                assertTrue(sample + " " + version, lost(text, version).stream()
                        .noneMatch(l -> l.name().endsWith("PHOTO") || l.name().endsWith("KEY")));
            }
        }
    }

    @Test
    public void aMediaTypeWhereVCard3ExpectsATypeNameIsThePhotosType() throws Exception {
        // Nextcloud and Synology write PHOTO;ENCODING=b;TYPE=image/jpeg
        assertEquals("image/jpeg", read(Samples.vcardCorpus("nextcloud-synology.vcf"), new ArrayList<>()).photo().contentType());
    }

    @Test
    public void aVCard3LabelWhoseTypesAreASubsetOfTheAddressesIsThatAddressesLabel() throws Exception {
        // what ez-vcard writes for a labelled ADR with PREF in 3.0, and Outlook-converted 3.0 files hold
        Contact c = read("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:L\r\nADR;TYPE=work,pref:;;Hauptstraße 5;Berlin;;10115;Deutschland\r\n"
                + "LABEL;TYPE=work:Hauptstraße 5\\n10115 Berlin\r\nEND:VCARD\r\n", new ArrayList<>());

        assertEquals("Hauptstraße 5\n10115 Berlin", c.addresses().get(0).label());
        assertEquals(List.of(), c.extended());
    }

    @Test
    public void everyTypeOfAUrlIsKept() throws Exception {
        String text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:U\r\nURL;TYPE=work,x-blog:https://blog.example.org\r\nEND:VCARD\r\n";

        assertEquals(List.of("work", "x-blog"), read(text, new ArrayList<>()).urls().get(0).types());
        assertEquals(List.of(), lost(text, VCardVersion.V4_0));
        assertEquals(List.of(), lost(text, VCardVersion.V3_0));
    }

    @Test
    public void aKeyUrisMediaTypeSurvivesAVCard3Trip() throws Exception {
        String rfc = Samples.vcardCorpus("rfc6350-altid-pid.vcf");
        String v3 = VCardFormat.write(VCardFormat.read("c", rfc, "photo:c"), VCardVersion.V3_0);

        assertTrue(VCardFormat.read("c", v3, "photo:c").extended().stream().anyMatch(x -> x.name().equals("KEY")
                && x.value().equals("https://www.example.com/keys/taro")
                && List.of("application/pgp-keys").equals(x.params().get("MEDIATYPE"))));
    }

    @Test
    public void controlCharactersAreEscapedInAUriDroppedFromTextAndReported() throws Exception {
        List<Loss> losses = new ArrayList<>();
        String synology = Samples.vcardCorpus("synology-formfeed.vcf");
        Contact c = read(synology, losses);

        assertEquals(List.of(new Loss("extended", "FBURL: control character U+000C in the URI kept as %0C"),
                new Loss("notes", "NOTE: control character U+000B in the text dropped (XML 1.0, in which CardDAV carries "
                        + "vCards, forbids it; vCard text has no escape for it)")), losses);
        for (VCardVersion version : VCardVersion.values()) {
            String written = VCardFormat.write(c, version);
            assertFalse(written, written.chars().anyMatch(ch -> ch < 0x20 && ch != '\t' && ch != '\r' && ch != '\n'));
            assertTrue(written, written.contains("FBURL;PREF=1:http://cal.example.tw/freebusy/mei%0Cbusy.ifb"));
        }
    }

    @Test
    public void aWriterNeverWritesWhatXmlForbidsWhateverTheContactHolds() {
        Contact raw = Contact.builder().id("g").formattedName("Bell\u0007 ringer").notes(List.of("page\fbreak")).build();

        String written = VCardFormat.write(raw, VCardVersion.V4_0);

        assertFalse(written, written.chars().anyMatch(ch -> ch < 0x20 && ch != '\t' && ch != '\r' && ch != '\n'));
        assertTrue(written, written.contains("FN:Bell ringer\r\n"));
    }

    @Test
    public void aPrefOutsideOneToHundredAndAFloatingRevisionAreReported() throws Exception {
        List<Loss> losses = new ArrayList<>();
        read("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:P\r\nEMAIL;PREF=0:p@example.com\r\nREV:20240101T120000\r\nEND:VCARD\r\n", losses);

        assertEquals(List.of(new Loss("emails[0]", "EMAIL;PREF=0: a PREF outside 1 to 100 (RFC 6350 §5.3), read as no preference"),
                new Loss("revision", "REV:2024-01-01T12:00: a time without a zone, read as UTC")), losses);
    }

    @Test
    public void aPartialBirthdayStaysADateInVCard3() throws Exception {
        String google = Samples.vcardCorpus("google-contacts.vcf");
        Contact c = read(google, new ArrayList<>());

        assertTrue(VCardFormat.write(c, VCardVersion.V3_0).contains("\r\nBDAY:--04-15\r\n"));
        assertEquals(List.of(), lost(google, VCardVersion.V3_0));
    }

    /** The corpus through the format alone: every property lost in a version has an entry naming it. */
    @Test
    public void everyCorpusPropertyComesBackOrIsReported() throws Exception {
        int properties = 0;
        int missing = 0;
        for (String sample : Samples.VCARD_CORPUS) {
            String text = Samples.vcardCorpus(sample);
            List<Loss> losses = new ArrayList<>();
            Contact c = read(text, losses);
            RoundTripLosses trip = RoundTripLosses.between(text, VCardFormat.write(c, VCardVersion.V4_0, null,
                    VCardFormat.inlinePhoto(text).orElse(null)));
            assertEquals(sample, List.of(), trip.unreported(losses.stream().map(Loss::reason).toList()));
            properties += trip.properties();
            missing += trip.missing().size();
        }
        System.out.printf("vCard corpus through VCardFormat (4.0): %d of %d properties kept (%.2f %%)%n",
                properties - missing, properties, 100.0 * (properties - missing) / properties);
    }
}
