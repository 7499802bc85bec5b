package org.dtp.adapters.imap;

import jakarta.mail.MessagingException;
import org.eclipse.angus.mail.imap.IMAPFolder;

import java.util.Optional;

/**
 * Where a folder's change feed stood when the exporter listed it: the folder's UIDVALIDITY and UIDNEXT and, where the
 * server keeps mod-sequences (CONDSTORE, RFC 7162), its HIGHESTMODSEQ, as the server said them on opening the folder.
 * As long as the folder keeps that UIDVALIDITY, its messages from UIDNEXT on are new since, and those below it whose
 * flags or keywords changed since have a MODSEQ above HIGHESTMODSEQ. The change token is
 * {@code <uidvalidity> <uidnext>[ <highestmodseq>]}.
 *
 * @param highestModSeq 0 when the server keeps no mod-sequences for the folder
 */
record FolderFeed(long uidValidity, long uidNext, long highestModSeq) {

    /** Where the feed of {@code folder}, just opened, stands; empty when the server did not say its UIDVALIDITY and UIDNEXT. */
    static Optional<FolderFeed> of(IMAPFolder folder) throws MessagingException {
        long validity = folder.getUIDValidity();
        long next = folder.getUIDNext();
        if (validity <= 0 || next <= 0) {
            return Optional.empty();
        }
        // On an open folder Angus answers from what the server said on opening: -1 without CONDSTORE, or with NOMODSEQ.
        long modSeq = folder.getHighestModSeq();
        return Optional.of(new FolderFeed(validity, next, Math.max(modSeq, 0)));
    }

    /** The token a run records, read by {@link #parse}. */
    String token() {
        return uidValidity + " " + uidNext + (highestModSeq > 0 ? " " + highestModSeq : "");
    }

    /** The feed a token names; empty when it is not one this exporter recorded. */
    static Optional<FolderFeed> parse(String token) {
        String[] parts = token.split(" ", -1);
        if (parts.length < 2 || parts.length > 3) {
            return Optional.empty();
        }
        try {
            FolderFeed feed = new FolderFeed(Long.parseLong(parts[0]), Long.parseLong(parts[1]),
                    parts.length == 3 ? Long.parseLong(parts[2]) : 0);
            boolean valid = feed.uidValidity > 0 && feed.uidNext > 0 && (parts.length == 2 || feed.highestModSeq > 0);
            return valid ? Optional.of(feed) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether the messages whose flags changed since can be asked for (CHANGEDSINCE). */
    boolean knowsModSeq() {
        return highestModSeq > 0;
    }
}
