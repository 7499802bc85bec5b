package org.dtp.adapters.flickr;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Flickr adapter (PID {@value #PID}): this server's Flickr API key, where the API is, and the
 * limits it keeps to. Users' access tokens are endpoint settings, not configuration.
 */
@ObjectClassDefinition(
        id = FlickrConfig.PID,
        name = "DTP Flickr adapter",
        description = "The Flickr API key of this server, the REST and upload addresses, and the limits the adapter keeps to.")
public @interface FlickrConfig {
    String PID = "org.dtp.adapters.flickr";

    @AttributeDefinition(name = "API key",
            description = "The key of this server's application at Flickr (https://www.flickr.com/services/apps/create/).")
    String consumerKey() default "";

    @AttributeDefinition(name = "API secret", description = "The secret of that key.", type = AttributeType.PASSWORD)
    String consumerSecret() default "";

    @AttributeDefinition(name = "REST endpoint", description = "Flickr's REST endpoint (a fake Flickr in tests).")
    String restUrl() default "https://api.flickr.com/services/rest/";

    @AttributeDefinition(name = "Upload endpoint", description = "Flickr's Upload API (https://www.flickr.com/services/api/upload.api.html).")
    String uploadUrl() default "https://up.flickr.com/services/upload/";

    /** Flickr's API terms allow 3,600 queries per hour per key (https://www.flickr.com/services/developer/api/). */
    @AttributeDefinition(name = "Requests per hour",
            description = "Requests to Flickr's API per hour for this API key, for every node together (uploads included).", min = "1")
    int requestsPerHour() default 3600;

    @AttributeDefinition(name = "Media downloads per second",
            description = "Downloads of originals per second (static file servers, not counted by Flickr's API limit).", min = "0.1")
    double mediaRequestsPerSecond() default 4;

    @AttributeDefinition(name = "Page size",
            description = "per_page of photoset and photo lists (1 to 500, Flickr's maximum); also the items per export page.",
            min = "1", max = "500")
    int perPage() default 500;

    @AttributeDefinition(name = "Imported photos are public",
            description = "Whether imported photos are public (is_public=1); off: private to the owner.")
    boolean importPublic() default false;

    @AttributeDefinition(name = "Request timeout (s)",
            description = "Seconds to wait for an answer (uploads get one more second per 64 KiB).", min = "1")
    int requestTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Media hosts",
            description = "Hosts (and their subdomains) originals are downloaded from; https only.")
    String[] mediaHosts() default {"staticflickr.com", "flickr.com"};
}
