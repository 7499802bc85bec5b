package org.dtp.adapters.imap;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.FolderClosedException;
import jakarta.mail.FolderNotFoundException;
import jakarta.mail.MessagingException;
import jakarta.mail.StoreClosedException;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.security.cert.CertificateException;
import java.util.Locale;

/** Turns jakarta.mail's failures into the SPI's: what may pass is retried, what will not says why. */
final class ImapFailures {
    private ImapFailures() {
    }

    /**
     * A refused login or TLS handshake, or a missing folder, is final; a dropped connection, a timeout and any other
     * server error ({@code NO}, {@code BAD}, {@code BYE}) are transient and the engine retries them.
     */
    static AdapterException of(String what, MessagingException e) {
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
        return new TransientAdapterException(what + ": the server answered " + detail, e);
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
            return new ItemRejectedException(what + ": the server refused the message: " + detail(e), e);
        }
        return of(what, e);
    }

    /** A failure reading or writing a message's bytes: a connection problem, so retried. */
    static TransientAdapterException of(String what, IOException e) {
        return new TransientAdapterException(what + ": " + e.getMessage(), e);
    }

    private static String detail(MessagingException e) {
        String message = e.getMessage();
        if (message == null && e.getNextException() != null) {
            message = e.getNextException().getMessage();
        }
        return message == null ? e.getClass().getSimpleName() : message.trim();
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
