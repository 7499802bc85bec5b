package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.localfs.LocalFolderConformance;
import org.dtp.models.Vertical;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on the folder's contacts (see {@link org.dtp.conformance.AdapterConformanceTest}). */
public class LocalFolderContactConformanceTest extends LocalFolderConformance<AddressBook, Contact> {
    @Override
    protected Vertical vertical() {
        return Vertical.CONTACTS;
    }

    @Override
    protected Exporter<AddressBook, Contact> newExporter() {
        return new LocalFolderContactExporter(SETTINGS);
    }

    @Override
    protected Importer<AddressBook, Contact> newImporter() {
        return new LocalFolderContactImporter(SETTINGS);
    }
}
