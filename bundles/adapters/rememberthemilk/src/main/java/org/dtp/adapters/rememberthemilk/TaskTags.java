package org.dtp.adapters.rememberthemilk;

import org.dtp.spi.Fingerprint;
import java.util.UUID;

/**
 * The tags that make imports idempotent and keep sub-tasks under their parent. RTM takes no client id, so a task the
 * importer creates carries {@code dtp-k-<hash>} of the job and the engine's key (found again with the filter
 * {@code tag:...} of rtm.tasks.getList) and {@code dtp-s-<hash>} of the job and the source task's id (by which a
 * sub-task finds its parent's copy). Tags are lower case, without commas (RTM's separator). The exporter leaves them out.
 */
final class TaskTags {
    static final String KEY = "dtp-k-";
    static final String SOURCE = "dtp-s-";

    private TaskTags() {
    }

    static String key(UUID jobId, String idempotencyKey) {
        return KEY + Fingerprint.of(jobId, idempotencyKey).hex(12);
    }

    static String source(UUID jobId, String sourceId) {
        return SOURCE + Fingerprint.of(jobId, sourceId).hex(12);
    }

    static boolean isMarker(String tag) {
        return tag.startsWith(KEY) || tag.startsWith(SOURCE);
    }
}
