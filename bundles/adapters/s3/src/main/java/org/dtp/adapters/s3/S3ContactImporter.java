package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderContacts;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports the address books (.vcf) into a bucket in the folder layout ({@link FolderContacts}). */
@Component(
        name = "org.dtp.adapters.s3.S3ContactImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class S3ContactImporter extends S3FolderImporter<AddressBook, Contact> {
    @Activate
    public S3ContactImporter(@Reference S3Connector connector) {
        super(connector, new FolderContacts());
    }
}
