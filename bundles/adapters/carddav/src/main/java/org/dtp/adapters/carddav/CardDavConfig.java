package org.dtp.adapters.carddav;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Configuration of the CardDAV adapter (PID {@value #PID}): limits and the trust store for HTTPS. The server,
 * user and app password of each transfer are endpoint settings ({@code url}, {@code username}, {@code password}).
 */
@ObjectClassDefinition(id = CardDavConfig.PID, name = "DTP CardDAV adapter",
        description = "Limits of the CardDAV adapter and the certificates it trusts for HTTPS.")
public @interface CardDavConfig {
    String PID = "org.dtp.adapters.carddav";

    /**
     * vCards per addressbook-multiget REPORT and per export page. RFC 6352 §8.7 sets no limit; 50 is our choice:
     * a multistatus of 50 vCards with photos stays a few MiB, and a failed page costs little to repeat.
     */
    @AttributeDefinition(name = "Multiget batch size", description = "vCards fetched per REPORT (and per export page).", min = "1", max = "1000")
    int multigetBatchSize() default 50;

    /** Our own conservative choice: CardDAV servers publish no rate limits; 10/s is well below what a phone syncs at. */
    @AttributeDefinition(name = "Requests per second", description = "Requests per second to CardDAV servers from this server.", min = "0.1")
    double requestsPerSecond() default 10.0;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer.", min = "1")
    int requestTimeoutSeconds() default 60;

    /** Photos inline in a vCard travel in memory; a larger photo is left out and reported as not kept. */
    @AttributeDefinition(name = "Largest photo (bytes)", description = "Largest contact photo imported; larger ones are reported as not kept.", min = "1")
    int maxPhotoBytes() default 4 * 1024 * 1024;

    /**
     * The vCard version imports write. 3.0 by default: every CardDAV server must support vCard 3.0 (RFC 6352), while
     * Radicale 3.1 (vobject) cuts vCard 4 values at commas (a photo's or key's data: URI, a GEO URI) and refuses a
     * second N in 4.0 as in 3.0. Fields a server does not keep are found by reading each contact back and reported
     * as not kept.
     */
    @AttributeDefinition(name = "vCard version written", description = "3.0 or 4.0.",
            options = {@Option(label = "3.0", value = "3.0"), @Option(label = "4.0", value = "4.0")})
    String vcardVersion() default "3.0";

    @AttributeDefinition(name = "Trust store", description = "Key store file with the certificates trusted for HTTPS; empty: the JVM's default.")
    String trustStore() default "";

    @AttributeDefinition(name = "Trust store type", description = "PKCS12 or JKS.")
    String trustStoreType() default "PKCS12";

    @AttributeDefinition(name = "Trust store password", description = "Password of the trust store, if it has one.", type = AttributeType.PASSWORD)
    String trustStorePassword() default "";
}
