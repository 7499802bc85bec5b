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
        return new Contact("c-1", "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1",
                ContactKind.INDIVIDUAL, null,
                "Dr. José María Zoë Ñúñez-Ångström Jr.",
                new StructuredName("Ñúñez-Ångström", "José", List.of("María", "Zoë"), List.of("Dr."), List.of("Jr.")),
                List.of("Pepe", "ペペ"),
                List.of(new TypedValue("jose@example.org", List.of("work"), 1),
                        new TypedValue("pepe@example.net", List.of("home", "x-icloud"), null)),
                List.of(new TypedValue("tel:+34-91-555-0100", List.of("cell", "voice"), 1),
                        new TypedValue("+49 30 1234567", List.of("fax", "work"), 2)),
                List.of(new PostalAddress(null, "Piso 3º", "Calle de Alcalá 1", "Madrid", "Madrid", "28014", "España",
                        "Calle de Alcalá 1, Piso 3º\n28014 Madrid", List.of("work"), 1)),
                List.of(new TypedValue("https://example.org/~jose", List.of(), null)),
                List.of(new TypedValue("xmpp:jose@example.org", List.of("personal"), 100)),
                new Organization("Ejemplo S.A.", List.of("I+D", "Núcleo")),
                "Investigador principal", "Jefe de proyecto",
                new PartialDate(null, 4, 15, null),
                new PartialDate(2009, 6, 20, null),
                new Gender(Sex.MALE, "él/he"),
                List.of("Primera línea\nSegunda línea 😀"),
                List.of("Trabajo", "VIP"),
                PHOTO,
                List.of(new TypedValue("urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af", List.of("spouse"), null),
                        new TypedValue("Lucía", List.of("child"), null)),
                List.of(),
                new GeoLocation(40.4183, -3.7028, 667.0),
                "Europe/Madrid",
                Instant.parse("2024-05-01T09:15:00Z"),
                List.of(new ExtendedProperty("X-PHONETIC-LAST-NAME", Map.of(), "ニューニェス"),
                        new ExtendedProperty("LANG", Map.of("PREF", List.of("1"), "TYPE", List.of("work", "home")), "es")));
    }

    static Contact group() {
        return new Contact("g-1", "urn:uuid:group-1", ContactKind.GROUP, null, "Wanderfreunde", null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                List.of("urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "mailto:hans@example.de"),
                null, null, null, null);
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
        Contact c = new Contact("c-2", null, null, null, "Ada", null, null, null, null, null, null, null, null,
                null, null, new PartialDate(null, null, null, "circa 1815"), null, null, null, null, null, null,
                null, null, null, null, null);

        assertEquals(c, roundTrip(c));
    }

    @Test
    public void aKindOutsideTheStandardKeepsItsText() {
        Contact c = new Contact("c-3", null, ContactKind.OTHER, "x-device", "Drucker", null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null);

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
