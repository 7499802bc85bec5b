package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.http.ProviderRejectedException;

import java.util.List;
import java.util.Optional;

/**
 * The pages of an Outlook folder (a contact folder, a mail folder): first its items, then its child folders. The
 * items are a delta round ({@code …/delta}, https://learn.microsoft.com/en-us/graph/delta-query-overview): all of
 * them when the transfer has no change token for the folder, else only those added or changed since the round that
 * left it (its {@code @odata.deltaLink}, recorded as the change token when this round's last page is read); an
 * expired delta link (410 Gone) starts a full round. Child folders are paged with {@code $top} and
 * {@code @odata.nextLink}. The continuation says which collection is next ({@value #ITEMS} or {@value #FOLDERS}, then
 * the link), so a page is the same after a restart.
 */
public final class FolderPages {
    private static final String ITEMS = "items:";
    private static final String FOLDERS = "folders:";
    /** What Graph answers to an expired or unknown delta link. */
    private static final int GONE = 410;

    /** Items or sub-folders of one page, and the continuation (null at the end). */
    public record Page(List<JsonNode> items, List<JsonNode> folders, String continuation) {
    }

    private FolderPages() {
    }

    /**
     * The page at {@code continuation} of the folder whose items' delta is at {@code itemsDelta} (a path, maybe with a
     * query; without the query it names the change feed) and whose sub-folders are at {@code foldersPath}.
     */
    public static Page page(GraphApi api, TransferContext context, String itemsDelta, String foldersPath, String continuation)
            throws AdapterException {
        if (continuation == null || continuation.startsWith(ITEMS)) {
            String feed = itemsDelta.contains("?") ? itemsDelta.substring(0, itemsDelta.indexOf('?')) : itemsDelta;
            GraphApi.DeltaPage page = continuation == null ? firstDeltaPage(api, itemsDelta, context.changeToken(feed))
                    : api.delta(itemsDelta, continuation.substring(ITEMS.length()));
            if (page.deltaLink() != null) {
                context.recordChangeToken(feed, page.deltaLink());
            }
            return new Page(page.values(), List.of(), page.nextLink() != null ? ITEMS + page.nextLink() : FOLDERS);
        }
        if (!continuation.startsWith(FOLDERS)) {
            throw new AdapterException("'" + continuation + "' is not a continuation of an Outlook folder");
        }
        String link = continuation.substring(FOLDERS.length());
        GraphApi.Page page = api.page(foldersPath, link.isEmpty() ? null : link);
        return new Page(List.of(), page.values(), page.nextLink() == null ? null : FOLDERS + page.nextLink());
    }

    /** The changes since {@code deltaLink}, or the first page of a full round when there is none or it expired. */
    private static GraphApi.DeltaPage firstDeltaPage(GraphApi api, String itemsDelta, Optional<String> deltaLink)
            throws AdapterException {
        if (deltaLink.isPresent()) {
            try {
                return api.delta(itemsDelta, deltaLink.get());
            } catch (ProviderRejectedException e) {
                if (e.status() != GONE) {
                    throw e;
                }
            }
        }
        return api.delta(itemsDelta, null);
    }
}
