package org.dtp.adapters.webdavdrive;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the WebDAV drive adapter (PID {@value #PID}): limits and the trust store for HTTPS. The server,
 * user, app password and folder of each transfer are endpoint settings ({@code url}, {@code username},
 * {@code password}, {@code folder}).
 */
@ObjectClassDefinition(id = WebDavDriveConfig.PID, name = "DTP WebDAV drive adapter",
        description = "Limits of the WebDAV drive adapter and the certificates it trusts for HTTPS.")
public @interface WebDavDriveConfig {
    String PID = "org.dtp.adapters.webdavdrive";

    /**
     * Files per export page. WebDAV lists a folder whole (a depth-1 PROPFIND has no paging, RFC 4918 §9.1), so each
     * page lists its folder once: larger pages list less often, smaller ones checkpoint more often.
     */
    @AttributeDefinition(name = "Page size", description = "Files per export page (1 to 10000).", min = "1", max = "10000")
    int pageSize() default 1000;

    /**
     * Files uploaded at once per transfer. 4 is rclone's default ({@code --transfers 4}), which WebDAV drives such as
     * Nextcloud take without pushing back; a server that does answers 429 or 503 with a Retry-After, which slows every
     * request.
     */
    @AttributeDefinition(name = "Files at once", description = "Files a transfer uploads at once (1 to 32).", min = "1", max = "32")
    int filesAtOnce() default 4;

    /**
     * Requests per second to WebDAV drives from this server, 0 for no limit (the default): drives publish no rate
     * limit of their own; 429 and 503 with a Retry-After slow every request all the same.
     */
    @AttributeDefinition(name = "Requests per second", description = "Requests per second to WebDAV drives; 0: no limit.", min = "0")
    double requestsPerSecond() default 0;

    @AttributeDefinition(name = "Request timeout (s)", description = "Seconds to wait for an answer; an upload gets more as it grows.", min = "1")
    int requestTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Trust store", description = "Key store file with the certificates trusted for HTTPS; empty: the JVM's default.")
    String trustStore() default "";

    @AttributeDefinition(name = "Trust store type", description = "PKCS12 or JKS.")
    String trustStoreType() default "PKCS12";

    @AttributeDefinition(name = "Trust store password", description = "Password of the trust store, if it has one.", type = AttributeType.PASSWORD)
    String trustStorePassword() default "";
}
