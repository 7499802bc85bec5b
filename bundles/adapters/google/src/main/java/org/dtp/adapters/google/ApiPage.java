package org.dtp.adapters.google;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportPage;
import org.dtp.spi.http.FormEncoding;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One page of a Google list answer: its entries, the token of the next page (null on the last) and, on the last page
 * of a list that offers one, the sync token that lists only what changed after it (else null).
 */
public record ApiPage(List<JsonNode> entries, String nextPageToken, String nextSyncToken) {
    /** Reads one page of a list: the first when {@code pageToken} is null. */
    public interface Pager {
        ApiPage read(String pageToken) throws AdapterException;
    }

    /** Does something with an entry of a list. */
    public interface EntryAction {
        void accept(JsonNode entry) throws AdapterException;
    }

    /** The page of an answer that lists its entries under {@code field} (absent when there are none). */
    public static ApiPage of(JsonNode answer, String field) throws AdapterException {
        JsonNode list = answer.path(field);
        if (!list.isMissingNode() && !list.isArray()) {
            throw new AdapterException("Google answered with '" + field + "' that is not a list");
        }
        List<JsonNode> entries = new ArrayList<>();
        list.forEach(entries::add);
        String next = answer.path("nextPageToken").asText("");
        String sync = answer.path("nextSyncToken").asText("");
        return new ApiPage(entries, next.isEmpty() ? null : next, sync.isEmpty() ? null : sync);
    }

    /** The {@code &pageToken=} parameter of a request for the page of {@code pageToken}; empty for the first page. */
    public static String tokenQuery(String pageToken) {
        return pageToken == null ? "" : "&pageToken=" + FormEncoding.percentEncode(pageToken);
    }

    /** Reads every page of a list, from the first, and does {@code action} with each entry in order. */
    public static void forEach(Pager pager, EntryAction action) throws AdapterException {
        String token = null;
        do {
            ApiPage page = pager.read(token);
            for (JsonNode entry : page.entries()) {
                action.accept(entry);
            }
            token = page.nextPageToken();
        } while (token != null);
    }

    /**
     * The entries that pass {@code test} on the first page that has any, reading pages from the first until then
     * (and no further); empty when no page has one.
     */
    public static List<JsonNode> firstMatches(Pager pager, Predicate<JsonNode> test) throws AdapterException {
        String token = null;
        do {
            ApiPage page = pager.read(token);
            List<JsonNode> matches = page.entries().stream().filter(test).toList();
            if (!matches.isEmpty()) {
                return matches;
            }
            token = page.nextPageToken();
        } while (token != null);
        return List.of();
    }

    /** This page as an export page of containers: each entry with an {@code id}, as {@code container} makes it of its id and entry. */
    public <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> asContainers(BiFunction<String, JsonNode, C> container) {
        List<C> containers = new ArrayList<>();
        for (JsonNode entry : entries) {
            String id = entry.path("id").asText("");
            if (!id.isEmpty()) {
                containers.add(container.apply(id, entry));
            }
        }
        return new ExportPage<>(containers, List.of(), nextPageToken);
    }

    /**
     * This page as an export page of items: each entry with an {@code id} that {@code skip} does not leave out, as
     * {@code item} makes it; an entry it cannot read (IllegalArgumentException) is rejected with its id and the reason.
     */
    public <C extends ContainerModel, I extends ItemModel> ExportPage<C, I> asItems(Predicate<JsonNode> skip, Function<JsonNode, I> item) {
        List<I> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode entry : entries) {
            String id = entry.path("id").asText("");
            if (id.isEmpty() || skip.test(entry)) {
                continue;
            }
            try {
                items.add(item.apply(entry));
            } catch (IllegalArgumentException e) {
                rejected.add(new ExportPage.Rejected(id, e.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), items, nextPageToken, rejected);
    }
}
