package org.dtp.adapters.archives.takeout;

import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.SpecialUse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A message's {@code X-Gmail-Labels} as Takeout writes them ({@code Inbox,Opened,Category Personal,Work/Projects};
 * a label with a comma in double quotes), sorted into the one folder the message is exported in, its flags, and its
 * other labels. Gmail shows a message in every label's folder, but a message is one item of an export: it goes to
 * one folder, chosen as Gmail's IMAP would show it most prominently — Spam or Trash (where Gmail shows it only), else
 * Inbox, Sent, Drafts, else its first label of the user's — and names all its other labels in {@code labels}, which
 * importers that have labels keep (Gmail, Outlook's categories) and the others report as not kept. A message without
 * a folder label is archived: at the export's root.
 */
final class GmailLabels {
    /** Gmail's system labels that are folders, by their Takeout names. */
    static final Map<String, SpecialUse> SYSTEM_FOLDERS = Map.of("Inbox", SpecialUse.INBOX, "Sent", SpecialUse.SENT,
            "Drafts", SpecialUse.DRAFTS, "Spam", SpecialUse.JUNK, "Trash", SpecialUse.TRASH);
    /** The order a message's folder is chosen in among its system folders. */
    private static final List<String> FOLDER_PRECEDENCE = List.of("Spam", "Trash", "Inbox", "Sent", "Drafts");
    /** Labels that are flags or states, not folders: never a folder, nor named in a message's labels. */
    private static final Set<String> STATES = Set.of("Unread", "Opened", "Starred", "Archived");

    /** The sorted labels of one message. */
    record Sorted(String folder, MailFlags flags, List<String> labels) {
    }

    private GmailLabels() {
    }

    /** The labels of a header value, in order, unquoted. */
    static List<String> parse(String header) {
        List<String> labels = new ArrayList<>();
        if (header == null) {
            return labels;
        }
        StringBuilder label = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                add(labels, label);
            } else {
                label.append(c);
            }
        }
        add(labels, label);
        return labels;
    }

    private static void add(List<String> labels, StringBuilder label) {
        String text = label.toString().strip();
        if (!text.isEmpty() && !labels.contains(text)) {
            labels.add(text);
        }
        label.setLength(0);
    }

    /** Whether a label is a folder: a system folder, or a label of the user's (not Important, a category or a state). */
    static boolean isFolder(String label) {
        return SYSTEM_FOLDERS.containsKey(label)
                || !(STATES.contains(label) || label.equals("Important") || label.startsWith("Category "));
    }

    static Sorted sort(List<String> labels) {
        String folder = FOLDER_PRECEDENCE.stream().filter(labels::contains).findFirst()
                .orElse(labels.stream().filter(GmailLabels::isFolder).findFirst().orElse(null));
        MailFlags flags = new MailFlags(!labels.contains("Unread"), false, labels.contains("Starred"),
                labels.contains("Drafts"), false, List.of());
        List<String> others = labels.stream().filter(l -> !l.equals(folder) && !STATES.contains(l)).toList();
        return new Sorted(folder, flags, others);
    }

    /** The folder of a label: a system folder with its special use, a label of the user's with its hierarchy. */
    static MailFolder folder(String label) {
        SpecialUse use = SYSTEM_FOLDERS.get(label);
        return new MailFolder(label, use != null ? label : label.substring(label.lastIndexOf('/') + 1), label, "/", use, null);
    }
}
