package org.dtp.receipts;

/**
 * What {@link Receipts#check} found: whether the signature is valid, with which key ({@code keyId}, null when the
 * receipt names none or could not be read), the transfer it is the receipt of (null when not valid), and for a
 * person why it is not valid (null when it is).
 */
public record ReceiptCheck(boolean valid, String keyId, String transfer, String reason) {

    public static ReceiptCheck valid(String keyId, String transfer) {
        return new ReceiptCheck(true, keyId, transfer, null);
    }

    public static ReceiptCheck invalid(String keyId, String reason) {
        return new ReceiptCheck(false, keyId, null, reason);
    }
}
