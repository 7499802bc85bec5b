package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FolderMail;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Exports the mail folders (folders of .eml files, and .mbox files) of a WebDAV drive folder in the folder layout
 * ({@link FolderMail}).
 */
@Component(
        name = "org.dtp.adapters.webdavdrive.WebDavMailExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + WebDavMediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=WebDAV drive",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class WebDavMailExporter extends DriveFolderExporter<MailFolder, MailMessage> {
    @Activate
    public WebDavMailExporter(@Reference WebDavDriveConnector connector) {
        super(connector, new FolderMail());
    }
}
