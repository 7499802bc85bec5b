package org.dtp.models.mail;

/** What a folder is for: INBOX, or an IMAP special-use attribute (RFC 6154, RFC 8457). */
public enum SpecialUse {
    INBOX,
    ALL,
    ARCHIVE,
    DRAFTS,
    FLAGGED,
    IMPORTANT,
    JUNK,
    SENT,
    TRASH,
    /** Another registered or provider attribute; the folder's {@code specialUseText} holds it. */
    OTHER
}
