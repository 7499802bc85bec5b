package org.dtp.notifications;

import jakarta.activation.DataHandler;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.URLName;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.util.ByteArrayDataSource;
import org.eclipse.angus.mail.smtp.SMTPSSLTransport;
import org.eclipse.angus.mail.smtp.SMTPTransport;

import javax.net.ssl.SSLSocketFactory;
import org.dtp.spi.http.TrustStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Locale;
import java.util.Properties;

/** Submits plain-text e-mails to one SMTP server with Angus Mail: a connection per message. */
final class SmtpMailer {
    enum Security {
        NONE, STARTTLS, TLS;

        static Security of(String value) {
            try {
                return valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("SMTP security must be none, starttls or tls, not '" + value + "'");
            }
        }
    }

    private final String host;
    private final int port;
    private final Security security;
    private final String username;
    private final String password;
    private final InternetAddress from;
    private final String heloName;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    /** Null: the JVM's default trust. */
    private final SSLSocketFactory socketFactory;

    SmtpMailer(String host, int port, Security security, String username, String password, String from,
               String heloName, Duration connectTimeout, Duration readTimeout, SSLSocketFactory socketFactory) {
        this.host = host;
        this.port = port;
        this.security = security;
        this.username = username == null ? "" : username;
        this.password = password == null ? "" : password;
        this.from = address(from, "the sender's address");
        this.heloName = heloName == null ? "" : heloName.strip();
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.socketFactory = socketFactory;
    }

    static SmtpMailer of(NotificationsConfig config) {
        String store = config.smtpTrustStore().strip();
        return new SmtpMailer(config.smtpHost().strip(), config.smtpPort(), Security.of(config.smtpSecurity()),
                config.smtpUsername().strip(), config._smtpPassword(), config.fromAddress().strip(), config.heloName(),
                Duration.ofSeconds(config.connectTimeoutSeconds()), Duration.ofSeconds(config.readTimeoutSeconds()),
                store.isEmpty() ? null : socketFactory(Path.of(store), config.smtpTrustStoreType(), config._smtpTrustStorePassword()));
    }

    static InternetAddress address(String value, String what) {
        try {
            InternetAddress address = new InternetAddress(value, true);
            address.validate();
            return address;
        } catch (MessagingException e) {
            throw new IllegalArgumentException(what + " '" + value + "' is not an e-mail address");
        }
    }

    /** Sends one message; it has been accepted by the server when this returns. */
    void send(InternetAddress to, String subject, String body) throws MessagingException {
        // Angus Mail is embedded in this bundle: jakarta.mail finds its StreamProvider with ServiceLoader through the
        // thread context class loader, so that is this bundle's loader while a message is built and sent. The
        // transport is constructed directly, so no provider needs to be looked up by protocol name.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(SmtpMailer.class.getClassLoader());
        try {
            boolean tls = security == Security.TLS;
            String protocol = tls ? "smtps" : "smtp";
            Session session = Session.getInstance(sessionProperties(protocol));
            MimeMessage message = new MimeMessage(session);
            message.setFrom(from);
            message.setRecipient(Message.RecipientType.TO, to);
            message.setSubject(subject, StandardCharsets.UTF_8.name());
            message.setSentDate(Date.from(Instant.now()));
            message.setHeader("Auto-Submitted", "auto-generated"); // RFC 3834: no auto-replies to it
            // A data source, not setText: writing it needs no DataContentHandler looked up through a mailcap.
            message.setDataHandler(new DataHandler(new ByteArrayDataSource(body.getBytes(StandardCharsets.UTF_8),
                    "text/plain; charset=UTF-8")));
            message.saveChanges();
            URLName url = new URLName(protocol, host, port, null, username.isEmpty() ? null : username, null);
            SMTPTransport transport = tls ? new SMTPSSLTransport(session, url) : new SMTPTransport(session, url);
            try {
                transport.connect(host, port, username.isEmpty() ? null : username, username.isEmpty() ? null : password);
                transport.sendMessage(message, message.getAllRecipients());
            } finally {
                transport.close();
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private Properties sessionProperties(String protocol) {
        String p = "mail." + protocol + ".";
        Properties props = new Properties();
        props.setProperty(p + "connectiontimeout", String.valueOf(connectTimeout.toMillis()));
        props.setProperty(p + "timeout", String.valueOf(readTimeout.toMillis()));
        props.setProperty(p + "writetimeout", String.valueOf(readTimeout.toMillis()));
        // The Message-ID's domain comes from the sender, so no DNS lookup of this host is made for it.
        props.setProperty("mail.from", from.getAddress());
        if (!heloName.isEmpty()) {
            props.setProperty(p + "localhost", heloName);
        }
        props.setProperty(p + "auth", String.valueOf(!username.isEmpty()));
        props.setProperty(p + "ssl.checkserveridentity", "true");
        // Angus's own RFC 2818 check of the certificate's names: its default uses sun.security.util, which a bundle cannot import.
        props.setProperty(p + "ssl.hostnameverifier.class", "legacy");
        props.setProperty(p + "ssl.protocols", "TLSv1.3 TLSv1.2");
        if (security == Security.STARTTLS) {
            props.setProperty(p + "starttls.enable", "true");
            // Required, not opportunistic: no password or message over a connection the server would not upgrade.
            props.setProperty(p + "starttls.required", "true");
        }
        props.setProperty(p + "socketFactory.fallback", "false");
        if (socketFactory != null && security != Security.NONE) {
            props.put(p + "ssl.socketFactory", socketFactory);
        }
        return props;
    }

    static SSLSocketFactory socketFactory(Path trustStore, String type, String password) {
        return TrustStores.sslContext(trustStore, type, password == null ? null : password.toCharArray()).getSocketFactory();
    }

    @Override
    public String toString() {
        return "SmtpMailer[" + security.name().toLowerCase(Locale.ROOT) + "://" + host + ":" + port
                + (username.isEmpty() ? "" : ", user " + username) + "]";
    }
}
