package org.dtp.receipts;

/** A receipt cannot be checked against the destination at all; the message says why, for a person. */
public final class VerificationException extends Exception {
    private static final long serialVersionUID = 1L;

    public VerificationException(String message) {
        super(message);
    }

    public VerificationException(String message, Throwable cause) {
        super(message, cause);
    }
}
