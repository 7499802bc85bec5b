package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.GoogleConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the Google Contacts (People API) exporter and importer against the fake Google: a new fake (one user) per test, two contacts a page. */
public class GoogleContactsConformanceTest extends GoogleConformanceTest<AddressBook, Contact> {
    @Override
    protected Vertical vertical() {
        return Vertical.CONTACTS;
    }

    @Override
    protected Exporter<AddressBook, Contact> newExporter() {
        return new GoogleContactsExporter(f.connector());
    }

    @Override
    protected Importer<AddressBook, Contact> newImporter() {
        return new GoogleContactsImporter(f.connector());
    }
}
