package org.dtp.adapters.localfs;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the local folder adapter (PID {@value #PID}). Optional: without it any absolute
 * folder may be named and pages hold 100 items.
 */
@ObjectClassDefinition(
        id = LocalFolderConfig.PID,
        name = "DTP local folder adapter",
        description = "Which server folders users may export from or import to, and how many items a page holds.")
public @interface LocalFolderConfig {
    String PID = "org.dtp.adapters.localfs";

    @AttributeDefinition(
            name = "Allowed roots",
            description = "Absolute folders under which the 'path' setting must lie (a comma also separates entries). "
                    + "Empty allows any folder the server process can reach.")
    String[] allowedRoots() default {};

    /**
     * Items per export page. A local disk has no provider quota; 100 is our own choice: it bounds the
     * memory of a page and the work repeated after a crash (the engine checkpoints after each page).
     */
    @AttributeDefinition(
            name = "Page size",
            description = "Media files per export page (1 to 10000). Smaller pages checkpoint more often.",
            min = "1", max = "10000")
    int pageSize() default 100;

    /**
     * Whether each media file, sidecar and folder entry is forced to disk (fsync) before the item counts
     * as copied, so a power cut cannot lose what the ledger says is done. Off trades that for speed.
     */
    @AttributeDefinition(
            name = "Sync to disk",
            description = "Force every written file to disk before the item counts as copied (survives a power cut).")
    boolean syncToDisk() default true;

    /**
     * What a change feed's token takes off the time its scan began (issue 22): file systems keep coarse time stamps
     * (FAT: 2 s; Linux sets ctime from a clock that lags the one Java reads by up to a tick), and on a network share
     * the file server's clock, which stamps the files, may run behind this server's.
     */
    @AttributeDefinition(
            name = "Change time margin",
            description = "Seconds a re-run looks back before the previous scan's start for changed files: the file "
                    + "system's time stamp granularity, plus on a network share the most its clock may lag this server's.",
            min = "0")
    int changeTimeMarginSeconds() default 2;
}
