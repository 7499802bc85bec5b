package org.dtp.notifications;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of notifications (PID {@value #PID}, file {@code etc/org.dtp.notifications.cfg}): the SMTP server
 * e-mails go through, the optional webhook, and the signed cancel links. Secrets have method names with a leading
 * underscore, so their keys start with a dot ({@code .smtpPassword}) and they never become service properties.
 */
@ObjectClassDefinition(
        id = NotificationsConfig.PID,
        name = "dtp notifications",
        description = "E-mails a transfer's owner when it is created (with a link to cancel it before it starts) and "
                + "when it ends; optionally POSTs each event to a webhook.")
public @interface NotificationsConfig {
    String PID = "org.dtp.notifications";

    @AttributeDefinition(name = "E-mail notifications",
            description = "Send e-mails. Off until the SMTP server and the sender's address are configured.")
    boolean enabled() default false;

    @AttributeDefinition(name = "SMTP host", description = "The server e-mails are submitted to.")
    String smtpHost() default "localhost";

    /** 587 is the submission port (RFC 6409); 465 for implicit TLS (RFC 8314), 25 for relays on the same network. */
    @AttributeDefinition(name = "SMTP port", description = "587 (submission, with starttls), 465 (tls) or 25.", min = "1", max = "65535")
    int smtpPort() default 587;

    @AttributeDefinition(name = "SMTP security",
            description = "starttls: upgrade the connection before anything else, and refuse a server that cannot; "
                    + "tls: TLS from the first byte (port 465); none: no encryption (only for a relay on this host).",
            options = {
                    @org.osgi.service.metatype.annotations.Option(label = "STARTTLS (required)", value = "starttls"),
                    @org.osgi.service.metatype.annotations.Option(label = "TLS", value = "tls"),
                    @org.osgi.service.metatype.annotations.Option(label = "None", value = "none")})
    String smtpSecurity() default "starttls";

    @AttributeDefinition(name = "SMTP user name", description = "Empty: no SMTP authentication.")
    String smtpUsername() default "";

    @AttributeDefinition(name = "SMTP password", type = AttributeType.PASSWORD, description = "Key .smtpPassword in the file.")
    String _smtpPassword() default "";

    @AttributeDefinition(name = "Sender", description = "The From address of the e-mails, e.g. dtp@example.org.")
    String fromAddress() default "";

    @AttributeDefinition(name = "HELO name",
            description = "The host name this server gives in EHLO; empty: the JVM's host name.")
    String heloName() default "";

    @AttributeDefinition(name = "Trust store",
            description = "A PKCS12 or JKS file of the certificates to trust for the SMTP server (its own CA) "
                    + "instead of the JVM's default CAs; empty: the JVM's CAs. Host names are checked either way.")
    String smtpTrustStore() default "";

    @AttributeDefinition(name = "Trust store password", type = AttributeType.PASSWORD,
            description = "Key .smtpTrustStorePassword in the file.")
    String _smtpTrustStorePassword() default "";

    @AttributeDefinition(name = "Trust store type", description = "PKCS12 or JKS.")
    String smtpTrustStoreType() default "PKCS12";

    @AttributeDefinition(name = "Connect timeout (s)", description = "Seconds to wait for a connection to the SMTP server or the webhook.", min = "1")
    int connectTimeoutSeconds() default 10;

    @AttributeDefinition(name = "Read timeout (s)", description = "Seconds to wait for an answer of the SMTP server or the webhook.", min = "1")
    int readTimeoutSeconds() default 30;

    @AttributeDefinition(name = "E-mail of the operator",
            description = "Where notifications about transfers an operator started (owner 'operator') go; empty: none.")
    String operatorEmail() default "";

    @AttributeDefinition(name = "Public URL",
            description = "The address users reach this server at, without a trailing slash; cancel links start with it.")
    String publicUrl() default "http://127.0.0.1:8181";

    @AttributeDefinition(name = "Cancel link validity (h)",
            description = "How long the cancel link of a transfer without a grace period stays valid. A transfer with a "
                    + "grace period can be cancelled by its link until the period ends.", min = "1")
    int cancelLinkValidityHours() default 24;

    @AttributeDefinition(name = "Cancel link signing key", type = AttributeType.PASSWORD,
            description = "Key .linkSigningKey in the file: at least 32 characters that sign cancel links. Empty: a random "
                    + "key generated once into etc/dtp-cancel-links.key (readable by its owner only). Every node of a "
                    + "cluster must have the same key (configure it, or copy that file), since a link made on one node "
                    + "may be followed on another. Changing it invalidates the links already sent.")
    String _linkSigningKey() default "";

    @AttributeDefinition(name = "Webhook URL",
            description = "Each event is POSTed as JSON to this URL; empty: no webhook. Use https beyond this host.")
    String webhookUrl() default "";

    @AttributeDefinition(name = "Webhook secret", type = AttributeType.PASSWORD,
            description = "Key .webhookSecret in the file: signs each body (header X-Dtp-Signature: sha256=<hex HMAC-SHA256>). "
                    + "Empty: bodies are not signed.")
    String _webhookSecret() default "";

    @AttributeDefinition(name = "Webhook attempts",
            description = "Attempts per event when the webhook fails with 429, a 5xx status or no connection.", min = "1", max = "10")
    int webhookAttempts() default 3;

    @AttributeDefinition(name = "Webhook retry delay (ms)",
            description = "Wait before the second attempt; it doubles for each further one.", min = "0")
    long webhookRetryDelayMs() default 1000;
}
