package org.dtp.spi.http;

import org.dtp.spi.AdapterException;

import java.util.Optional;

/**
 * A provider answered 401 or 403: it refused the credentials or their scope. Not transient; the user
 * (or operator) has to authorize again, or fix the client credentials.
 */
public class AuthorizationRefusedException extends AdapterException {
    private final int status;
    private final String providerMessage;
    private final transient ProviderAnswer answer;

    public AuthorizationRefusedException(String message, int status, String providerMessage) {
        super(message);
        this.status = status;
        this.providerMessage = providerMessage == null ? "" : providerMessage;
        this.answer = null;
    }

    /** As the other constructor, for {@code answer} (its status is this one's). Since 2.0. */
    public AuthorizationRefusedException(String message, ProviderAnswer answer, String providerMessage) {
        super(message);
        this.status = answer.status();
        this.providerMessage = providerMessage == null ? "" : providerMessage;
        this.answer = answer;
    }

    /** The HTTP status: 401 or 403. */
    public int status() {
        return status;
    }

    /** What the provider said, shortened and stripped of control characters; empty if nothing. */
    public String providerMessage() {
        return providerMessage;
    }

    /** What the provider answered (status, headers, the body's first bytes); empty when not made from an answer. Since 2.0. */
    public Optional<ProviderAnswer> answer() {
        return Optional.ofNullable(answer);
    }
}
