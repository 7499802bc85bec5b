package org.dtp.spi.http;

import org.dtp.spi.ItemRejectedException;

import java.util.Optional;

/**
 * A provider refused a request with a 4xx status other than 401, 403, 408 and 429: the request (usually one
 * item) is wrong and retrying it unchanged will not help. Carries the status so that an adapter can react to
 * a particular one (e.g. a 409 name conflict).
 */
public class ProviderRejectedException extends ItemRejectedException {
    private final int status;
    private final String providerMessage;
    private final transient ProviderAnswer answer;

    public ProviderRejectedException(String message, int status, String providerMessage) {
        super(message);
        this.status = status;
        this.providerMessage = providerMessage == null ? "" : providerMessage;
        this.answer = null;
    }

    /** As the other constructor, for {@code answer} (its status is this one's). Since 2.0. */
    public ProviderRejectedException(String message, ProviderAnswer answer, String providerMessage) {
        super(message);
        this.status = answer.status();
        this.providerMessage = providerMessage == null ? "" : providerMessage;
        this.answer = answer;
    }

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
