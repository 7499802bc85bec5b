package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderContacts;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the address books (.vcf) of a bucket in the folder layout ({@link FolderContacts}). */
@Component(
        name = "org.dtp.adapters.s3.S3ContactExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class S3ContactExporter extends S3FolderExporter<AddressBook, Contact> {
    @Activate
    public S3ContactExporter(@Reference S3Connector connector) {
        super(connector, new FolderContacts());
    }
}
