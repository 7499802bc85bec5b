package org.dtp.models.contacts;

/** What a contact stands for (vCard KIND). */
public enum ContactKind {
    INDIVIDUAL,
    GROUP,
    ORG,
    LOCATION,
    /** A kind outside RFC 6350; the contact's {@code kindText} holds it. */
    OTHER
}
