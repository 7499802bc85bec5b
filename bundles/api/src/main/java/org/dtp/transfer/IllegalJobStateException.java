package org.dtp.transfer;

/** The operation does not apply to the transfer in its current state. */
public class IllegalJobStateException extends Exception {
    public IllegalJobStateException(String message) {
        super(message);
    }
}
