package org.dtp.formats.vcard;

import org.dtp.models.MediaRef;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.junit.Test;

import java.util.List;

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
}
