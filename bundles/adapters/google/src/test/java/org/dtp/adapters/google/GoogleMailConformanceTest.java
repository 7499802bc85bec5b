package org.dtp.adapters.google;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

/** The SPI conformance kit on the Gmail exporter and importer against the fake Google: a new fake (one user) per test, two messages a page. */
public class GoogleMailConformanceTest extends AdapterConformanceTest<MailFolder, MailMessage> {
    private Fixture f;

    @Before
    public void startFake() throws Exception {
        f = new Fixture(2);
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return f.endpoint();
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
