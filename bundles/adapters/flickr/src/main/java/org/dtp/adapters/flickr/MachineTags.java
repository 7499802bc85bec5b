package org.dtp.adapters.flickr;

import org.dtp.spi.Fingerprint;
import java.util.UUID;

/**
 * The machine tags (https://www.flickr.com/groups/api/discuss/72157594497877875/) that make imports idempotent. Flickr
 * takes no client id for an upload, so every imported photo carries {@code dtp:key=<hash>} of the job and the engine's
 * idempotency key, found again with flickr.photos.search; and, when it went into an album, {@code dtp:set=<hash>} of
 * the album's key, by which the photoset made for that album is found again (photosets take no tags). The job id is
 * part of the hash, so two jobs with the same keys never merge; a job resumed after a crash has the same id.
 */
final class MachineTags {
    private MachineTags() {
    }

    static String item(UUID jobId, String idempotencyKey) {
        return "dtp:key=" + hash(jobId, idempotencyKey);
    }

    static String photoset(String hash) {
        return "dtp:set=" + hash;
    }

    /** 32 hex digits of the job and key. */
    static String hash(UUID jobId, String idempotencyKey) {
        return Fingerprint.of(jobId, idempotencyKey).hex(16);
    }
}
