package org.dtp.adapters.instagram;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Instagram adapter (PID {@value #PID}): where the API is and the limits it keeps to. The OAuth
 * client is registered in {@code etc/org.dtp.oauth2.client-instagram.cfg}; users' tokens are endpoint settings.
 */
@ObjectClassDefinition(id = InstagramConfig.PID, name = "DTP Instagram adapter",
        description = "The Instagram API address and the limits the adapter keeps to.")
public @interface InstagramConfig {
    String PID = "org.dtp.adapters.instagram";

    @AttributeDefinition(name = "API base URL",
            description = "The versioned root of the Instagram API with Instagram Login (a fake in tests).")
    String apiBaseUrl() default "https://graph.instagram.com/v21.0";

    @AttributeDefinition(name = "Media hosts",
            description = "Hosts (and their subdomains) the media_url addresses are fetched from, unsigned.")
    String[] mediaHosts() default {"cdninstagram.com", "fbcdn.net"};

    /**
     * Instagram's Business Use Case limit is 4800 calls per 24 h times the account's impressions
     * (https://developers.facebook.com/docs/graph-api/overview/rate-limiting); 2 per second is our own choice, for
     * all users together, and the adapter waits whatever X-Business-Use-Case-Usage announces once throttled.
     */
    @AttributeDefinition(name = "Requests per second", description = "Requests per second to Instagram from this server.", min = "0.1")
    double requestsPerSecond() default 2.0;

    @AttributeDefinition(name = "Page size", description = "Media asked for per page of /me/media (1 to 100).", min = "1", max = "100")
    int pageSize() default 25;

    @AttributeDefinition(name = "Throttle wait (s)",
            description = "Seconds to wait after a throttling error when Meta's headers announce no time.", min = "1")
    int throttleWaitSeconds() default 300;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 60;
}
