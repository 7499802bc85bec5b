package org.dtp.adapters.facebook;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Facebook adapter (PID {@value #PID}): where the API is and the limits it keeps to. The OAuth
 * client is registered in {@code etc/org.dtp.oauth2.client-facebook.cfg}; users' tokens are endpoint settings.
 */
@ObjectClassDefinition(id = FacebookConfig.PID, name = "DTP Facebook adapter",
        description = "The Facebook API address and the limits the adapter keeps to.")
public @interface FacebookConfig {
    String PID = "org.dtp.adapters.facebook";

    @AttributeDefinition(name = "API base URL",
            description = "The versioned root of the Graph API (a fake in tests).")
    String apiBaseUrl() default "https://graph.facebook.com/v21.0";

    @AttributeDefinition(name = "Media hosts",
            description = "Hosts (and their subdomains) photo images and video sources are fetched from, unsigned.")
    String[] mediaHosts() default {"fbcdn.net"};

    /**
     * Facebook limits an application with user tokens to 200 calls per hour times its users (Platform Rate Limits,
     * (https://developers.facebook.com/docs/graph-api/overview/rate-limiting)); 2 per second is our own choice, for
     * all users together; once throttled (code 4 or 17) the adapter waits throttleWaitSeconds.
     */
    @AttributeDefinition(name = "Requests per second", description = "Requests per second to Facebook from this server.", min = "0.1")
    double requestsPerSecond() default 2.0;

    @AttributeDefinition(name = "Page size", description = "Objects asked for per page of /me/albums, /{album}/photos and /me/videos (1 to 100).", min = "1", max = "100")
    int pageSize() default 25;

    @AttributeDefinition(name = "Throttle wait (s)",
            description = "Seconds to wait after a throttling error when Meta's headers announce no time.", min = "1")
    int throttleWaitSeconds() default 300;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 60;
}
