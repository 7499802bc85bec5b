package org.dtp.adapters.microsoft.mail;

import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.ImportTags;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.FormEncoding;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Imports mail into Outlook: a folder with a special use Graph has a well-known name for (Inbox, Drafts, Sent Items,
 * Deleted Items, Junk Email, Archive) is that folder; another is found by display name (at the top, or in its parent's
 * {@code childFolders}), else created. A message is created from its MIME ({@code POST /me/mailFolders/{id}/messages},
 * the base64 of the bytes as {@code text/plain}), then its flags, categories, answered/forwarded state and the tag of
 * {@link ImportTags} are set with one {@code PATCH}. <b>Idempotent</b>: before creating, the importer asks the folder
 * for messages of the same {@code internetMessageId} ({@code $filter}); one with its tag is the message, one without
 * any tag (a creation whose PATCH was lost, or the same message already there) is taken and patched. A message
 * without a Message-ID is looked for by its tag alone.
 */
@Component(
        name = "org.dtp.adapters.microsoft.OutlookMailImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft Outlook mail",
                AdapterProperties.VERTICAL + "=MAIL"})
public final class OutlookMailImporter extends GraphComponent implements Importer<MailFolder, MailMessage> {
    @Activate
    public OutlookMailImporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, MailFolder folder, String parentId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        if (parentId == null && folder.specialUse() != null) {
            Optional<String> wellKnown = OutlookMailExporter.WELL_KNOWN.entrySet().stream()
                    .filter(e -> e.getValue() == folder.specialUse()).map(Map.Entry::getKey).findFirst();
            if (wellKnown.isPresent()) {
                return api.get("/me/mailFolders/" + wellKnown.get()).path("id").asText();
            }
            context.reportNotKept(folder.id(), "specialUse", "Outlook has no well-known folder for "
                    + (folder.specialUse() == SpecialUse.OTHER ? folder.specialUseText() : folder.specialUse()));
        }
        String name = folder.name().isBlank() ? "Imported mail" : folder.name().strip();
        String folders = parentId == null ? "/me/mailFolders" : "/me/mailFolders/" + GraphApi.id(parentId) + "/childFolders";
        Optional<JsonNode> existing = api.findIn(folders, "displayName", name);
        if (existing.isEmpty()) {
            return api.post(folders, Map.of("displayName", name)).path("id").asText();
        }
        String id = existing.get().path("id").asText();
        SpecialUse use = parentId == null ? OutlookMailExporter.specialUses(api).get(id) : null;
        if (use != null && use != folder.specialUse()) {
            context.reportNotKept(folder.id(), "specialUse", "Outlook's folder named '" + name + "' is its well-known " + use + " folder");
        }
        return id;
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MailMessage message, String containerId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String messages = "/me/mailFolders/" + (containerId == null ? "inbox" : GraphApi.id(containerId)) + "/messages";
        String tag = ImportTags.of(context.jobId(), idempotencyKey);
        Map<String, Object> patch = patch(context, message, tag);
        Optional<JsonNode> earlier = earlier(api, messages, message.messageId(), tag);
        if (earlier.isPresent()) {
            if (!tag.equals(ImportTags.value(earlier.get(), ImportTags.KEY))) {
                api.patch("/me/messages/" + GraphApi.id(earlier.get().path("id").asText()), patch);
            }
            return earlier.get().path("id").asText();
        }
        String id = api.postMime(messages, mime(context, message)).path("id").asText();
        api.patch("/me/messages/" + GraphApi.id(id), patch);
        return id;
    }

    /** The message this key made (tagged), or an untagged one of the same Message-ID in the folder. */
    private static Optional<JsonNode> earlier(GraphApi api, String messages, String messageId, String tag) throws AdapterException {
        if (messageId == null || messageId.isBlank()) {
            return ImportTags.tagged(api, messages, tag);
        }
        AtomicReference<JsonNode> untagged = new AtomicReference<>();
        Optional<JsonNode> tagged = api.first(messages + "?$filter=" + FormEncoding.percentEncode("internetMessageId eq '"
                + messageId.replace("'", "''") + "'") + "&" + ImportTags.expand(), candidate -> {
            String other = ImportTags.value(candidate, ImportTags.KEY);
            if (other == null) {
                untagged.compareAndSet(null, candidate);
            }
            return tag.equals(other);
        });
        return tagged.isPresent() ? tagged : Optional.ofNullable(untagged.get());
    }

    /** The MIME bytes, at most {@code maxMimeBytes}; a larger message is refused. */
    private byte[] mime(ImportContext context, MailMessage message) throws AdapterException {
        int max = connector.settings().maxMimeBytes();
        if (message.raw().size() > max) {
            throw new ItemRejectedException(tooLarge(message.raw().size(), max));
        }
        try (InputStream in = context.openMedia(message.raw())) {
            byte[] bytes = in.readNBytes(max + 1);
            if (bytes.length > max) {
                throw new ItemRejectedException(tooLarge(-1, max));
            }
            return bytes;
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read the message from the source: " + e.getMessage(), e);
        }
    }

    private static String tooLarge(long size, int max) {
        return "the message is larger (" + (size < 0 ? "more than " + max : size) + " bytes) than the " + max
                + " bytes Graph takes in one MIME import";
    }

    /** Flags, categories and tag, and the report of what Outlook cannot hold. */
    private static Map<String, Object> patch(ImportContext context, MailMessage message, String tag) {
        MailFlags flags = message.flags();
        String source = message.id();
        Map<String, Object> patch = new LinkedHashMap<>();
        patch.put("isRead", flags.seen());
        patch.put("flag", Map.of("flagStatus", flags.flagged() ? "flagged" : "notFlagged"));
        if (!message.labels().isEmpty()) {
            patch.put("categories", message.labels());
        }
        List<Map<String, String>> properties = new ArrayList<>();
        properties.add(Map.of("id", ImportTags.KEY, "value", tag));
        boolean forwarded = flags.keywords().contains(OutlookMailExporter.FORWARDED);
        if (flags.answered() || forwarded) {
            properties.add(Map.of("id", OutlookMailExporter.LAST_VERB, "value",
                    String.valueOf(flags.answered() ? OutlookMailExporter.VERB_REPLY : OutlookMailExporter.VERB_FORWARD)));
        }
        patch.put("singleValueExtendedProperties", properties);
        if (!flags.draft()) {
            context.reportNotKept(source, "flags.draft", "Graph creates a message from MIME as a draft");
        }
        if (flags.deleted()) {
            context.reportNotKept(source, "flags.deleted", "Outlook has no deleted mark (only the Deleted Items folder)");
        }
        for (int i = 0; i < flags.keywords().size(); i++) {
            String keyword = flags.keywords().get(i);
            if (!keyword.equals(OutlookMailExporter.FORWARDED) || flags.answered()) {
                context.reportNotKept(source, "flags.keywords[" + i + "]", keyword.equals(OutlookMailExporter.FORWARDED)
                        ? "Outlook keeps the last of replied and forwarded only" : "Outlook has no IMAP keywords");
            }
        }
        if (message.internalDate() != null) {
            context.reportNotKept(source, "internalDate", "Outlook sets the received time of an imported message to the import's");
        }
        return patch;
    }
}
