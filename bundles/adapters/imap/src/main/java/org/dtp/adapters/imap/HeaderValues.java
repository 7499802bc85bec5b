package org.dtp.adapters.imap;

import jakarta.mail.Address;
import jakarta.mail.internet.InternetAddress;
import org.dtp.formats.mail.MailHeaders;

import java.util.ArrayList;
import java.util.List;

/** Addresses for display and de-duplication; the message itself always travels as its raw bytes. */
final class HeaderValues {
    private HeaderValues() {
    }

    /** An address as a person reads it ({@code Jörg Müller <joerg@example.org>}). */
    static String address(Address address) {
        if (address instanceof InternetAddress internet) {
            return MailHeaders.mailbox(internet.getPersonal(), internet.getAddress());
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
