package org.dtp.auth.oauth2;

import org.dtp.spi.http.AuthorizationRefusedException;

/**
 * A token or revocation endpoint answered with an RFC 6749 §5.2 error ({@code invalid_grant},
 * {@code invalid_client}, ...; RFC 7009 §2.2.1 adds {@code unsupported_token_type}): the grant or the
 * client was refused, which trying again will not change; the user authorizes again, or the operator fixes
 * the client registration. Its message, {@link #error()} and {@link #description()} never hold the code,
 * the verifier, the client secret or a token, even when the provider echoed one.
 */
public class OAuth2ErrorResponseException extends AuthorizationRefusedException {
    private final String error;
    private final String description;

    public OAuth2ErrorResponseException(String message, int status, String error, String description) {
        super(message, status, description);
        this.error = error;
        this.description = description == null ? "" : description;
    }

    /** The {@code error} code, e.g. {@code invalid_grant}; {@code unknown} when the answer had none. */
    public String error() {
        return error;
    }

    /** The provider's {@code error_description}, cleaned and shortened; empty when none. */
    public String description() {
        return description;
    }
}
