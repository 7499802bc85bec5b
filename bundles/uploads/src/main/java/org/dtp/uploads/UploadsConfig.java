package org.dtp.uploads;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "dtp uploads",
        description = "Files people upload for their transfers to read (export archives such as Google Takeout parts).")
public @interface UploadsConfig {
    String PID = "org.dtp.uploads";

    @AttributeDefinition(name = "Folder", description = "Where uploads are kept. Empty: <karaf.data>/uploads. A cluster's "
            + "nodes must share it (a transfer may run on any node).")
    String folder() default "";

    @AttributeDefinition(name = "Largest upload", description = "Bytes one upload may have (Takeout's largest part is 50 GB).")
    long maxUploadBytes() default 53_687_091_200L;

    @AttributeDefinition(name = "Uploads per owner", description = "How many uploads one owner may keep at once.")
    int maxUploadsPerOwner() default 20;

    @AttributeDefinition(name = "Bytes per owner", description = "How many bytes one owner's uploads may hold together.")
    long maxBytesPerOwner() default 214_748_364_800L;

    @AttributeDefinition(name = "Free space kept", description = "An upload is refused if it would leave less than this "
            + "many bytes free on the folder's disk.")
    long minFreeBytes() default 1_073_741_824L;

    @AttributeDefinition(name = "Retention (days)", description = "Days after which an upload is deleted, used or not.")
    int retentionDays() default 7;

    @AttributeDefinition(name = "File name endings", description = "The endings an upload's name may have: what the "
            + "server's sources can read.")
    String[] extensions() default {".zip", ".tgz", ".tar.gz"};
}
