package org.dtp.adapters.imap;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.AfterClass;
import org.junit.BeforeClass;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/** The SPI conformance kit on the IMAP adapter against GreenMail: a new mail user per test, two messages per page. */
public class ImapConformanceTest extends AdapterConformanceTest<MailFolder, MailMessage> {
    private static final AtomicInteger USERS = new AtomicInteger();
    private static GreenMailServer server;

    @BeforeClass
    public static void startServer() {
        server = new GreenMailServer();
    }

    @AfterClass
    public static void stopServer() {
        server.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected TransferEndpoint newAccount() {
        String user = "conformance" + USERS.incrementAndGet();
        server.user(user);
        return server.plain(user);
    }

    @Override
    protected Exporter<MailFolder, MailMessage> newExporter() {
        return new ImapMailExporter(new ImapConnector(GreenMailServer.settings().withPageSize(2), GreenMailServer.LOOPBACK));
    }

    @Override
    protected Importer<MailFolder, MailMessage> newImporter() {
        return new ImapMailImporter(new ImapConnector(GreenMailServer.settings().withPageSize(2), GreenMailServer.LOOPBACK));
    }

    /**
     * RFC822.SIZE is the server's to tell, and GreenMail tells the body's size, not the message's; the bytes themselves
     * are compared by SHA-256.
     */
    @Override
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of("size");
    }

    /** GreenMail keeps every message in this JVM's heap, so a large one would be measured as ours: none here. */
    @Override
    protected long largeMediaBytes() {
        return 0;
    }
}
