package org.dtp.adapters.microsoft;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;

import java.util.List;

/**
 * The pages of an Outlook folder (a contact folder, a mail folder): first its items, then its child folders, each
 * collection paged with {@code $top} and {@code @odata.nextLink}. The continuation says which collection is next
 * ({@value #ITEMS} or {@value #FOLDERS}, then the next link), so a page is the same after a restart.
 */
public final class FolderPages {
    private static final String ITEMS = "items:";
    private static final String FOLDERS = "folders:";

    /** Items or sub-folders of one page, and the continuation (null at the end). */
    public record Page(List<JsonNode> items, List<JsonNode> folders, String continuation) {
    }

    private FolderPages() {
    }

    /**
     * The page at {@code continuation} of the folder whose items are at {@code itemsPath} and whose sub-folders are at
     * {@code foldersPath}.
     */
    public static Page page(GraphApi api, String itemsPath, String foldersPath, String continuation) throws AdapterException {
        if (continuation == null || continuation.startsWith(ITEMS)) {
            GraphApi.Page page = api.page(itemsPath, continuation == null ? null : continuation.substring(ITEMS.length()));
            return new Page(page.values(), List.of(), page.nextLink() != null ? ITEMS + page.nextLink() : FOLDERS);
        }
        if (!continuation.startsWith(FOLDERS)) {
            throw new AdapterException("'" + continuation + "' is not a continuation of an Outlook folder");
        }
        String link = continuation.substring(FOLDERS.length());
        GraphApi.Page page = api.page(foldersPath, link.isEmpty() ? null : link);
        return new Page(List.of(), page.values(), page.nextLink() == null ? null : FOLDERS + page.nextLink());
    }
}
