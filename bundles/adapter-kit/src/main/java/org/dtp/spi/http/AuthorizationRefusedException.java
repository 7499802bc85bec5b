package org.dtp.spi.http;

import org.dtp.spi.AdapterException;

/**
 * A provider answered 401 or 403: it refused the credentials or their scope. Not transient; the user
 * (or operator) has to authorize again, or fix the client credentials.
 */
public class AuthorizationRefusedException extends AdapterException {
    private final int status;
    private final String providerMessage;

    public AuthorizationRefusedException(String message, int status, String providerMessage) {
        super(message);
        this.status = status;
        this.providerMessage = providerMessage == null ? "" : providerMessage;
    }

    /** The HTTP status: 401 or 403. */
    public int status() {
        return status;
    }

    /** What the provider said, shortened and stripped of control characters; empty if nothing. */
    public String providerMessage() {
        return providerMessage;
    }
}
