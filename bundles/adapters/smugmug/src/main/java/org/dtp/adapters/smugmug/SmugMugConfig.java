package org.dtp.adapters.smugmug;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Configuration of the SmugMug adapter (PID {@value #PID}): this server's SmugMug API key, where the API
 * is, and the limits it keeps to. Users' access tokens are endpoint settings, not configuration.
 */
@ObjectClassDefinition(
        id = SmugMugConfig.PID,
        name = "DTP SmugMug adapter",
        description = "The SmugMug API key of this server, the API and upload addresses, and the limits the adapter keeps to.")
public @interface SmugMugConfig {
    String PID = "org.dtp.adapters.smugmug";

    @AttributeDefinition(
            name = "Consumer key",
            description = "The API key of this server's application at SmugMug (https://api.smugmug.com/api/developer/apply).")
    String consumerKey() default "";

    @AttributeDefinition(
            name = "Consumer secret",
            description = "The secret of that API key.",
            type = AttributeType.PASSWORD)
    String consumerSecret() default "";

    @AttributeDefinition(name = "API base URL", description = "Where the SmugMug API v2 is (a fake SmugMug in tests).")
    String apiBaseUrl() default "https://api.smugmug.com";

    @AttributeDefinition(name = "Upload URL",
            description = "SmugMug's uploader (https://api.smugmug.com/api/v2/doc/reference/upload.html).")
    String uploadUrl() default "https://upload.smugmug.com/";

    /**
     * Requests per second to SmugMug, for all of this server's transfers together. SmugMug documents that it
     * limits requests per user and application in time windows, with 429 and Retry-After past the limit
     * (https://api.smugmug.com/api/v2/doc/advanced/rate-limits.html), but not how many: 4 per second is our
     * own conservative choice, well under what one user's browsing makes.
     */
    @AttributeDefinition(name = "Requests per second",
            description = "Requests per second to SmugMug from this server (uploads and downloads included).", min = "0.1")
    double requestsPerSecond() default 4.0;

    @AttributeDefinition(name = "Requests per second and user",
            description = "Requests per second for one SmugMug user, within requestsPerSecond; with several nodes, for all "
                    + "of them together. 0: no limit per user.", min = "0")
    double requestsPerSecondPerUser() default 0;

    /**
     * {@code count} of each albums and album images page. SmugMug clamps count to a per-endpoint maximum it does
     * not name (https://api.smugmug.com/api/v2/doc/tutorial/paging.html); the adapter follows
     * {@code Pages.NextPage}, so a clamped page is no problem. 100 is our choice: large pages answer slowly.
     */
    @AttributeDefinition(name = "Page size",
            description = "Albums or images per page asked of SmugMug (1 to 1000); also the items per export page.",
            min = "1", max = "1000")
    int pageSize() default 100;

    /**
     * Images one album holds before the importer continues in "Name (2)". SmugMug's help pages are said to give
     * 5,000 per gallery, but we could not read that document: 5,000 is our assumption. The importer also moves on
     * whenever SmugMug answers an upload with "album full".
     */
    @AttributeDefinition(name = "Images per album",
            description = "Images per SmugMug album before the import continues in an overflow album 'Name (2)'.",
            min = "1")
    int maxImagesPerAlbum() default 5000;

    @AttributeDefinition(name = "Privacy of created albums",
            description = "Privacy of the albums an import creates; private by default (the user may share them later).",
            options = {@Option(label = "Private", value = "Private"), @Option(label = "Unlisted", value = "Unlisted"),
                    @Option(label = "Public", value = "Public")})
    String albumPrivacy() default "Private";

    @AttributeDefinition(name = "Album for loose items",
            description = "Name of the album that holds items which were in no album at the source (SmugMug keeps images only in albums).")
    String rootAlbumName() default "Imported photos";

    @AttributeDefinition(name = "Send Content-MD5",
            description = "Spool each upload to an encrypted temporary file first, so that SmugMug can check the bytes "
                    + "against Content-MD5. Off: stream straight from the source when its size is known.")
    boolean sendContentMd5() default true;

    @AttributeDefinition(name = "Spool folder",
            description = "Folder for the encrypted upload spool files; empty: the JVM's temporary folder.")
    String spoolDirectory() default "";

    @AttributeDefinition(name = "Request timeout (s)",
            description = "Seconds to wait for an answer (uploads get one more second per 64 KiB).", min = "1")
    int requestTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Media hosts",
            description = "Hosts (and their subdomains) whose original-file addresses (ArchivedUri) the exporter downloads with "
                    + "the user's signature; the API host is always allowed.")
    String[] mediaHosts() default {"smugmug.com"};
}
