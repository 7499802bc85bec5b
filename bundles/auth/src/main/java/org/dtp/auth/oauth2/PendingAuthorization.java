package org.dtp.auth.oauth2;

import org.dtp.transfer.Direction;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * An authorization request sent to a provider and not answered yet: what the callback, which only has the
 * {@code state}, needs to finish it: the user's session it is bound to, the job and side it is for, the
 * provider and direction, the exact redirect URI it was sent with and the PKCE code verifier. Never prints
 * the verifier.
 *
 * @param side {@code source} or {@code destination}
 */
public record PendingAuthorization(String state, String sessionId, UUID jobId, String side, String providerId,
                                   Direction direction, URI redirectUri, String codeVerifier, Instant createdAt) {
    public static final String SOURCE = "source";
    public static final String DESTINATION = "destination";

    public PendingAuthorization {
        requireText(state, "state");
        requireText(sessionId, "sessionId");
        Objects.requireNonNull(jobId, "jobId");
        if (!SOURCE.equals(side) && !DESTINATION.equals(side)) {
            throw new IllegalArgumentException("side is '" + SOURCE + "' or '" + DESTINATION + "', not '" + side + "'");
        }
        requireText(providerId, "providerId");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(redirectUri, "redirectUri");
        requireText(codeVerifier, "codeVerifier");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    private static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " cannot be blank");
        }
    }

    /** Never shows the code verifier. */
    @Override
    public String toString() {
        return "PendingAuthorization[state=" + state + ", sessionId=" + sessionId + ", jobId=" + jobId + ", side=" + side
                + ", providerId=" + providerId + ", direction=" + direction + ", redirectUri=" + redirectUri
                + ", codeVerifier=***, createdAt=" + createdAt + "]";
    }
}
