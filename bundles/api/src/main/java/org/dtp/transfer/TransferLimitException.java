package org.dtp.transfer;

/**
 * A valid transfer refused because its owner reached a limit the operator set (transfers at once, transfers
 * per day); the message says which. It can succeed later. Since 1.3.
 */
public class TransferLimitException extends InvalidTransferException {
    public TransferLimitException(String message) {
        super(message);
    }
}
