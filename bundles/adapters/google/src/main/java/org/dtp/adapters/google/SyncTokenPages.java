package org.dtp.adapters.google;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.http.ProviderRejectedException;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * The pages of a Google list that offers sync tokens (Calendar events.list, People connections.list): the whole list
 * when the transfer has no change token for it, else only what changed since the list that left it; the
 * {@code nextSyncToken} of the list's last page is recorded as the change token. A token Google no longer takes
 * (expired) lists the whole again. The continuation is the page token, prefixed with {@value #SINCE} when the list
 * is of changes (its pages are asked for with the same sync token, as Google asks), so a page is the same after a
 * restart.
 */
public final class SyncTokenPages {
    private static final String SINCE = "since:";

    /** Reads one page: of changes since {@code syncToken} (null: the whole list), at {@code pageToken} (null: the first). */
    @FunctionalInterface
    public interface Lister {
        ApiPage read(String syncToken, String pageToken) throws AdapterException;
    }

    private SyncTokenPages() {
    }

    /**
     * The page at {@code continuation} of the list {@code feed} names; its {@code nextPageToken} is the continuation
     * of the next page. {@code expired} tells Google's refusal of an expired sync token from other failures.
     */
    public static ApiPage page(TransferContext context, String feed, Lister lister, Predicate<ProviderRejectedException> expired,
                               String continuation) throws AdapterException {
        ApiPage page;
        boolean since;
        if (continuation == null) {
            Optional<String> token = context.changeToken(feed);
            page = token.isPresent() ? changesSince(lister, token.get(), expired) : null;
            since = page != null;
            if (page == null) {
                page = lister.read(null, null);
            }
        } else if (continuation.startsWith(SINCE)) {
            String token = context.changeToken(feed).orElseThrow(() -> new AdapterException(
                    "the change token this transfer listed '" + feed + "' from is gone"));
            page = lister.read(token, continuation.substring(SINCE.length()));
            since = true;
        } else {
            page = lister.read(null, continuation);
            since = false;
        }
        if (page.nextSyncToken() != null) {
            context.recordChangeToken(feed, page.nextSyncToken());
        }
        String next = page.nextPageToken() == null ? null : (since ? SINCE : "") + page.nextPageToken();
        return new ApiPage(page.entries(), next, page.nextSyncToken());
    }

    /** The first page of changes since {@code token}, or null when Google refuses the token as expired. */
    private static ApiPage changesSince(Lister lister, String token, Predicate<ProviderRejectedException> expired)
            throws AdapterException {
        try {
            return lister.read(token, null);
        } catch (ProviderRejectedException e) {
            if (expired.test(e)) {
                return null;
            }
            throw e;
        }
    }
}
