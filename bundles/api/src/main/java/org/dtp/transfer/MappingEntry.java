package org.dtp.transfer;

import java.time.Instant;
import java.util.UUID;

/**
 * One source item or container a mapping scope remembers. Since 1.9.
 *
 * @param sourceKey     the engine's key of the source item ({@code "i:"} and its id) or container ({@code "c:"})
 * @param destinationId where the last transfer that wrote it put it
 * @param fingerprint   the SHA-256 of the item's canonical JSON then (null for a container)
 * @param modelVersion  the version ("major.minor") of the canonical model it was fingerprinted in
 * @param job           the transfer that last wrote it
 */
public record MappingEntry(String sourceKey, String destinationId, String fingerprint, String modelVersion,
                           Instant updatedAt, UUID job) {
}
