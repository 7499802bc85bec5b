package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.LocalFolderConformance;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;

/** The conformance kit on the folder's mail (see {@link org.dtp.conformance.AdapterConformanceTest}). */
public class LocalFolderMailConformanceTest extends LocalFolderConformance<MailFolder, MailMessage> {
    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected Exporter<MailFolder, MailMessage> newExporter() {
        return new LocalFolderMailExporter(SETTINGS);
    }

    @Override
    protected Importer<MailFolder, MailMessage> newImporter() {
        return new LocalFolderMailImporter(SETTINGS);
    }
}
