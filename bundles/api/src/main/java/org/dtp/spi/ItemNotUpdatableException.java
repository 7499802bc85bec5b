package org.dtp.spi;

/**
 * The destination cannot update an item in place ({@link Importer#updateItem}): it takes no updates, or the item an
 * earlier transfer created is gone. The engine then copies the item anew and says why in the fidelity report. Since
 * 1.7.
 */
public class ItemNotUpdatableException extends AdapterException {
    public ItemNotUpdatableException(String message) {
        super(message);
    }
}
