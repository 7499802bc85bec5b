package org.dtp.auth.oauth2;

import org.dtp.transfer.Direction;

import java.util.Objects;
import java.util.UUID;

/** The tokens a callback brought, and the job, side, provider and direction they were asked for. */
public record CompletedAuthorization(UUID jobId, String side, String providerId, Direction direction, OAuth2Tokens tokens) {
    public CompletedAuthorization {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(providerId, "providerId");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(tokens, "tokens");
    }
}
