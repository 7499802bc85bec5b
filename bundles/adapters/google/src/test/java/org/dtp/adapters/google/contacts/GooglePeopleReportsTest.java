package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.Fixture;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.PropertyDetails;
import org.dtp.models.contacts.TypedValue;
import org.junit.After;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/** What a vCard says beyond Google's Person form is reported by value, not dropped unsaid. */
public class GooglePeopleReportsTest {
    private final Fixture f;

    public GooglePeopleReportsTest() throws Exception {
        f = new Fixture(2);
    }

    @After
    public void close() {
        f.close();
    }

    /** An Apple-labelled e-mail and an ALTID'd name (vCard corpus apple-contacts-macos13.vcf, rfc6350-altid-pid.vcf). */
    @Test
    public void propertyDetailsAreReportedWithTheirGroupAndParameters() throws Exception {
        Contact taro = Contact.builder()
                .id("c9")
                .formattedName("Taro Yamada")
                .emails(List.of(new TypedValue("taro@example.jp", List.of("work"), null)))
                .propertyDetails(Map.of("emails[0]", new PropertyDetails("item1", Map.of()),
                        "formattedName", new PropertyDetails(null, Map.of("ALTID", List.of("1")))))
                .build();
        TestImportContext into = f.destination(ref -> {
            throw new AssertionError("no media");
        });
        GoogleContactsImporter importer = new GoogleContactsImporter(f.connector());
        importer.importItem(into, "c9", taro, importer.importContainer(into, "book", new AddressBook("b1", "Work", null), null));

        assertEquals(List.of("propertyDetails.emails[0] group item1 of emails[0] not kept: Google keeps no vCard groups or parameters (LANGUAGE, ALTID, PID, SORT-AS, ...)",
                        "propertyDetails.formattedName {ALTID=[1]} of formattedName not kept: Google keeps no vCard groups or parameters (LANGUAGE, ALTID, PID, SORT-AS, ...)"),
                into.notKept().stream().filter(n -> n.field().startsWith("propertyDetails")).map(n -> n.field() + " " + n.reason()).toList());
    }
}
