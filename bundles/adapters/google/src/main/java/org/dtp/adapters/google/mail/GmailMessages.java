package org.dtp.adapters.google.mail;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeUtility;
import org.dtp.formats.mail.MailHeaders;
import org.dtp.models.MediaRef;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.mail.SpecialUse;

import java.io.UnsupportedEncodingException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gmail labels as mail folders and Gmail messages as {@link MailMessage}s. The system labels that are places
 * (INBOX, SENT, DRAFT, SPAM, TRASH) and every user label are folders; UNREAD, STARRED and DRAFT are flags; the other
 * system labels (IMPORTANT, CATEGORY_*, CHAT) are only named in a message's labels.
 */
final class GmailMessages {
    static final String RAW_CONTENT_TYPE = "message/rfc822";
    /** The scheme of this exporter's media references: {@code gmail:<message id>}. */
    static final String REF_SCHEME = "gmail:";
    /** System labels that are folders, with what they are for. */
    static final Map<String, SpecialUse> SYSTEM_FOLDERS = Map.of("INBOX", SpecialUse.INBOX, "SENT", SpecialUse.SENT,
            "DRAFT", SpecialUse.DRAFTS, "SPAM", SpecialUse.JUNK, "TRASH", SpecialUse.TRASH);
    /** Labels that are flags, never named in a message's labels. */
    private static final Set<String> FLAG_LABELS = Set.of("UNREAD", "STARRED", "DRAFT");

    private GmailMessages() {
    }

    /** The label as a folder, or null when it is no folder. */
    static MailFolder folder(JsonNode label) {
        String id = label.path("id").asText("");
        String name = label.path("name").asText(id);
        if (id.isEmpty()) {
            return null;
        }
        if ("system".equals(label.path("type").asText())) {
            SpecialUse use = SYSTEM_FOLDERS.get(id);
            return use == null ? null : new MailFolder(id, name, name, "/", use, null);
        }
        return new MailFolder(id, name.substring(name.lastIndexOf('/') + 1), name, "/", null, null);
    }

    /** The message of a {@code format=metadata} answer, seen in folder {@code folderId} (null: in none). */
    static MailMessage message(JsonNode m, String folderId, Map<String, String> labelNames) {
        String id = m.path("id").asText();
        List<String> labelIds = new ArrayList<>();
        m.path("labelIds").forEach(l -> labelIds.add(l.asText()));
        List<String> labels = labelIds.stream().filter(l -> !l.equals(folderId) && !FLAG_LABELS.contains(l))
                .map(l -> labelNames.getOrDefault(l, l)).toList();
        MailFlags flags = new MailFlags(!labelIds.contains("UNREAD"), false, labelIds.contains("STARRED"),
                labelIds.contains("DRAFT"), false, List.of());
        String internalDate = m.path("internalDate").asText("");
        // jakarta.mail finds its StreamProvider (the decoders of encoded words) with ServiceLoader through the
        // thread context class loader first; Angus is embedded in this bundle, so in Karaf only its loader sees it.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(GmailMessages.class.getClassLoader());
        try {
            return new MailMessage(id, new MediaRef(REF_SCHEME + id, RAW_CONTENT_TYPE, -1), header(m, "Message-ID"),
                    decoded(header(m, "Subject")), first(addresses(header(m, "From"))), addresses(header(m, "To")),
                    MailHeaders.date(header(m, "Date")), flags, labels,
                    internalDate.matches("\\d+") ? Instant.ofEpochMilli(Long.parseLong(internalDate)) : null,
                    m.path("sizeEstimate").asLong(-1));
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The value of the header {@code name} in a message's metadata; null when it has none. */
    static String header(JsonNode m, String name) {
        for (JsonNode h : m.path("payload").path("headers")) {
            if (name.equalsIgnoreCase(h.path("name").asText())) {
                return h.path("value").asText(null);
            }
        }
        return null;
    }

    /** A header's text with its encoded words (RFC 2047) decoded; as it is when they cannot be. */
    private static String decoded(String value) {
        if (value == null) {
            return null;
        }
        try {
            return MimeUtility.decodeText(value);
        } catch (UnsupportedEncodingException e) {
            return value;
        }
    }

    /** The addresses of an address list, each as a person reads it ({@code Jörg Müller <joerg@example.org>}). */
    private static List<String> addresses(String header) {
        if (header == null) {
            return List.of();
        }
        try {
            List<String> out = new ArrayList<>();
            for (InternetAddress a : InternetAddress.parseHeader(header, false)) {
                out.add(MailHeaders.mailbox(a.getPersonal(), a.getAddress()));
            }
            return out;
        } catch (AddressException e) {
            return List.of(decoded(header));
        }
    }

    private static String first(List<String> values) {
        return values.isEmpty() ? null : values.get(0);
    }
}
