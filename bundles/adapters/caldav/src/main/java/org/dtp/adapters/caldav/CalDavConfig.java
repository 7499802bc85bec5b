package org.dtp.adapters.caldav;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the CalDAV adapter (PID {@value #PID}), for events and tasks alike: limits and the trust store
 * for HTTPS. The server, user and app password of each transfer are endpoint settings ({@code url},
 * {@code username}, {@code password}).
 */
@ObjectClassDefinition(id = CalDavConfig.PID, name = "DTP CalDAV adapter",
        description = "Limits of the CalDAV adapter (events and tasks) and the certificates it trusts for HTTPS.")
public @interface CalDavConfig {
    String PID = "org.dtp.adapters.caldav";

    /**
     * Resources per calendar-multiget REPORT and per export page. RFC 4791 §7.9 sets no limit; 50 is our choice
     * (a resource holds one event with its changed occurrences, rarely more than a few KiB).
     */
    @AttributeDefinition(name = "Multiget batch size", description = "Calendar resources fetched per REPORT (and per export page).", min = "1", max = "1000")
    int multigetBatchSize() default 50;

    /** Our own conservative choice: CalDAV servers publish no rate limits. */
    @AttributeDefinition(name = "Requests per second", description = "Requests per second to CalDAV servers from this server.", min = "0.1")
    double requestsPerSecond() default 10.0;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Trust store", description = "Key store file with the certificates trusted for HTTPS; empty: the JVM's default.")
    String trustStore() default "";

    @AttributeDefinition(name = "Trust store type", description = "PKCS12 or JKS.")
    String trustStoreType() default "PKCS12";

    @AttributeDefinition(name = "Trust store password", description = "Password of the trust store, if it has one.", type = AttributeType.PASSWORD)
    String trustStorePassword() default "";
}
