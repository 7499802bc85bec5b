package org.dtp.adapters.imap;

import org.dtp.models.mail.SpecialUse;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** What a folder is for, from the attributes a server's LIST gives it (RFC 6154 special use, RFC 8457 \Important). */
final class MailboxAttributes {
    /** A special use and, for {@link SpecialUse#OTHER}, the attribute as the server wrote it. */
    record Use(SpecialUse use, String text) {
    }

    private static final Map<String, SpecialUse> SPECIAL_USES = Map.of(
            "\\all", SpecialUse.ALL,
            "\\archive", SpecialUse.ARCHIVE,
            "\\drafts", SpecialUse.DRAFTS,
            "\\flagged", SpecialUse.FLAGGED,
            "\\important", SpecialUse.IMPORTANT,
            "\\junk", SpecialUse.JUNK,
            "\\sent", SpecialUse.SENT,
            "\\trash", SpecialUse.TRASH);

    /** Attributes that say how a mailbox behaves in the hierarchy, not what it is for (RFC 3501, RFC 5258). */
    private static final Set<String> HIERARCHY = Set.of("\\noselect", "\\noinferiors", "\\marked", "\\unmarked",
            "\\haschildren", "\\hasnochildren", "\\nonexistent", "\\subscribed", "\\remote");

    private MailboxAttributes() {
    }

    /** INBOX by name, else the first special-use attribute; null for an ordinary folder. */
    static Use of(String fullName, String[] attributes) {
        if ("INBOX".equalsIgnoreCase(fullName)) {
            return new Use(SpecialUse.INBOX, null);
        }
        if (attributes == null) {
            return null;
        }
        for (String attribute : attributes) {
            String lower = attribute.toLowerCase(Locale.ROOT);
            SpecialUse known = SPECIAL_USES.get(lower);
            if (known != null) {
                return new Use(known, null);
            }
            if (lower.startsWith("\\") && !HIERARCHY.contains(lower)) {
                return new Use(SpecialUse.OTHER, attribute);
            }
        }
        return null;
    }

    /** The LIST attribute of a special use ({@code \Sent}), or null for INBOX (a name, not an attribute). */
    static String attributeOf(SpecialUse use, String text) {
        if (use == SpecialUse.INBOX) {
            return null;
        }
        if (use == SpecialUse.OTHER) {
            return text;
        }
        String name = use.name().toLowerCase(Locale.ROOT);
        return "\\" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
