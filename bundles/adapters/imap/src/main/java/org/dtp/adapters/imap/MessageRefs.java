package org.dtp.adapters.imap;

import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;

/**
 * How messages and export positions are named. A message is {@code <folder>;UIDVALIDITY=<v>/;UID=<u>} (as in an
 * RFC 5092 IMAP URL): unique in the account, and never the same for two messages, since a folder whose
 * UIDVALIDITY changes numbers its messages anew. An export continuation is {@code <uidvalidity>:<last uid>}.
 */
final class MessageRefs {
    private static final String VALIDITY = ";UIDVALIDITY=";
    private static final String UID = "/;UID=";

    /** A message of a folder. */
    record Ref(String folder, long uidValidity, long uid) {
        @Override
        public String toString() {
            return folder + VALIDITY + uidValidity + UID + uid;
        }
    }

    /** Where a folder's export goes on: after {@code lastUid}, as long as the folder keeps {@code uidValidity}. */
    record Position(long uidValidity, long lastUid) {
        @Override
        public String toString() {
            return uidValidity + ":" + lastUid;
        }
    }

    private MessageRefs() {
    }

    static Ref parse(String text) throws ItemRejectedException {
        int v = text.lastIndexOf(VALIDITY);
        int u = text.lastIndexOf(UID);
        if (v <= 0 || u < v) {
            throw new ItemRejectedException("'" + text + "' is not a message of the IMAP exporter");
        }
        try {
            return new Ref(text.substring(0, v), Long.parseLong(text.substring(v + VALIDITY.length(), u)),
                    Long.parseLong(text.substring(u + UID.length())));
        } catch (NumberFormatException e) {
            throw new ItemRejectedException("'" + text + "' is not a message of the IMAP exporter");
        }
    }

    /** The position a continuation names; null for a folder's first page. */
    static Position position(String continuation) throws AdapterException {
        if (continuation == null) {
            return null;
        }
        int colon = continuation.indexOf(':');
        try {
            Position p = new Position(Long.parseLong(continuation.substring(0, colon)), Long.parseLong(continuation.substring(colon + 1)));
            if (p.lastUid() < 0) {
                throw new NumberFormatException();
            }
            return p;
        } catch (RuntimeException e) {
            throw new AdapterException("'" + continuation + "' is not a continuation of the IMAP exporter");
        }
    }
}
