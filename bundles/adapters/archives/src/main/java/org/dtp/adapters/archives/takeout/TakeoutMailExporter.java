package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.io.InputStream;

/**
 * Exports the Gmail of a Google Takeout export ({@link MailCatalog}): its labels as folders, each message once, in
 * the folder {@link GmailLabels} chooses, with its other labels; its bytes streamed out of the mbox as they are.
 */
@Component(
        name = "org.dtp.adapters.archives.TakeoutMailExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + TakeoutPhotosExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Takeout archive",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class TakeoutMailExporter implements Exporter<MailFolder, MailMessage> {
    private final ProductExport<MailFolder, MailMessage> export;
    private final JobScratch.Key<MboxCursor> cursorKey = JobScratch.Key.of("archives.takeout.mail.cursor");

    @Activate
    public TakeoutMailExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public TakeoutMailExporter(ArchiveSettings settings) {
        this.export = new ProductExport<>(settings, "archives.takeout.mail.catalog", MailCatalog::read);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        export.settings().checkSource(source);
    }

    @Override
    public ExportPage<MailFolder, MailMessage> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.page(context, cursor);
    }

    /** A message's bytes: {@code <part>!<entry>#<entry size>@<content start>}, {@code size} bytes of it unquoted. */
    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        String uri = ref.uri();
        int hash = uri.lastIndexOf('#');
        int at = uri.lastIndexOf('@');
        long entrySize;
        long contentStart;
        try {
            if (hash < 0 || at < hash || ref.size() < 0) {
                throw new IllegalArgumentException(uri);
            }
            entrySize = Long.parseLong(uri.substring(hash + 1, at));
            contentStart = Long.parseLong(uri.substring(at + 1));
        } catch (RuntimeException e) {
            throw new ItemRejectedException("'" + uri + "' is not a message of this archive");
        }
        String entry = uri.substring(0, hash);
        return context.scratch().computeIfAbsent(cursorKey, MboxCursor::new)
                .message(entry, contentStart, ref.size(), () -> export.open(context, entry, entrySize));
    }
}
