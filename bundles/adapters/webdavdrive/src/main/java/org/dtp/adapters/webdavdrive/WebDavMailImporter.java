package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderMail;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports mail into a WebDAV drive folder in the folder layout ({@link FolderMail}): a folder per mail folder, nested; a message per .eml, streamed. */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavMailImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class WebDavMailImporter extends DriveFolderImporter<MailFolder, MailMessage> {
    @Activate
    public WebDavMailImporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderMail());
    }
}
