package org.dtp.transfer.sync;

/** No sync has the given id. */
public class NoSuchSyncException extends Exception {
    public NoSuchSyncException(String message) {
        super(message);
    }
}
