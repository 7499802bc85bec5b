package org.dtp.transfer;

/** No transfer has the given id. */
public class NoSuchTransferException extends Exception {
    public NoSuchTransferException(String message) {
        super(message);
    }
}
