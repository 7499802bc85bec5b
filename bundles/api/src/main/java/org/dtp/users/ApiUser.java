package org.dtp.users;

import java.util.Objects;

/** A user of the API: their name (which owns their transfers) and the e-mail address they are told at, if any. */
public record ApiUser(String name, String email) {
    public ApiUser {
        Objects.requireNonNull(name, "name");
    }
}
