package org.dtp.adapters.metagraph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.Optional;

/**
 * The rate-limit usage headers of Graph answers (https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
 * {@code X-Business-Use-Case-Usage: {"<business id>": [{"type", "call_count", "total_cputime",
 * "total_time", "estimated_time_to_regain_access"}]}} (Business Use Case limits; Instagram), the wait in minutes.
 */
public final class GraphUsage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private GraphUsage() {
    }

    /** The longest {@code estimated_time_to_regain_access} of the BUC header; empty when none is above zero. */
    public static Optional<Duration> regainAccessIn(HttpHeaders headers) {
        long minutes = 0;
        for (JsonNode entry : bucEntries(headers)) {
            minutes = Math.max(minutes, entry.path("estimated_time_to_regain_access").asLong(0));
        }
        return minutes > 0 ? Optional.of(Duration.ofMinutes(Math.min(minutes, 24 * 60))) : Optional.empty();
    }

    private static Iterable<JsonNode> bucEntries(HttpHeaders headers) {
        JsonNode buc = json(headers.firstValue("X-Business-Use-Case-Usage").orElse(null));
        java.util.List<JsonNode> entries = new java.util.ArrayList<>();
        buc.forEach(perBusiness -> perBusiness.forEach(entries::add));
        return entries;
    }

    private static JsonNode json(String value) {
        if (value == null || value.isBlank()) {
            return JSON.missingNode();
        }
        try {
            JsonNode node = JSON.readTree(value);
            return node == null ? JSON.missingNode() : node;
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }
}
