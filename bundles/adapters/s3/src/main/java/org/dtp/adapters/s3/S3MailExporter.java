package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderMail;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Exports the mail folders (folders of .eml files, and .mbox files) of a bucket in the folder layout
 * ({@link FolderMail}).
 */
@Component(
        name = "org.dtp.adapters.s3.S3MailExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MAIL"})
public final class S3MailExporter extends S3FolderExporter<MailFolder, MailMessage> {
    @Activate
    public S3MailExporter(@Reference S3Connector connector) {
        super(connector, new FolderMail());
    }
}
