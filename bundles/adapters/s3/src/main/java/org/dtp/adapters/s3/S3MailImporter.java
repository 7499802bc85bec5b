package org.dtp.adapters.s3;

import org.dtp.formats.folder.FolderMail;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Imports mail into a bucket in the folder layout ({@link FolderMail}): a folder per mail folder, nested; a message per .eml, streamed. */
@Component(
        name = "org.dtp.adapters.s3.S3MailImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MAIL"})
public final class S3MailImporter extends S3FolderImporter<MailFolder, MailMessage> {
    @Activate
    public S3MailImporter(@Reference S3Connector connector) {
        super(connector, new FolderMail());
    }
}
