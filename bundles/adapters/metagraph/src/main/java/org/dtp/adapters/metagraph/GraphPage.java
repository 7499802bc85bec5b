package org.dtp.adapters.metagraph;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * One page of a Graph edge: its {@code data} and the cursor of the next page ({@code paging.cursors.after}), null
 * when Meta gives no {@code paging.next} (the last page, https://developers.facebook.com/docs/graph-api/results).
 * The cursor, not the {@code next} URL, is what a checkpoint keeps: the URL may carry an access token.
 */
public record GraphPage(List<JsonNode> data, String after) {
    public GraphPage {
        data = List.copyOf(data);
    }

    public boolean isLast() {
        return after == null;
    }
}
