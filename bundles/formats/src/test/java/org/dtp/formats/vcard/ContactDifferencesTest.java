package org.dtp.formats.vcard;

import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

public class ContactDifferencesTest {
    private static Contact contact(String id, StructuredName name, List<TypedValue> emails, List<String> notes, MediaRef photo) {
        return Contact.builder()
                .id(id)
                .uid("uid")
                .formattedName("Ada Lovelace")
                .name(name)
                .emails(emails)
                .notes(notes)
                .photo(photo)
                .build();
    }

    private static final MediaRef PHOTO = new MediaRef("photo:1", "image/jpeg", 3, null);

    @Test
    public void namesTopLevelFieldsAndListEntriesTheExpectedContactHolds() {
        Contact given = contact("1", new StructuredName("Lovelace", "Ada", List.of("Augusta"), List.of(), List.of()),
                List.of(new TypedValue("a@example.org", List.of("home", "work"), null), new TypedValue("b@example.org", List.of(), null)),
                List.of(), null);
        Contact kept = contact("2", new StructuredName("Lovelace", "Ada", List.of(), List.of(), List.of()),
                List.of(new TypedValue("a@example.org", List.of("home"), null)), List.of("added by the destination"), null);
        assertEquals(List.of("name", "emails[0]", "emails[1]"), ContactDifferences.between(given, kept, true));
    }

    @Test
    public void thePhotoCountsByBeingThereOnlyWhenCompared() {
        Contact with = contact("1", null, null, null, PHOTO);
        Contact elsewhere = contact("1", null, null, null, new MediaRef("photo:2", "image/png", 5, null));
        Contact without = contact("1", null, null, null, null);
        assertEquals(List.of(), ContactDifferences.between(with, elsewhere, true));
        assertEquals(List.of("photo"), ContactDifferences.between(with, without, true));
        assertEquals(List.of("photo"), ContactDifferences.between(without, with, true));
        assertEquals(List.of(), ContactDifferences.between(with, without, false));
    }

    @Test
    public void anExtendedPropertyCountsAsKeptWhereverItIsAndOnlyAMissingOneIsNamed() {
        ExtendedProperty label = new ExtendedProperty("ITEM1.X-ABLABEL", Map.of(), "Work");
        ExtendedProperty show = new ExtendedProperty("X-ABSHOWAS", Map.of(), "COMPANY");
        ExtendedProperty added = new ExtendedProperty("LABEL", Map.of("TYPE", List.of("work")), "Street 1");
        Contact given = Contact.builder().id("1").extended(List.of(label, show)).build();
        Contact reordered = Contact.builder().id("1").extended(List.of(added, show, label)).build();
        Contact lost = Contact.builder().id("1").extended(List.of(added, show)).build();

        assertEquals(List.of(), ContactDifferences.between(given, reordered, true));
        assertEquals(List.of("extended[0]"), ContactDifferences.between(given, lost, true));
        assertEquals("ITEM1.X-ABLABEL:Work not among the properties read back", ContactDifferences.describe(given, lost, "extended[0]"));
    }

    @Test
    public void aDifferenceIsDescribedByTheVCardPropertyAndBothValues() {
        Contact given = Contact.builder().id("1").emails(List.of(new TypedValue("ada@example.org", List.of(), null))).build();
        Contact kept = Contact.builder().id("1").emails(List.of(new TypedValue("ada@example.com", List.of(), null))).build();

        assertEquals("EMAIL:ada@example.org read back as EMAIL:ada@example.com", ContactDifferences.describe(given, kept, "emails[0]"));
    }
}
