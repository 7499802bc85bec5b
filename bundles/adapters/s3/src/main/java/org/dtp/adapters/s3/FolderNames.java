package org.dtp.adapters.s3;

import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The object names in a destination folder (a key prefix), listed once per job run, as rclone lists a destination
 * before it copies: a name not among them is free, so its item goes up without a HEAD first (half the requests for
 * small files). A name among them is asked about with a HEAD (ours, from an earlier attempt, or someone else's).
 * Every name an import is about to write is added before it writes, so a retry asks. A folder of more than
 * {@value #MAX_NAMES} objects is not kept (every name is then asked about), and only the {@value #FOLDERS_KEPT} folders
 * used last are, so that memory does not grow with the bucket. What another writer puts into the folder after the
 * listing is not seen (the README says so).
 */
final class FolderNames {
    static final int MAX_NAMES = 100_000;
    static final int FOLDERS_KEPT = 16;
    private static final JobScratch.Key<Map<String, FolderNames>> FOLDERS = JobScratch.Key.of("s3.folder-names");

    /** Null when the folder had too many objects to keep their names. */
    private final Set<String> names;

    private FolderNames(Set<String> names) {
        this.names = names;
    }

    /** The names in {@code folder} (a prefix ending in '/', or the empty root) of the bucket, for this job run. */
    static FolderNames of(TransferContext context, S3Client s3, String bucket, String folder) {
        Map<String, FolderNames> kept = kept(context);
        synchronized (kept) {
            FolderNames known = kept.get(bucket + "/" + folder);
            if (known != null) {
                return known;
            }
        }
        FolderNames listed = list(s3, bucket, folder);
        synchronized (kept) {
            return kept.computeIfAbsent(bucket + "/" + folder, k -> listed);
        }
    }

    /** Records a folder this run just created: nothing is in it yet. */
    static void created(TransferContext context, String bucket, String folder) {
        Map<String, FolderNames> kept = kept(context);
        synchronized (kept) {
            kept.put(bucket + "/" + folder, new FolderNames(Collections.synchronizedSet(new HashSet<>())));
        }
    }

    private static Map<String, FolderNames> kept(TransferContext context) {
        return context.scratch().computeIfAbsent(FOLDERS, () -> new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, FolderNames> eldest) {
                return size() > FOLDERS_KEPT;
            }
        });
    }

    private static FolderNames list(S3Client s3, String bucket, String folder) {
        Set<String> names = Collections.synchronizedSet(new HashSet<>());
        String token = null;
        do {
            String continuation = token;
            ListObjectsV2Response page = s3.listObjectsV2(r -> r.bucket(bucket).prefix(folder).delimiter("/")
                    .continuationToken(continuation));
            for (S3Object o : page.contents()) {
                names.add(o.key().substring(folder.length()));
            }
            if (names.size() > MAX_NAMES) {
                return new FolderNames(null);
            }
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return new FolderNames(names);
    }

    /** Whether an object may be there under {@code name}: it was listed or written since, or the folder is too large. */
    boolean mayBeTaken(String name) {
        return names == null || names.contains(name);
    }

    /** Notes that an import is about to write {@code name}. */
    void writing(String name) {
        if (names != null) {
            names.add(name);
        }
    }
}
