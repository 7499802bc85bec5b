package org.dtp.transfer;

import java.time.Instant;

/** An adapter version an operator revoked, with the reason they gave. */
public record Revocation(String provider, String bundleVersion, String reason, Instant revokedAt) {
}
