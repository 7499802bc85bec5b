package org.dtp.adapters.google.mail;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Exports a user's Gmail. The root's first page is the folders ({@code GET /labels}, read once per job: INBOX, SENT, DRAFT, SPAM, TRASH
 * and the user's labels, by name; see {@link GmailMessages}); the root's items are the archived messages in no
 * folder ({@code q=-in:inbox -in:sent -in:draft has:nouserlabels}); a folder's pages are
 * {@code GET /messages?labelIds=<label>} (spam and trash only in their own folders), following
 * {@code nextPageToken}, each message read with {@code format=metadata}. A message with several labels is exported in
 * each of its folders, as Gmail's IMAP shows it. Its bytes are {@code format=raw}, decoded as they stream. Nothing
 * at Google is changed.
 */
@Component(
        name = "org.dtp.adapters.google.GoogleMailExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Gmail",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class GoogleMailExporter extends GoogleComponent implements Exporter<MailFolder, MailMessage> {
    /** The archived messages: in no folder label (spam and trash are left out of searches anyway). */
    static final String ARCHIVED = "-in:inbox -in:sent -in:draft has:nouserlabels";

    @Activate
    public GoogleMailExporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<MailFolder, MailMessage> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        GmailApi api = api(context);
        List<JsonNode> labels = connector.labels(context.jobId().toString(), () -> List.copyOf(api.labels()));
        Map<String, String> names = new HashMap<>();
        labels.forEach(l -> names.put(l.path("id").asText(), l.path("name").asText()));
        List<MailFolder> folders = new ArrayList<>();
        if (cursor.isRoot() && cursor.continuation() == null) {
            for (JsonNode l : labels) {
                MailFolder folder = GmailMessages.folder(l);
                if (folder != null) {
                    folders.add(folder);
                }
            }
            folders.sort(Comparator.comparing(MailFolder::fullPath).thenComparing(MailFolder::id));
        }
        String label = cursor.containerId();
        ApiPage page = label == null ? api.messages(null, ARCHIVED, false, cursor.continuation())
                : api.messages(label, null, label.equals("SPAM") || label.equals("TRASH"), cursor.continuation());
        List<MailMessage> messages = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode entry : page.entries()) {
            String id = entry.path("id").asText("");
            try {
                messages.add(GmailMessages.message(api.metadata(id), label, names));
            } catch (ItemRejectedException e) {
                rejected.add(new ExportPage.Rejected(id, e.getMessage()));
            }
        }
        return new ExportPage<>(folders, messages, page.nextPageToken(), rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        if (!ref.uri().startsWith(GmailMessages.REF_SCHEME)) {
            throw new ItemRejectedException("not a Gmail message reference: " + ref.uri());
        }
        return api(context).raw(ref.uri().substring(GmailMessages.REF_SCHEME.length()));
    }

    private GmailApi api(TransferContext context) throws AdapterException {
        return new GmailApi(connector.http(context), connector.settings().gmailBaseUrl(), connector.settings().pageSize());
    }
}
