package org.dtp.adapters.webdavdrive;

import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the WebDAV drive's mail in the folder layout (see {@link DriveConformance}). */
public class WebDavMailConformanceTest extends DriveConformance<MailFolder, MailMessage> {
    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected Exporter<MailFolder, MailMessage> newExporter() {
        return new WebDavMailExporter(connector());
    }

    @Override
    protected Importer<MailFolder, MailMessage> newImporter() {
        return new WebDavMailImporter(connector());
    }
}
