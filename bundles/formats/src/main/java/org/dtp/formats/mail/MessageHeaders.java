package org.dtp.formats.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.InternetHeaders;
import jakarta.mail.internet.MimeUtility;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UnsupportedEncodingException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The header block of an Internet message (RFC 5322) and the fields a {@link org.dtp.models.mail.MailMessage} shows
 * (Message-ID, Subject, From, To, Date), read with jakarta.mail (Angus Mail, embedded in this bundle). Only the
 * header block is read, and at most {@link #MAX_HEADER_BYTES} of it: the message itself is never parsed nor held in
 * memory. What cannot be read is null (empty for To); a header block that cannot be read at all has no fields.
 */
public final class MessageHeaders {
    /** A header block larger than this is not a real one (RFC 5322 lines are at most 998 bytes); reading stops there. */
    public static final int MAX_HEADER_BYTES = 256 * 1024;
    private static final MessageHeaders NONE = new MessageHeaders(null);

    private final InternetHeaders headers;

    private MessageHeaders(InternetHeaders headers) {
        this.headers = headers;
    }

    /**
     * The header block of the message whose bytes {@code in} starts with (not closed here). An I/O error of the
     * stream is thrown; a malformed block gives whatever could be read.
     */
    public static MessageHeaders read(InputStream in) throws IOException {
        return of(headerBlock(in));
    }

    /** The header block {@code block} (as {@link MboxReader.Message#headers} gives it). */
    public static MessageHeaders of(byte[] block) {
        return withOurClassLoader(() -> {
            try {
                return new MessageHeaders(new InternetHeaders(new ByteArrayInputStream(block), true));
            } catch (MessagingException | RuntimeException e) {
                return NONE;
            }
        });
    }

    /** The first value of the header {@code name}, unfolded and stripped; null when there is none or it is blank. */
    public String value(String name) {
        String value = headers == null ? null : headers.getHeader(name, null);
        return value == null || value.isBlank() ? null : MimeUtility.unfold(value).strip();
    }

    public String messageId() {
        return value("Message-ID");
    }

    /** The Subject, its encoded words (RFC 2047) decoded. */
    public String subject() {
        return text("Subject");
    }

    /** The first value of the header {@code name} as {@link #value}, its encoded words (RFC 2047) decoded. */
    public String text(String name) {
        String value = value(name);
        if (value == null) {
            return null;
        }
        return withOurClassLoader(() -> {
            try {
                return MimeUtility.decodeText(value);
            } catch (UnsupportedEncodingException e) {
                return value; // an unknown charset in an encoded word: keep it as it is written
            }
        });
    }

    public String from() {
        List<String> from = addresses("From");
        return from.isEmpty() ? null : from.get(0);
    }

    public List<String> to() {
        return addresses("To");
    }

    /** The Date header at the sender's offset ({@link MailHeaders#date}). */
    public OffsetDateTime date() {
        return MailHeaders.date(headers == null ? null : headers.getHeader("Date", null));
    }

    /** Addresses as a person reads them, encoded words decoded: {@code Jörg Müller <joerg@example.org>}. */
    private List<String> addresses(String name) {
        String raw = headers == null ? null : headers.getHeader(name, ",");
        List<String> out = new ArrayList<>();
        if (raw == null || raw.isBlank()) {
            return out;
        }
        return withOurClassLoader(() -> {
            try {
                for (InternetAddress address : InternetAddress.parseHeader(raw, false)) {
                    out.add(MailHeaders.mailbox(address.getPersonal(), address.getAddress()));
                }
            } catch (AddressException e) {
                // addresses that cannot be read are left out
            }
            return out;
        });
    }

    /**
     * jakarta.mail finds its StreamProvider (used to read header lines and decode RFC 2047 words) with ServiceLoader
     * through the thread context class loader first. Angus is embedded in this bundle, so in Karaf only this bundle's
     * loader sees it and the META-INF/services entry bnd copies in.
     */
    private static <T> T withOurClassLoader(java.util.function.Supplier<T> work) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(MessageHeaders.class.getClassLoader());
        try {
            return work.get();
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
}
