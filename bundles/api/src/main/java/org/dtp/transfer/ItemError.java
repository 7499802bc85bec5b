package org.dtp.transfer;

import java.time.Instant;

/** An item that could not be copied, and why. */
public record ItemError(String containerId, String itemId, String message, Instant at) {
}
