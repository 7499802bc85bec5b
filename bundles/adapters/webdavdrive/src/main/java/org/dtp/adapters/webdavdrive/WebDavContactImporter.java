package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderContacts;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports the address books (.vcf) into a WebDAV drive folder in the folder layout ({@link FolderContacts}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavContactImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class WebDavContactImporter extends DriveFolderImporter<AddressBook, Contact> {
    @Activate
    public WebDavContactImporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderContacts());
    }
}
