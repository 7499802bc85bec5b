package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The sample messages under src/test/resources/samples/mail (see the README there) and mail transfers between folders. */
final class MailSamples {
    static final String DIGEST = "python-msg_02.eml";
    static final String OUTLOOK = "python-msg_15.eml";
    static final String NO_BODY_SEPARATOR = "python-msg_35.eml";
    static final String EIGHT_BIT = "dtp-8bit-charsets.eml";
    static final String FROM_LINES = "dtp-from-lines.eml";
    static final String MBOX = "dtp-mboxrd.mbox";
    /** The messages of {@link #MBOX}, in order. */
    static final List<String> IN_MBOX = List.of(DIGEST, OUTLOOK, EIGHT_BIT, FROM_LINES);

    private MailSamples() {
    }

    static byte[] bytes(String sample) {
        try (InputStream in = MailSamples.class.getResourceAsStream("/samples/mail/" + sample)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + sample);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TransferContext source(Path folder) {
        return TestContexts.source(folder);
    }

    static TestImportContext destination(Path folder, String mailFormat, TestImportContext.MediaOpener opener) {
        Map<String, String> settings = new HashMap<>();
        settings.put(LocalFolderSettings.PATH, folder.toString());
        if (mailFormat != null) {
            settings.put(LocalFolderSettings.MAIL_FORMAT, mailFormat);
        }
        return new TestImportContext(TestContexts.JOB, new TransferEndpoint("localfs", settings), opener);
    }

    /** Copies all mail from one folder tree to another ({@code mailFormat} null: the default, eml). */
    static void transfer(Path from, Path to, String mailFormat, LocalFolderSettings settings) throws Exception {
        LocalFolderMailExporter exporter = new LocalFolderMailExporter(settings);
        TransferContext source = source(from);
        Transfers.copy(exporter, source, new LocalFolderMailImporter(settings),
                destination(to, mailFormat, ref -> exporter.openMedia(source, ref)));
    }

    static Transfers.Export<MailFolder, MailMessage> exportAll(Path folder, LocalFolderSettings settings) throws Exception {
        return Transfers.exportAll(new LocalFolderMailExporter(settings), source(folder));
    }

    /** The bytes of an exported message, as an importer would receive them. */
    static byte[] read(Path folder, MailMessage message) throws Exception {
        try (InputStream in = new LocalFolderMailExporter(LocalFolderSettings.defaults()).openMedia(source(folder), message.raw())) {
            return in.readAllBytes();
        }
    }
}
