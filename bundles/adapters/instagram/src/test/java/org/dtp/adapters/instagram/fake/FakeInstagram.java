package org.dtp.adapters.instagram.fake;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.adapters.metagraph.fake.FakeGraph;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Instagram API with Instagram Login on loopback, after
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/ and the media reference
 * https://developers.facebook.com/docs/instagram-platform/reference/instagram-media : {@code GET /me/media} with
 * {@code fields} (id, caption, media_type IMAGE/VIDEO/CAROUSEL_ALBUM, media_url, timestamp, children{...}) and cursor
 * paging (default 25 a page), {@code GET /{media-id}?fields=media_url}; media_url is left out of a video with
 * copyrighted music, as Instagram does. Bearer tokens, errors, throttling and the CDN are {@link FakeGraph}'s.
 */
public final class FakeInstagram implements AutoCloseable {
    public final FakeGraph graph;
    private final List<ObjectNode> media = new CopyOnWriteArrayList<>();

    public FakeInstagram() throws IOException {
        graph = new FakeGraph();
        graph.route("/me/media", (path, query, user) -> FakeGraph.Answer.json(graph.page(
                media.stream().map(m -> selected(m, query.getOrDefault("fields", "id"))).toList(), query, "/me/media", 25)));
        graph.route("/([0-9]+)", (path, query, user) -> {
            String id = path.group(1);
            for (ObjectNode m : media) {
                if (m.path("id").asText().equals(id)) {
                    return FakeGraph.Answer.json(selected(m, query.getOrDefault("fields", "id")));
                }
                for (var child : m.path("children").path("data")) {
                    if (child.path("id").asText().equals(id)) {
                        return FakeGraph.Answer.json(child);
                    }
                }
            }
            return FakeGraph.error(400, "Unsupported get request. Object with ID '" + id + "' does not exist",
                    "GraphMethodException", 100, 33);
        });
    }

    /** Adds a photo or video post; {@code bytes} null leaves media_url out. */
    public void post(String id, String type, String caption, String timestamp, byte[] bytes) {
        try {
            post(id, type, caption, timestamp, bytes == null ? null : new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds a photo or video post whose file is read from {@code content}; null leaves media_url out. */
    public void post(String id, String type, String caption, String timestamp, InputStream content) throws IOException {
        ObjectNode m = FakeGraph.JSON.createObjectNode().put("id", id).put("media_type", type).put("timestamp", timestamp);
        if (caption != null) {
            m.put("caption", caption);
        }
        if (content != null) {
            m.put("media_url", graph.cdn(id + (type.equals("VIDEO") ? ".mp4" : ".jpg"), content));
        }
        media.add(m);
    }

    /** Adds a carousel post with children given as id, type, bytes. */
    public void carousel(String id, String caption, String timestamp, List<Map.Entry<String, byte[]>> children, List<String> types) {
        ObjectNode m = FakeGraph.JSON.createObjectNode().put("id", id).put("media_type", "CAROUSEL_ALBUM")
                .put("timestamp", timestamp).put("caption", caption)
                .put("media_url", graph.cdn(id + ".jpg", children.get(0).getValue()));
        var data = m.putObject("children").putArray("data");
        for (int i = 0; i < children.size(); i++) {
            String childId = children.get(i).getKey();
            data.addObject().put("id", childId).put("media_type", types.get(i))
                    .put("media_url", graph.cdn(childId + (types.get(i).equals("VIDEO") ? ".mp4" : ".jpg"), children.get(i).getValue()));
        }
        media.add(m);
    }

    /** The fields of {@code m} that {@code fields} names (children come with their own fields and id). */
    private static ObjectNode selected(ObjectNode m, String fields) {
        ObjectNode out = FakeGraph.JSON.createObjectNode();
        out.set("id", m.get("id"));
        String top = fields.replaceAll("\\{[^}]*}", "");
        for (String field : top.split(",")) {
            if (m.has(field) && !field.equals("id")) {
                out.set(field, m.get(field));
            }
        }
        return out;
    }

    @Override
    public void close() {
        graph.close();
    }
}
