package org.dtp.adapters.twitter;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the X adapter (PID {@value #PID}). The OAuth 2.0 client is registered in
 * {@code etc/org.dtp.oauth2.client-twitter.cfg}; users' tokens are endpoint settings.
 */
@ObjectClassDefinition(id = TwitterConfig.PID, name = "DTP X (Twitter) adapter",
        description = "The X API v2 address and the limits the adapter keeps to.")
public @interface TwitterConfig {
    String PID = "org.dtp.adapters.twitter";

    @AttributeDefinition(name = "API base URL", description = "Where the X API v2 is (a fake in tests).")
    String apiBaseUrl() default "https://api.x.com";

    @AttributeDefinition(name = "Media hosts",
            description = "Hosts (and their subdomains) photo and video files are fetched from, unsigned.")
    String[] mediaHosts() default {"twimg.com"};

    /**
     * GET /2/users/:id/tweets allows 900 requests per 15 minutes per user on the paid tiers and far fewer on the free
     * one (https://docs.x.com/x-api/fundamentals/rate-limits): 1 per second is our own choice; past the limit the
     * adapter waits until x-rate-limit-reset.
     */
    @AttributeDefinition(name = "Requests per second", description = "Requests per second to X from this server.", min = "0.01")
    double requestsPerSecond() default 1.0;

    @AttributeDefinition(name = "Page size", description = "max_results of GET /2/users/:id/tweets (5 to 100).", min = "5", max = "100")
    int pageSize() default 100;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 60;
}
