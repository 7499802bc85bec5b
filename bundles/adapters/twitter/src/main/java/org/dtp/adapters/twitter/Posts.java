package org.dtp.adapters.twitter;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;

import java.util.Map;

/** How X's objects become media references: a photo's {@code url}, a video's or GIF's best mp4 variant. */
final class Posts {
    private Posts() {
    }

    /** The file of a media object, or null when X gives none (a video without variants, say). */
    static MediaRef file(JsonNode media) {
        String type = media.path("type").asText();
        if ("photo".equals(type)) {
            String url = media.path("url").asText("");
            return url.isEmpty() ? null : new MediaRef(url, url.toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? "image/png" : "image/jpeg", -1);
        }
        JsonNode best = null;
        for (JsonNode variant : media.path("variants")) {
            if ("video/mp4".equals(variant.path("content_type").asText()) && variant.path("url").isTextual()
                    && (best == null || variant.path("bit_rate").asLong(0) > best.path("bit_rate").asLong(0))) {
                best = variant;
            }
        }
        return best == null ? null : new MediaRef(best.path("url").asText(), "video/mp4", -1);
    }

    /** The media of a post in the order it lists them. */
    static java.util.List<JsonNode> mediaOf(JsonNode tweet, Map<String, JsonNode> media) {
        java.util.List<JsonNode> out = new java.util.ArrayList<>();
        for (JsonNode key : tweet.path("attachments").path("media_keys")) {
            JsonNode m = media.get(key.asText());
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }
}
