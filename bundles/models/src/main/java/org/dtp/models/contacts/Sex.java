package org.dtp.models.contacts;

/** The sex component of a vCard GENDER. */
public enum Sex {
    MALE,
    FEMALE,
    OTHER,
    NONE,
    UNKNOWN
}
