package org.dtp.models.contacts;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.junit.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.dtp.models.RecordBuilders.assertFilled;
import static org.dtp.models.RecordBuilders.setEveryComponent;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

public class ContactBuilderTest {
    private static final PostalAddress ADDRESS = new PostalAddress("Apartado 7", "Piso 3º", "Calle de Alcalá 1",
            "Madrid", "Madrid", "28014", "España", "Calle de Alcalá 1, Piso 3º\n28014 Madrid", List.of("work"), 1);

    /** Every component set; kind OTHER so that kindText is set too. */
    static Contact filled() {
        return new Contact("c-1", "urn:uuid:4fbe8971", ContactKind.OTHER, "x-team", "Zoë Ñúñez",
                new StructuredName("Ñúñez", "Zoë", List.of("María"), List.of("Dr."), List.of("Jr.")),
                List.of("Zo"), List.of(new TypedValue("zoe@example.org", List.of("work"), 1)),
                List.of(new TypedValue("tel:+34-91-555-0100", List.of("cell"), null)), List.of(ADDRESS),
                List.of(new TypedValue("https://example.org/~zoe", List.of(), null)),
                List.of(new TypedValue("xmpp:zoe@example.org", List.of(), null)),
                new Organization("Ejemplo S.A.", List.of("I+D")), "Investigadora", "Jefa",
                new PartialDate(null, 4, 15, null), new PartialDate(2009, 6, 20, null), new Gender(Sex.FEMALE, null),
                List.of("Nota"), List.of("VIP"), new MediaRef("exporter://contacts/c-1/photo", "image/jpeg", 48213),
                List.of(new TypedValue("Lucía", List.of("child"), null)), List.of("mailto:hans@example.de"),
                new GeoLocation(40.4183, -3.7028, null), "Europe/Madrid", Instant.parse("2024-05-01T09:15:00Z"),
                List.of(new ExtendedProperty("LANG", Map.of(), "es")),
                Map.of("emails[0]", new PropertyDetails("item1", Map.of("LANGUAGE", List.of("es")))));
    }

    @Test
    public void everyComponentSetThroughTheBuilderGivesTheCanonicalRecord() {
        assertFilled(filled());

        assertEquals(filled(), setEveryComponent(filled(), Contact.builder()));
    }

    @Test
    public void toBuilderCopiesAndChangesOnlyWhatIsSet() {
        Contact contact = filled();

        assertEquals(contact, contact.toBuilder().build());
        Contact renamed = contact.toBuilder().formattedName("Zoë Ñ.").build();
        assertEquals(new Contact("c-1", "urn:uuid:4fbe8971", ContactKind.OTHER, "x-team", "Zoë Ñ.", contact.name(),
                contact.nicknames(), contact.emails(), contact.phones(), contact.addresses(), contact.urls(),
                contact.impps(), contact.organization(), contact.title(), contact.role(), contact.birthday(),
                contact.anniversary(), contact.gender(), contact.notes(), contact.categories(), contact.photo(),
                contact.related(), contact.members(), contact.geo(), contact.timeZone(), contact.revision(),
                contact.extended(), contact.propertyDetails()), renamed);
        assertEquals("Zoë Ñúñez", contact.formattedName());
    }

    @Test
    public void unsetComponentsDefaultAsTheConstructorDoes() {
        Contact built = Contact.builder().id("c-2").build();

        assertEquals(new Contact("c-2", null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null), built);
        assertEquals(List.of(), built.emails());
        assertEquals(List.of(), built.extended());
    }

    @Test
    public void theBuiltListIsACopyOfTheOneSet() {
        List<String> notes = new ArrayList<>(List.of("eins"));
        Contact built = Contact.builder().id("c-3").notes(notes).build();
        notes.add("zwei");

        assertEquals(List.of("eins"), built.notes());
    }

    @Test
    public void buildChecksAsTheConstructorDoes() {
        assertThrows(NullPointerException.class, () -> Contact.builder().formattedName("ohne id").build());
        assertThrows(IllegalArgumentException.class, () -> Contact.builder().id("c").kind(ContactKind.OTHER).build());
    }

    @Test
    public void aPostalAddressBuildsFromEveryComponentAndDefaultsItsTypes() {
        assertFilled(ADDRESS);

        assertEquals(ADDRESS, setEveryComponent(ADDRESS, PostalAddress.builder()));
        assertEquals(ADDRESS, ADDRESS.toBuilder().build());
        assertEquals(new PostalAddress(null, null, "Hauptstr. 1", null, null, null, null, null, null, null),
                PostalAddress.builder().street("Hauptstr. 1").build());
        assertEquals(List.of(), PostalAddress.builder().build().types());
    }
}
