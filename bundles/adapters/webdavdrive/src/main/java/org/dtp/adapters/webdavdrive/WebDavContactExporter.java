package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderContacts;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Exports the address books (.vcf) of a WebDAV drive folder in the folder layout ({@link FolderContacts}). */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavContactExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class WebDavContactExporter extends DriveFolderExporter<AddressBook, Contact> {
    @Activate
    public WebDavContactExporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderContacts());
    }
}
