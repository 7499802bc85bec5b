package org.dtp.webdav;

import org.dtp.spi.Fingerprint;
import java.util.UUID;

/**
 * Deterministic names for what an import creates: the same job and idempotency key give the same name, so an
 * import repeated after a crash or a lost answer finds what it made ({@code If-None-Match: *} answers 412)
 * instead of making it twice. The job id is part of the name so that two transfers into one account never
 * merge; the name is a hash because keys hold source ids that may be long or not fit a URL path.
 */
public final class ResourceNames {
    private ResourceNames() {
    }

    /** A collection segment such as {@code dtp-3f2a…} (no slashes), for {@code MKCOL} / {@code MKCALENDAR}. */
    public static String collection(UUID jobId, String idempotencyKey) {
        return "dtp-" + hash(jobId, idempotencyKey);
    }

    /** A resource name such as {@code dtp-3f2a….vcf}. */
    public static String resource(UUID jobId, String idempotencyKey, String extension) {
        return "dtp-" + hash(jobId, idempotencyKey) + extension;
    }

    private static String hash(UUID jobId, String key) {
        return Fingerprint.of(jobId, key).hex(16);
    }
}
