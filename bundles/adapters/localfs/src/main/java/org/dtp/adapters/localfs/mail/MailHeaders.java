package org.dtp.adapters.localfs.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.InternetHeaders;
import jakarta.mail.internet.MimeUtility;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UnsupportedEncodingException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the header fields a {@link org.dtp.models.mail.MailMessage} shows (Message-ID, Subject, From, To, Date)
 * with jakarta.mail. Only the header block is read, and at most {@link #MAX_HEADER_BYTES} of it: the message
 * itself is never parsed nor held in memory. What cannot be read is left null (empty for To).
 */
final class MailHeaders {
    /** A header block larger than this is not a real one (RFC 5322 lines are at most 998 bytes); we stop there. */
    static final int MAX_HEADER_BYTES = 256 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(MailHeaders.class);
    /** The numeric zone at the end of a Date header, after any comment: "+0200", "-0500". */

    record Fields(String messageId, String subject, String from, List<String> to, OffsetDateTime date) {
        static final Fields NONE = new Fields(null, null, null, List.of(), null);
    }

    private MailHeaders() {
    }

    /**
     * The fields of the message whose bytes {@code in} starts with (not closed here). An I/O error of the
     * stream is thrown; a malformed header block gives whatever could be read, or {@link Fields#NONE}.
     */
    static Fields read(InputStream in) throws IOException {
        byte[] block = headerBlock(in);
        // jakarta.mail finds its StreamProvider (used to read header lines and decode RFC 2047 words) with
        // ServiceLoader through the thread context class loader first. Angus is embedded in this bundle, so in
        // Karaf only this bundle's loader sees it and the META-INF/services entry bnd copies in.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(MailHeaders.class.getClassLoader());
        try {
            InternetHeaders headers = new InternetHeaders(new ByteArrayInputStream(block), true);
            return new Fields(
                    strip(headers.getHeader("Message-ID", null)),
                    text(headers.getHeader("Subject", null)),
                    first(addresses(headers.getHeader("From", ","))),
                    addresses(headers.getHeader("To", ",")),
                    org.dtp.formats.mail.MailHeaders.date(headers.getHeader("Date", null)));
        } catch (MessagingException | RuntimeException e) {
            LOG.debug("header block not readable: {}", e.toString());
            return Fields.NONE;
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The bytes up to and including the empty line that ends the header block (or all, up to the bound). */
    private static byte[] headerBlock(InputStream in) throws IOException {
        ByteArrayOutputStream block = new ByteArrayOutputStream(4096);
        int previous = -1;
        int beforePrevious = -1;
        int b;
        while (block.size() < MAX_HEADER_BYTES && (b = in.read()) >= 0) {
            block.write(b);
            boolean emptyLine = b == '\n' && (previous == '\n' || (previous == '\r' && beforePrevious == '\n'));
            if (emptyLine) {
                break;
            }
            beforePrevious = previous;
            previous = b;
        }
        return block.toByteArray();
    }

    private static String strip(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static String text(String raw) {
        String value = strip(raw);
        if (value == null) {
            return null;
        }
        try {
            return MimeUtility.decodeText(MimeUtility.unfold(value));
        } catch (UnsupportedEncodingException e) {
            return MimeUtility.unfold(value); // an unknown charset in an encoded word: keep it as it is written
        }
    }

    /** Addresses as a person reads them, encoded words decoded: {@code Jörg Müller <joerg@example.org>}. */
    private static List<String> addresses(String raw) {
        List<String> out = new ArrayList<>();
        if (strip(raw) == null) {
            return out;
        }
        try {
            for (InternetAddress address : InternetAddress.parseHeader(raw, false)) {
                out.add(org.dtp.formats.mail.MailHeaders.mailbox(address.getPersonal(), address.getAddress()));
            }
        } catch (AddressException e) {
            LOG.debug("addresses not readable: {}", e.toString());
        }
        return out;
    }

    private static String first(List<String> values) {
        return values.isEmpty() ? null : values.get(0);
    }
}
