package org.dtp.adapters.microsoft.mail;

import org.dtp.adapters.microsoft.ExportPages;
import org.dtp.adapters.microsoft.FolderPages;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import org.dtp.adapters.microsoft.contacts.OutlookContactExporter;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.formats.mail.MailHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.http.FormEncoding;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports Outlook mail: the root's pages are the top-level mail folders ({@code GET /me/mailFolders}; the well-known
 * ones, https://learn.microsoft.com/en-us/graph/api/resources/mailfolder, get their special use), a folder's pages its
 * messages as a delta round ({@code GET /me/mailFolders/{id}/messages/delta}: only those changed since the last
 * transfer when it left a change token, see {@link FolderPages}), then its {@code childFolders}, with {@code $top} and
 * {@code @odata.nextLink}. A message's raw MIME ({@code GET /me/messages/{id}/$value}) is its media, streamed; its
 * Date header comes from {@code internetMessageHeaders}, its answered/forwarded state from the extended property
 * {@value #LAST_VERB} (PidTagLastVerbExecuted). Nothing is changed.
 */
@Component(
        name = "org.dtp.adapters.microsoft.OutlookMailExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft Outlook mail",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class OutlookMailExporter extends GraphComponent implements Exporter<MailFolder, MailMessage> {
    /** A media reference's uri is this and the message id. */
    static final String REF = "outlook:message:";
    /**
     * PidTagLastVerbExecuted (https://learn.microsoft.com/en-us/office/client-developer/outlook/mapi/pidtaglastverbexecuted-canonical-property);
     * Exchange's values for replied and forwarded mail are those of [MS-OXOMSG] PidTagLastVerbExecuted
     * (https://learn.microsoft.com/en-us/openspecs/exchange_server_protocols/ms-oxomsg/): 102 reply to sender,
     * 103 reply to all, 104 forward.
     */
    static final String LAST_VERB = "Integer 0x1081";
    static final int VERB_REPLY = 102;
    static final int VERB_REPLY_ALL = 103;
    static final int VERB_FORWARD = 104;
    static final String FORWARDED = "$Forwarded";
    /** Graph's well-known folder names and the special uses they stand for. */
    static final Map<String, SpecialUse> WELL_KNOWN = wellKnown();
    private static final String SELECT = "$select=id,internetMessageId,subject,from,toRecipients,sentDateTime,receivedDateTime,"
            + "isRead,isDraft,flag,categories,internetMessageHeaders&$expand="
            + FormEncoding.percentEncode("singleValueExtendedProperties($filter=id eq '" + LAST_VERB + "')");

    @Activate
    public OutlookMailExporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    private static Map<String, SpecialUse> wellKnown() {
        Map<String, SpecialUse> map = new LinkedHashMap<>();
        map.put("inbox", SpecialUse.INBOX);
        map.put("drafts", SpecialUse.DRAFTS);
        map.put("sentitems", SpecialUse.SENT);
        map.put("deleteditems", SpecialUse.TRASH);
        map.put("junkemail", SpecialUse.JUNK);
        map.put("archive", SpecialUse.ARCHIVE);
        return map;
    }

    @Override
    public ExportPage<MailFolder, MailMessage> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        GraphApi api = connector.api(context);
        if (cursor.isRoot()) {
            GraphApi.Page page = api.page("/me/mailFolders", cursor.continuation());
            Map<String, SpecialUse> uses = specialUses(api);
            return ExportPages.containers(page, f -> {
                String name = f.path("displayName").asText(f.path("id").asText());
                return new MailFolder(f.path("id").asText(), name, name, "/", uses.get(f.path("id").asText()), null);
            });
        }
        String folder = "/me/mailFolders/" + GraphApi.id(cursor.containerId());
        FolderPages.Page page = FolderPages.page(api, context, folder + "/messages/delta?" + SELECT, folder + "/childFolders", cursor.continuation());
        List<MailFolder> folders = new ArrayList<>();
        if (!page.folders().isEmpty()) {
            String parentPath = path(api, cursor.containerId());
            for (JsonNode f : page.folders()) {
                String name = f.path("displayName").asText(f.path("id").asText());
                folders.add(new MailFolder(f.path("id").asText(), name, parentPath + "/" + name, "/", null, null));
            }
        }
        return ExportPages.items(folders, page.items(), page.continuation(), "message", (m, messages) -> messages.add(message(m)));
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        if (!ref.uri().startsWith(REF)) {
            throw new ItemRejectedException("not an Outlook message reference: " + ref.uri());
        }
        return connector.api(context).download("/me/messages/" + GraphApi.id(ref.uri().substring(REF.length())) + "/$value");
    }

    /** The special use of each well-known folder the mailbox has, by folder id. */
    static Map<String, SpecialUse> specialUses(GraphApi api) throws AdapterException {
        Map<String, SpecialUse> uses = new HashMap<>();
        for (Map.Entry<String, SpecialUse> known : WELL_KNOWN.entrySet()) {
            api.find("/me/mailFolders/" + known.getKey()).ifPresent(f -> uses.put(f.path("id").asText(), known.getValue()));
        }
        return uses;
    }

    /** The folder's names from the top ({@code Inbox/Projects}), following {@code parentFolderId} up to the root. */
    private static String path(GraphApi api, String folderId) throws AdapterException {
        String root = api.get("/me/mailFolders/msgfolderroot").path("id").asText();
        List<String> names = new ArrayList<>();
        String id = folderId;
        while (id != null && !id.equals(root) && names.size() < 64) {
            Optional<JsonNode> folder = api.find("/me/mailFolders/" + GraphApi.id(id));
            if (folder.isEmpty()) {
                break;
            }
            names.add(0, folder.get().path("displayName").asText(id));
            id = folder.get().path("parentFolderId").asText(null);
        }
        return String.join("/", names);
    }

    static MailMessage message(JsonNode m) {
        String id = m.path("id").asText();
        int verb = 0;
        for (JsonNode property : m.path("singleValueExtendedProperties")) {
            if (LAST_VERB.equalsIgnoreCase(property.path("id").asText())) {
                verb = property.path("value").asInt(0);
            }
        }
        List<String> to = new ArrayList<>();
        m.path("toRecipients").forEach(r -> to.add(r.path("emailAddress").path("address").asText()));
        List<String> categories = new ArrayList<>();
        m.path("categories").forEach(c -> categories.add(c.asText()));
        MailFlags flags = new MailFlags(m.path("isRead").asBoolean(false), verb == VERB_REPLY || verb == VERB_REPLY_ALL,
                "flagged".equals(m.path("flag").path("flagStatus").asText()), m.path("isDraft").asBoolean(false), false,
                verb == VERB_FORWARD ? List.of(FORWARDED) : List.of());
        String messageId = OutlookContactExporter.text(m, "internetMessageId");
        String from = m.path("from").path("emailAddress").path("address").asText("");
        return new MailMessage(id, new MediaRef(REF + id, "message/rfc822", -1), messageId.isEmpty() ? null : messageId,
                OutlookContactExporter.text(m, "subject"), from.isEmpty() ? null : from, to, date(m), flags, categories,
                GraphTimes.instant(m.path("receivedDateTime").asText("")), -1);
    }

    /** The Date header with its offset, else Graph's sentDateTime (UTC). */
    private static OffsetDateTime date(JsonNode m) {
        for (JsonNode header : m.path("internetMessageHeaders")) {
            if ("Date".equalsIgnoreCase(header.path("name").asText())) {
                OffsetDateTime date = MailHeaders.date(header.path("value").asText());
                if (date != null) {
                    return date;
                }
                break;
            }
        }
        Instant sent = GraphTimes.instant(m.path("sentDateTime").asText(""));
        return sent == null ? null : sent.atOffset(ZoneOffset.UTC);
    }

}
