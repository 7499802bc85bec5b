package org.dtp.adapters.imap;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the IMAP adapter (PID {@value #PID}): paging, timeouts, which certificates to trust and
 * whether a login without TLS is allowed at all. A user's server, account and password are endpoint settings.
 */
@ObjectClassDefinition(
        id = ImapConfig.PID,
        name = "DTP IMAP adapter",
        description = "Paging, timeouts and TLS trust of the IMAP adapter, for every IMAP server it talks to.")
public @interface ImapConfig {
    String PID = "org.dtp.adapters.imap";

    /**
     * Messages per export page. IMAP sets no limit (RFC 3501); each page is one FETCH of a sequence range, so
     * the command line stays short whatever the size. 100 is our choice: a checkpoint every 100 messages.
     */
    @AttributeDefinition(name = "Page size", description = "Messages per export page (1 to 10000).", min = "1", max = "10000")
    int pageSize() default 100;

    /**
     * Bytes asked for per partial FETCH (BODY.PEEK[]&lt;offset.size&gt;) while a message streams: the most of a
     * message held in memory at once. Angus Mail's own default ({@code mail.imap.fetchsize}) is 16 KiB, which
     * costs a round trip per 16 KiB; 256 KiB is our choice.
     */
    @AttributeDefinition(name = "Fetch block size (bytes)",
            description = "Bytes of a message fetched per request while it streams; the most of it in memory at once.",
            min = "4096")
    int fetchBlockSize() default 262_144;

    @AttributeDefinition(name = "Connect timeout (s)", description = "Seconds to wait for a TCP (and TLS) connection.", min = "1")
    int connectTimeoutSeconds() default 30;

    @AttributeDefinition(name = "Read timeout (s)", description = "Seconds to wait for a server's answer.", min = "1")
    int readTimeoutSeconds() default 120;

    @AttributeDefinition(name = "Allow login without TLS",
            description = "Allow endpoints with security 'plain': the password crosses the network readable. "
                    + "Off by default; only for loopback tests.")
    boolean allowPlaintextLogin() default false;

    @AttributeDefinition(name = "Trust store",
            description = "A PKCS12 or JKS file of the certificates to trust (a self-hosted server's own CA or certificate) "
                    + "instead of the JVM's default CAs; empty: the JVM's CAs. Host names are checked either way.")
    String trustStorePath() default "";

    @AttributeDefinition(name = "Trust store password", description = "Password of the trust store, if it has one.",
            type = AttributeType.PASSWORD)
    String trustStorePassword() default "";

    @AttributeDefinition(name = "Trust store type", description = "PKCS12 or JKS.")
    String trustStoreType() default "PKCS12";

    @AttributeDefinition(name = "Idle connections per account",
            description = "Logged-in connections kept open per account between pages and messages (0: log out each time).",
            min = "0")
    int maxIdleConnections() default 2;

    @AttributeDefinition(name = "Idle connection lifetime (s)",
            description = "Seconds an unused connection is kept before it is closed; RFC 3501 servers may drop it after 30 minutes.",
            min = "1")
    int idleSeconds() default 120;
}
