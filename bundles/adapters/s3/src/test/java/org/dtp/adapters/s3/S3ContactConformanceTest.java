package org.dtp.adapters.s3;

import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the S3 adapter's contacts in the folder layout (see {@link S3Conformance}). */
public class S3ContactConformanceTest extends S3Conformance<AddressBook, Contact> {
    @Override
    protected Vertical vertical() {
        return Vertical.CONTACTS;
    }

    @Override
    protected Exporter<AddressBook, Contact> newExporter() {
        return new S3ContactExporter(connector());
    }

    @Override
    protected Importer<AddressBook, Contact> newImporter() {
        return new S3ContactImporter(connector());
    }
}
