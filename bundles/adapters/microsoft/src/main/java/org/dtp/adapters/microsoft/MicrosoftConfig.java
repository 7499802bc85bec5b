package org.dtp.adapters.microsoft;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Microsoft adapter (PID {@value #PID}): where Microsoft Graph is and the limits the adapter
 * keeps to. The OAuth 2.0 client is registered apart, in {@code etc/org.dtp.oauth2.client-microsoft.cfg}; users'
 * tokens are endpoint settings.
 */
@ObjectClassDefinition(
        id = MicrosoftConfig.PID,
        name = "DTP Microsoft adapter",
        description = "Microsoft Graph address, page and upload chunk sizes, and the request rate of the Microsoft adapter.")
public @interface MicrosoftConfig {
    String PID = "org.dtp.adapters.microsoft";

    @AttributeDefinition(name = "Graph base URL", description = "Microsoft Graph v1.0 (a fake Graph in tests).")
    String graphBaseUrl() default "https://graph.microsoft.com/v1.0";

    /**
     * Graph throttles per app and tenant with limits that differ by service and are not all published
     * (https://learn.microsoft.com/en-us/graph/throttling-limits); 429 and 503 carry Retry-After, which the shared
     * rate limiter honours. 10 per second for the whole server is our own conservative choice.
     */
    @AttributeDefinition(name = "Requests per second",
            description = "Requests per second to Microsoft Graph from this server (upload chunks and downloads included).",
            min = "0.1")
    double requestsPerSecond() default 10.0;

    @AttributeDefinition(name = "Page size", description = "$top of each listing (1 to 999); Graph may answer with fewer.",
            min = "1", max = "999")
    int pageSize() default 200;

    /**
     * Graph wants upload-session chunks in multiples of 320 KiB and below 60 MiB, and recommends 5 to 10 MiB
     * (https://learn.microsoft.com/en-us/graph/api/driveitem-createuploadsession). The adapter holds one chunk of each
     * running upload in memory, so that a dropped chunk can be sent again from where Graph says it stopped.
     */
    @AttributeDefinition(name = "Upload chunk (units of 320 KiB)",
            description = "Size of each upload-session chunk, in units of 320 KiB (1 to 180); 16 = 5 MiB.", min = "1", max = "180")
    int uploadChunkUnits() default 16;

    @AttributeDefinition(name = "Folder for loose items",
            description = "OneDrive folder (at the drive's root) for photos and videos that were in no album at the source.")
    String looseItemsFolder() default "Imported photos";

    /**
     * Graph takes a message to create from MIME as the base64 of its bytes in one request
     * (https://learn.microsoft.com/en-us/graph/api/user-post-messages), and a request of at most 4 MB
     * (https://learn.microsoft.com/en-us/graph/outlook-large-attachments: larger attachments need an upload session,
     * which MIME import has not): 3 MiB of MIME is 4 MiB of base64. The importer holds one such message in memory.
     */
    @AttributeDefinition(name = "Largest message to import (bytes)",
            description = "Messages whose MIME is larger are refused with an item error (Graph's 4 MB request limit, base64).",
            min = "1024")
    int maxMimeBytes() default 3 * 1024 * 1024;

    @AttributeDefinition(name = "Request timeout (s)",
            description = "Seconds to wait for an answer (uploads get one more second per 64 KiB).", min = "1")
    int requestTimeoutSeconds() default 60;
}
