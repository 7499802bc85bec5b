package org.dtp.adapters.google;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;

import java.util.ArrayList;
import java.util.List;

/** One page of a Google list answer: its entries and the token of the next page (null on the last). */
record ApiPage(List<JsonNode> entries, String nextPageToken) {
    /** The page of an answer that lists its entries under {@code field} (absent when there are none). */
    static ApiPage of(JsonNode answer, String field) throws AdapterException {
        JsonNode list = answer.path(field);
        if (!list.isMissingNode() && !list.isArray()) {
            throw new AdapterException("Google answered with '" + field + "' that is not a list");
        }
        List<JsonNode> entries = new ArrayList<>();
        list.forEach(entries::add);
        String next = answer.path("nextPageToken").asText("");
        return new ApiPage(entries, next.isEmpty() ? null : next);
    }
}
