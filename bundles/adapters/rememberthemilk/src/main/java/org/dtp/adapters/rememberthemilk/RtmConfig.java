package org.dtp.adapters.rememberthemilk;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Remember The Milk adapter (PID {@value #PID}): this server's API key and shared secret, where
 * the API is, and the rate it keeps to. Users' auth tokens are endpoint settings.
 */
@ObjectClassDefinition(
        id = RtmConfig.PID,
        name = "DTP Remember The Milk adapter",
        description = "The Remember The Milk API key and shared secret of this server, the API addresses and the request rate.")
public @interface RtmConfig {
    String PID = "org.dtp.adapters.rememberthemilk";

    @AttributeDefinition(name = "API key", description = "This server's API key (https://www.rememberthemilk.com/services/api/keys.rtm).")
    String apiKey() default "";

    @AttributeDefinition(name = "Shared secret", description = "The shared secret of that key; it signs every request.",
            type = AttributeType.PASSWORD)
    String sharedSecret() default "";

    @AttributeDefinition(name = "REST endpoint", description = "The REST endpoint (a fake in tests).")
    String restUrl() default "https://api.rememberthemilk.com/services/rest/";

    @AttributeDefinition(name = "Authentication URL", description = "Where a user grants a frob (https://www.rememberthemilk.com/services/api/authentication.rtm).")
    String authUrl() default "https://www.rememberthemilk.com/services/auth/";

    /** RTM asks for no more than one request per second on average (https://www.rememberthemilk.com/services/api/). */
    @AttributeDefinition(name = "Requests per second",
            description = "Requests per second to Remember The Milk for this API key, for every node together.", min = "0.01")
    double requestsPerSecond() default 1.0;

    @AttributeDefinition(name = "Page size", description = "Tasks per export page.", min = "1", max = "1000")
    int pageSize() default 100;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 60;
}
