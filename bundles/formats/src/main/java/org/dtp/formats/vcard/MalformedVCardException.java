package org.dtp.formats.vcard;

/** vCard text that cannot be read whole; the message says what and where. */
public final class MalformedVCardException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedVCardException(String message) {
        super(message);
    }
}
