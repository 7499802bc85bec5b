package org.dtp.adapters.microsoft.contacts;

import org.dtp.adapters.microsoft.MicrosoftConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

import java.util.Set;

/** The conformance kit on Outlook contacts. */
public class OutlookContactsConformanceTest extends MicrosoftConformanceTest<AddressBook, Contact> {
    @Override
    protected Vertical vertical() {
        return Vertical.CONTACTS;
    }

    @Override
    protected Exporter<AddressBook, Contact> newExporter() {
        return new OutlookContactExporter(f.connector);
    }

    @Override
    protected Importer<AddressBook, Contact> newImporter() {
        return new OutlookContactImporter(f.connector);
    }

    /** REV is Outlook's lastModifiedDateTime, set when the contact is written. */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("revision");
    }
}
