package org.dtp.adapters.archives;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the archive exporters (PID {@value #PID}): where users' archives may lie, and the bounds every
 * archive is read within. Optional: without it any absolute path may be named and the defaults below apply.
 */
@ObjectClassDefinition(
        id = ArchivesConfig.PID,
        name = "DTP export archives adapter",
        description = "Which server folders users may read archives from, the bounds an archive is read within, and how many items a page holds.")
public @interface ArchivesConfig {
    String PID = "org.dtp.adapters.archives";

    @AttributeDefinition(
            name = "Allowed roots (operators)",
            description = "Absolute folders under which the 'path' setting (an archive part or a folder of parts) of a transfer "
                    + "the operators run must lie (a comma also separates entries). Empty allows any path the server process can read.")
    String[] allowedRoots() default {};

    /**
     * End users name paths on a server that is not theirs: only under folders the operator set aside for them (where
     * their uploads land, say). Empty, the default, lets them name none.
     */
    @AttributeDefinition(
            name = "User roots (end users)",
            description = "Absolute folders under which the 'path' setting of an end user's transfer must lie (a comma also "
                    + "separates entries). Empty: end users cannot read archives from the server.")
    String[] userRoots() default {};

    /** Our own choice, as for the local folder adapter: it bounds a page's memory and the work repeated after a crash. */
    @AttributeDefinition(
            name = "Page size",
            description = "Media items per export page (1 to 10000). Smaller pages checkpoint more often.",
            min = "1", max = "10000")
    int pageSize() default 100;

    /**
     * Entries one archive part may hold. The index of a part (names, sizes, the sidecars' metadata) is kept in
     * memory while a job runs, a few hundred bytes an entry; Takeout parts of 50 GB hold tens of thousands.
     */
    @AttributeDefinition(
            name = "Entries per part",
            description = "An archive part with more entries than this is refused (bounds the memory of its index).",
            min = "1")
    int maxEntries() default 500_000;

    /** Takeout splits its archives into parts of at most 50 GB (its own choice of 1, 2, 4, 10 or 50 GB). */
    @AttributeDefinition(
            name = "Largest entry (bytes)",
            description = "An entry declaring more bytes than this is rejected, never read.",
            min = "1")
    long maxEntryBytes() default 50L * 1024 * 1024 * 1024;

    /**
     * Photos and videos hardly compress (JPEG, HEIC and MP4 are compressed already), so an entry that inflates
     * more than this is a zip bomb rather than a photo; checked on entries above 1 MiB, as small JSON files
     * compress well.
     */
    @AttributeDefinition(
            name = "Largest compression ratio",
            description = "A zip entry larger than 1 MiB whose declared size exceeds its compressed size by more than this factor is rejected.",
            min = "1")
    int maxCompressionRatio() default 100;
}
