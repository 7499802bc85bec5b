package org.dtp.models.contacts;

/** A vCard GENDER: a sex, a free-text gender identity, or both. */
public record Gender(Sex sex, String identity) {
    public Gender {
        if (sex == null && identity == null) {
            throw new IllegalArgumentException("a gender needs a sex or an identity");
        }
    }
}
