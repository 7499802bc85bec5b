package org.dtp.adapters.webdavdrive;

import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the WebDAV drive's contacts in the folder layout (see {@link DriveConformance}). */
public class WebDavContactConformanceTest extends DriveConformance<AddressBook, Contact> {
    @Override
    protected Vertical vertical() {
        return Vertical.CONTACTS;
    }

    @Override
    protected Exporter<AddressBook, Contact> newExporter() {
        return new WebDavContactExporter(connector());
    }

    @Override
    protected Importer<AddressBook, Contact> newImporter() {
        return new WebDavContactImporter(connector());
    }
}
