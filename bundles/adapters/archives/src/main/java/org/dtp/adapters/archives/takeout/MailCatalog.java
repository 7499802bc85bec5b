package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.formats.mail.MboxReader;
import org.dtp.formats.mail.MessageHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.ExportPage.Rejected;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads Takeout's Mail: {@code Takeout/Mail/All mail Including Spam and Trash.mbox} (and any other .mbox there, as
 * exports of chosen labels have), read once, streaming, by the formats bundle's {@link MboxReader}: per message its
 * place in the mbox, its header fields and its labels ({@link GmailLabels}). The messages' bytes are not held: an
 * item's raw reference says where they lie ({@code <part>!<entry>#<entry size>@<content start>}), and
 * {@link MboxCursor} reads them again when the importer asks.
 */
final class MailCatalog {
    /** The Mail folder under Takeout/ (English; other languages are not documented by the tools we followed). */
    static final Set<String> FOLDERS = Set.of("Mail");
    static final String RAW_CONTENT_TYPE = "message/rfc822";

    private MailCatalog() {
    }

    static ProductCatalog<MailFolder, MailMessage> read(ArchiveSettings settings, List<Path> parts) throws IOException {
        ProductCatalog.Builder<MailFolder, MailMessage> catalog = new ProductCatalog.Builder<>();
        List<Labelled> messages = new ArrayList<>();
        ProductFiles.scan(settings, parts, FOLDERS, catalog.rejected(), (file, bytes) -> {
            if (!file.path().toLowerCase(Locale.ROOT).endsWith(".mbox")) {
                return;
            }
            String refused = settings.refusal(file.entry());
            if (refused != null) {
                catalog.rejected().add(new Rejected(file.entry().name(), refused));
                return;
            }
            try (InputStream in = bytes.open()) {
                MboxReader.scan(in, 0, m -> {
                    messages.add(message(file, m));
                    return true;
                });
            }
        });
        for (Labelled m : messages) {
            m.labels().stream().filter(GmailLabels::isFolder).forEach(l -> catalog.container(GmailLabels.folder(l)));
        }
        for (Labelled m : messages) {
            catalog.item(m.folder(), m.message());
        }
        return catalog.build();
    }

    /** A message with all its labels and the folder it is exported in (null: the root). */
    private record Labelled(MailMessage message, List<String> labels, String folder) {
    }

    private static Labelled message(ProductFiles.File file, MboxReader.Message m) {
        MessageHeaders headers = MessageHeaders.of(m.headers());
        List<String> labels = GmailLabels.parse(headers.text("X-Gmail-Labels"));
        GmailLabels.Sorted sorted = GmailLabels.sort(labels);
        MailMessage message = MailMessage.builder()
                .id(file.entry().name() + "#" + m.offset())
                .raw(new MediaRef(file.reference() + "#" + file.entry().size() + "@" + m.contentStart(), RAW_CONTENT_TYPE, m.size()))
                .messageId(headers.messageId())
                .subject(headers.subject())
                .from(headers.from())
                .to(headers.to())
                .date(headers.date())
                .flags(sorted.flags())
                .labels(sorted.labels())
                .internalDate(m.arrived())
                .size(m.size())
                .build();
        return new Labelled(message, labels, sorted.folder());
    }
}
