package org.dtp.adapters.imap;

import jakarta.mail.Address;
import jakarta.mail.internet.InternetAddress;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/** Header values for display and de-duplication; the message itself always travels as its raw bytes. */
final class HeaderValues {
    private HeaderValues() {
    }

    /**
     * The Date header (RFC 5322 §3.3) with the sender's offset; null when it cannot be read. Comments such as
     * {@code (EDT)} and runs of white space are dropped first, as RFC 5322 allows them there.
     */
    static OffsetDateTime date(String header) {
        if (header == null) {
            return null;
        }
        String text = header.replaceAll("\\([^)]*\\)", " ").replaceAll("\\s+", " ").trim();
        try {
            return OffsetDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** An address as a person reads it ({@code Jörg Müller <joerg@example.org>}). */
    static String address(Address address) {
        if (address instanceof InternetAddress internet) {
            String personal = internet.getPersonal();
            return personal == null || personal.isBlank() ? internet.getAddress() : personal + " <" + internet.getAddress() + ">";
        }
        return address.toString();
    }

    static List<String> addresses(Address[] addresses) {
        List<String> out = new ArrayList<>();
        if (addresses != null) {
            for (Address a : addresses) {
                out.add(address(a));
            }
        }
        return out;
    }
}
