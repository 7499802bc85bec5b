package org.dtp.adapters.google.mail;

import org.dtp.adapters.google.GoogleConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The SPI conformance kit on the Gmail exporter and importer against the fake Google: a new fake (one user) per test, two messages a page. */
public class GoogleMailConformanceTest extends GoogleConformanceTest<MailFolder, MailMessage> {
    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected Exporter<MailFolder, MailMessage> newExporter() {
        return new GoogleMailExporter(f.connector());
    }

    @Override
    protected Importer<MailFolder, MailMessage> newImporter() {
        return new GoogleMailImporter(f.connector());
    }
}
