package org.dtp.adapters.imap;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.FolderClosedException;
import jakarta.mail.FolderNotFoundException;
import jakarta.mail.MessagingException;
import jakarta.mail.StoreClosedException;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.net.AddressRefusedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.security.cert.CertificateException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns jakarta.mail's failures into the SPI's: what may pass is retried, what will not says why. A message says
 * which step failed and how (the IMAP response code such as {@code [TOOBIG]}, the JVM's name of a network failure),
 * never the text the server answered: the server is whatever host and port a user named, and its answer (another
 * service's banner or page) is not theirs to read. That text is logged at debug only.
 */
final class ImapFailures {
    private static final Logger LOG = LoggerFactory.getLogger(ImapFailures.class);
    private static final Pattern RESPONSE_CODE = Pattern.compile("\\[([A-Z][A-Z0-9-]{1,30})\\]");

    private ImapFailures() {
    }

    /**
     * A refused login or TLS handshake, or a missing folder, is final; a dropped connection, a timeout and any other
     * server error ({@code NO}, {@code BAD}, {@code BYE}) are transient and the engine retries them.
     */
    static AdapterException of(String what, MessagingException e) {
        InvalidEndpointException refused = AddressRefusedException.in(e);
        if (refused != null) {
            return new InvalidEndpointException(what + ": " + refused.getMessage());
        }
        LOG.debug("{}: {}", what, e.toString());
        String detail = detail(e);
        if (e instanceof AuthenticationFailedException) {
            return new AdapterException(what + ": the server refused the user name or password" + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
        if (e instanceof FolderNotFoundException) {
            return new AdapterException(what + ": no such folder" + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
        Throwable tls = causeOf(e, SSLException.class, CertificateException.class);
        if (tls != null) {
            return new AdapterException(what + ": TLS failed (" + tls.getMessage() + "); a self-hosted server's certificate "
                    + "can be trusted with trustStorePath in " + ImapConfig.PID);
        }
        String text = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (text.contains("starttls")) {
            return new AdapterException(what + ": the server does not offer STARTTLS, which this endpoint requires (" + detail + ")");
        }
        if (e instanceof StoreClosedException || e instanceof FolderClosedException || causeOf(e, IOException.class) != null) {
            return new TransientAdapterException(what + ": the connection failed (" + detail + ")", e);
        }
        return new TransientAdapterException(what + ": the server refused it (" + detail + ")", e);
    }

    /** Like {@link #of}, for one message: a server that refuses it for its size or content rejects that message only. */
    static AdapterException ofItem(String what, MessagingException e) {
        String text = String.valueOf(e.getMessage()).toUpperCase(Locale.ROOT);
        // RFC 5530: the mailbox is over its quota; no message fits until room is made, so the transfer pauses.
        if (text.contains("[OVERQUOTA]")) {
            return new DestinationFullException(what + ": the mailbox is over its quota (OVERQUOTA)", e);
        }
        // RFC 4469 / RFC 5530 response codes for a message the server will never take.
        if (text.contains("[TOOBIG]") || text.contains("[LIMIT]") || text.contains("[CANNOT]") || text.contains("[PARSE]")) {
            return new ItemRejectedException(what + ": the server refused the message (" + detail(e) + ")", e);
        }
        return of(what, e);
    }

    /** A failure reading or writing a message's bytes: a connection problem, so retried. */
    static TransientAdapterException of(String what, IOException e) {
        LOG.debug("{}: {}", what, e.toString());
        return new TransientAdapterException(what + ": " + describe(e), e);
    }

    /**
     * What went wrong without the server's words: the IMAP response code the answer carried, if any, and the
     * underlying network failure as the JVM names it (connection refused, timed out...), else the kind of failure.
     */
    private static String detail(MessagingException e) {
        StringBuilder out = new StringBuilder();
        Matcher code = RESPONSE_CODE.matcher(String.valueOf(e.getMessage()));
        if (code.find()) {
            out.append('[').append(code.group(1)).append("] ");
        }
        Throwable root = e;
        Throwable t = e;
        for (int depth = 0; t != null && depth < 20; depth++) {
            root = t;
            Throwable next = t.getCause();
            if (next == null && t instanceof MessagingException m) {
                next = m.getNextException();
            }
            t = next == t ? null : next;
        }
        out.append(describe(root));
        return out.toString().trim();
    }

    /** The JVM's own network and I/O failures with their messages; any other (the mail library's) by its kind only. */
    private static String describe(Throwable t) {
        String type = t.getClass().getName();
        boolean jvm = type.startsWith("java.") || type.startsWith("javax.net.");
        if (jvm && t.getMessage() != null && !t.getMessage().isBlank()) {
            return t.getClass().getSimpleName() + ": " + t.getMessage().trim();
        }
        return t.getClass().getSimpleName();
    }

    @SafeVarargs
    private static Throwable causeOf(Throwable e, Class<? extends Throwable>... types) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (Class<? extends Throwable> type : types) {
                if (type.isInstance(t)) {
                    return t;
                }
            }
        }
        return null;
    }
}
