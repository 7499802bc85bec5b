package org.dtp.models.contacts;

import org.dtp.models.DataModel;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelJsonContract;
import org.dtp.models.media.GeoLocation;
import org.junit.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class ContactsJsonTest extends ModelJsonContract {
    private static final MediaRef PHOTO = new MediaRef("exporter://contacts/c-1/photo", "image/jpeg", 48213);

    static AddressBook addressBook() {
        return new AddressBook("ab-1", "Famille & Amis", "Kontakte – privat");
    }

    static Contact contact() {
        return Contact.builder()
                .id("c-1")
                .uid("urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
                .kind(ContactKind.INDIVIDUAL)
                .formattedName("Dr. José María Zoë Ñúñez-Ångström Jr.")
                .name(new StructuredName("Ñúñez-Ångström", "José", List.of("María", "Zoë"), List.of("Dr."), List.of("Jr.")))
                .nicknames(List.of("Pepe", "ペペ"))
                .emails(List.of(new TypedValue("jose@example.org", List.of("work"), 1),
                        new TypedValue("pepe@example.net", List.of("home", "x-icloud"), null)))
                .phones(List.of(new TypedValue("tel:+34-91-555-0100", List.of("cell", "voice"), 1),
                        new TypedValue("+49 30 1234567", List.of("fax", "work"), 2)))
                .addresses(List.of(new PostalAddress(null, "Piso 3º", "Calle de Alcalá 1", "Madrid", "Madrid", "28014", "España",
                        "Calle de Alcalá 1, Piso 3º\n28014 Madrid", List.of("work"), 1)))
                .urls(List.of(new TypedValue("https://example.org/~jose", List.of(), null)))
                .impps(List.of(new TypedValue("xmpp:jose@example.org", List.of("personal"), 100)))
                .organization(new Organization("Ejemplo S.A.", List.of("I+D", "Núcleo")))
                .title("Investigador principal")
                .role("Jefe de proyecto")
                .birthday(new PartialDate(null, 4, 15, null))
                .anniversary(new PartialDate(2009, 6, 20, null))
                .gender(new Gender(Sex.MALE, "él/he"))
                .notes(List.of("Primera línea\nSegunda línea 😀"))
                .categories(List.of("Trabajo", "VIP"))
                .photo(PHOTO)
                .related(List.of(new TypedValue("urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af", List.of("spouse"), null),
                        new TypedValue("Lucía", List.of("child"), null)))
                .geo(new GeoLocation(40.4183, -3.7028, 667.0))
                .timeZone("Europe/Madrid")
                .revision(Instant.parse("2024-05-01T09:15:00Z"))
                .extended(List.of(new ExtendedProperty("X-PHONETIC-LAST-NAME", Map.of(), "ニューニェス"),
                        new ExtendedProperty("LANG", Map.of("PREF", List.of("1"), "TYPE", List.of("work", "home")), "es")))
                .build();
    }

    static Contact group() {
        return Contact.builder()
                .id("g-1")
                .uid("urn:uuid:group-1")
                .kind(ContactKind.GROUP)
                .formattedName("Wanderfreunde")
                .members(List.of("urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "mailto:hans@example.de"))
                .build();
    }

    @Override
    protected List<DataModel> samples() {
        return List.of(addressBook(), contact());
    }

    @Test
    public void aGroupWithMembersRoundTrips() {
        assertEquals(group(), roundTrip(group()));
    }

    @Test
    public void aBirthdayWithoutYearRoundTrips() {
        Contact read = roundTrip(contact());

        assertEquals(new PartialDate(null, 4, 15, null), read.birthday());
    }

    @Test
    public void aFreeTextBirthdayRoundTrips() {
        Contact c = Contact.builder()
                .id("c-2")
                .formattedName("Ada")
                .birthday(new PartialDate(null, null, null, "circa 1815"))
                .build();

        assertEquals(c, roundTrip(c));
    }

    @Test
    public void aKindOutsideTheStandardKeepsItsText() {
        Contact c = Contact.builder()
                .id("c-3")
                .kind(ContactKind.OTHER)
                .kindText("x-device")
                .formattedName("Drucker")
                .build();

        assertEquals("x-device", roundTrip(c).kindText());
    }

    @Test
    public void thePhotoIsAReferenceAndNeverBytes() {
        String text = json.write(contact());

        assertEquals(List.of(PHOTO), contact().mediaRefs());
        assertTrue(text, text.contains("\"photo\":{\"uri\":\"exporter://contacts/c-1/photo\""));
        assertFalse(text, text.contains("mediaRefs"));
    }

    @Test
    public void aContactWithoutPhotoHasNoMediaRefs() {
        assertEquals(List.of(), group().mediaRefs());
    }

    @Test
    public void absentListsReadAsEmpty() {
        assertEquals(List.of(), group().emails());
        assertEquals(List.of(), group().extended());
    }

    @Test
    public void aPrefOutsideOneToHundredIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TypedValue("a@example.org", null, 0));
    }

    @Test
    public void aPartialDateWithPartsAndTextIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PartialDate(1980, null, null, "1980"));
    }

    @Test
    public void aPartialDateWithAnImpossibleMonthIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PartialDate(null, 13, 1, null));
    }

    @Test
    public void extendedPropertyParamsCannotBeChangedAfterwards() {
        ExtendedProperty p = contact().extended().get(1);

        assertThrows(UnsupportedOperationException.class, () -> p.params().get("TYPE").add("other"));
    }
}
