package org.dtp.adapters.s3;

import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the S3 adapter's mail in the folder layout (see {@link S3Conformance}). */
public class S3MailConformanceTest extends S3Conformance<MailFolder, MailMessage> {
    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected Exporter<MailFolder, MailMessage> newExporter() {
        return new S3MailExporter(connector());
    }

    @Override
    protected Importer<MailFolder, MailMessage> newImporter() {
        return new S3MailImporter(connector());
    }
}
