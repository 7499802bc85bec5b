package org.dtp.models.mail;

import java.util.List;

/** The IMAP system flags of a message and its keywords (user flags such as {@code $Forwarded}). */
public record MailFlags(
        boolean seen,
        boolean answered,
        boolean flagged,
        boolean draft,
        boolean deleted,
        List<String> keywords) {

    public MailFlags {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
    }
}
