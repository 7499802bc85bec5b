package org.dtp.spi;

/**
 * An adapter could not do what was asked. Unless it is a {@link TransientAdapterException} the
 * engine does not retry; when it concerns one item ({@link ItemRejectedException} or any failure of
 * an item's import) the item is recorded as an error and the job goes on.
 */
public class AdapterException extends Exception {
    public AdapterException(String message) {
        super(message);
    }

    public AdapterException(String message, Throwable cause) {
        super(message, cause);
    }
}
