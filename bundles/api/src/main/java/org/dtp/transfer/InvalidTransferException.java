package org.dtp.transfer;

/** A transfer request that cannot be started; the message says why. */
public class InvalidTransferException extends Exception {
    public InvalidTransferException(String message) {
        super(message);
    }
}
