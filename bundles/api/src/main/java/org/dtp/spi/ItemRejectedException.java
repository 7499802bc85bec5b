package org.dtp.spi;

/** One item cannot be exported or imported (malformed, too large, refused); the job goes on without it. */
public class ItemRejectedException extends AdapterException {
    public ItemRejectedException(String message) {
        super(message);
    }

    public ItemRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
