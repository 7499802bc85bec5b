package org.dtp.adapters.google.mail;

import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.DescriptionMarkers;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Imports mail folders and messages into Gmail. A folder for a place Gmail has (INBOX, Sent, Drafts, Junk, Trash,
 * Flagged, Important) is that system label; an archive or "all mail" folder is no label at all; any other folder is a
 * user label of its path, "/" between levels ({@code POST /labels}, found again by name). A message is
 * {@code POST /upload/gmail/v1/users/me/messages/import} (multipart: its label ids, then the raw bytes streamed from
 * the source, dated by its Date header), labelled with its folder, UNREAD when not seen and STARRED when flagged.
 * <ul>
 * <li><b>Idempotent</b> by Message-ID: before importing, the importer searches {@code rfc822msgid:} (spam and trash
 *     included); a message already there gets the folder's label added ({@code messages/modify}) and is not imported
 *     again. The same message in two source folders is one Gmail message with two labels, as Gmail keeps it. A message
 *     without a Message-ID gets one made of the job and its key, as a first header line.</li>
 * </ul>
 */
@Component(
        name = "org.dtp.adapters.google.GoogleMailImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Gmail",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class GoogleMailImporter extends GoogleComponent implements Importer<MailFolder, MailMessage> {
    /** The destination id of a folder that is no label at Gmail (an archive, "all mail"). */
    static final String NO_LABEL = "dtp:no-label";
    /** "The maximum size of the message is 150 MB" (users.messages.import). */
    static final long MAX_MESSAGE_BYTES = 150L * 1000 * 1000;
    private static final Map<SpecialUse, String> SYSTEM_LABELS = Map.of(SpecialUse.INBOX, "INBOX", SpecialUse.SENT, "SENT",
            SpecialUse.DRAFTS, "DRAFT", SpecialUse.JUNK, "SPAM", SpecialUse.TRASH, "TRASH", SpecialUse.FLAGGED, "STARRED",
            SpecialUse.IMPORTANT, "IMPORTANT", SpecialUse.ALL, NO_LABEL, SpecialUse.ARCHIVE, NO_LABEL);

    @Activate
    public GoogleMailImporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, MailFolder folder, String parentId)
            throws AdapterException {
        String system = folder.specialUse() == null ? null : SYSTEM_LABELS.get(folder.specialUse());
        if (system != null) {
            return system;
        }
        String path = folder.fullPath() == null || folder.fullPath().isBlank() ? folder.name() : folder.fullPath();
        if (folder.delimiter() != null && !folder.delimiter().isEmpty() && !folder.delimiter().equals("/")) {
            path = path.replace("/", "-").replace(folder.delimiter(), "/");
        }
        String name = path.strip().isEmpty() ? "Imported" : path.strip();
        GmailApi api = api(context);
        return connector.names(context.jobId() + "|labels").idOf(name, () -> {
            Map<String, String> byName = new HashMap<>();
            api.labels().forEach(l -> byName.put(l.path("name").asText(), l.path("id").asText()));
            return byName;
        }, api::createLabel);
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MailMessage message, String containerId)
            throws AdapterException {
        GmailApi api = api(context);
        String folderLabel = containerId == null || containerId.equals(NO_LABEL) ? null : containerId;
        String messageId = message.messageId() == null || message.messageId().isBlank()
                ? "<" + DescriptionMarkers.marker(context.jobId(), idempotencyKey).substring("dtp:".length()) + "@dtp.invalid>"
                : message.messageId().strip();
        List<GmailApi.Found> existing = api.withMessageId(messageId);
        if (!existing.isEmpty()) {
            GmailApi.Found earlier = existing.get(0);
            if (folderLabel != null && !earlier.labelIds().contains(folderLabel)) {
                api.addLabels(earlier.id(), List.of(folderLabel));
            }
            return earlier.id();
        }
        long size = message.raw().size();
        if (size > MAX_MESSAGE_BYTES) {
            throw new ItemRejectedException("Gmail imports messages of at most 150 MB; this one has " + size / 1_000_000 + " MB");
        }
        List<String> labels = new ArrayList<>();
        if (folderLabel != null) {
            labels.add(folderLabel);
        }
        if (!message.flags().seen()) {
            labels.add("UNREAD");
        }
        if (message.flags().flagged() && !labels.contains("STARRED")) {
            labels.add("STARRED");
        }
        report(context, message, folderLabel);
        JsonNode imported;
        try (InputStream raw = context.openMedia(message.raw())) {
            if (message.messageId() == null || message.messageId().isBlank()) {
                byte[] header = ("Message-ID: " + messageId + "\r\n").getBytes(StandardCharsets.US_ASCII);
                imported = api.importMessage(new SequenceInputStream(new ByteArrayInputStream(header), raw),
                        size < 0 ? -1 : header.length + size, labels);
            } else {
                imported = api.importMessage(raw, size, labels);
            }
        } catch (IOException e) {
            throw new TransientAdapterException("reading the source's bytes of " + message.id() + " failed: " + e.getMessage(), e);
        }
        String id = imported.path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Google answered messages.import without the message's id");
        }
        return id;
    }

    private static void report(ImportContext context, MailMessage m, String folderLabel) {
        String source = m.id();
        if (m.flags().answered()) {
            context.reportNotKept(source, "flags.answered", "Gmail has no answered flag");
        }
        if (m.flags().draft() && !"DRAFT".equals(folderLabel)) {
            context.reportNotKept(source, "flags.draft", "the importer makes drafts only of messages in a drafts folder");
        }
        if (m.flags().deleted()) {
            context.reportNotKept(source, "flags.deleted", "Gmail has no deleted flag; the message is imported");
        }
        if (!m.flags().keywords().isEmpty()) {
            context.reportNotKept(source, "flags.keywords", "Gmail has no IMAP keywords");
        }
        if (!m.labels().isEmpty()) {
            context.reportNotKept(source, "labels", "the importer labels a message with the folders it is imported into only");
        }
        if (m.internalDate() != null && (m.date() == null || !m.internalDate().equals(m.date().toInstant()))) {
            context.reportNotKept(source, "internalDate", "Gmail dates an imported message by its Date header");
        }
    }

    private GmailApi api(ImportContext context) throws AdapterException {
        return new GmailApi(connector.http(context), connector.settings().gmailBaseUrl(), connector.settings().pageSize());
    }
}
