package org.dtp.auth.oauth2;

/**
 * A callback that cannot finish an authorization: its {@code state} is unknown, already used or expired,
 * belongs to another session, or came back on another redirect URI than the request was sent with. The
 * pending authorization (if there was one) is gone: the user starts again. The message says which, and
 * holds no secret.
 */
public class AuthorizationStateException extends Exception {
    public AuthorizationStateException(String message) {
        super(message);
    }
}
