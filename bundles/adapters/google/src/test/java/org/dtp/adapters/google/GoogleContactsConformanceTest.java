package org.dtp.adapters.google;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

/** The SPI conformance kit on the Google Contacts (People API) exporter and importer against the fake Google: a new fake (one user) per test, two contacts a page. */
public class GoogleContactsConformanceTest extends AdapterConformanceTest<AddressBook, Contact> {
    private Fixture f;

    @Before
    public void startFake() throws Exception {
        f = new Fixture(2);
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.CONTACTS;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return f.endpoint();
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
