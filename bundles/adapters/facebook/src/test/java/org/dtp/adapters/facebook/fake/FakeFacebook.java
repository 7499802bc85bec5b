package org.dtp.adapters.facebook.fake;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.adapters.metagraph.fake.FakeGraph;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Facebook's Graph API on loopback, after https://developers.facebook.com/docs/graph-api/reference/user/albums/
 * ({@code GET /me/albums}: id, name, description, created_time), .../reference/album/photos/ ({@code GET
 * /{album-id}/photos}: id, name, created_time, images [{height, width, source}], place {name, location {latitude,
 * longitude}}), .../reference/user/videos/ ({@code GET /me/videos?type=uploaded}: id, title, description,
 * created_time, source) and node reads {@code GET /{id}?fields=...}; cursor paging (25 a page by default). Bearer
 * tokens, errors, throttling and the CDN are {@link FakeGraph}'s.
 */
public final class FakeFacebook implements AutoCloseable {
    public final FakeGraph graph;
    private final List<ObjectNode> albums = new CopyOnWriteArrayList<>();
    private final Map<String, List<ObjectNode>> photos = new ConcurrentHashMap<>();
    private final List<ObjectNode> videos = new CopyOnWriteArrayList<>();
    private final Map<String, ObjectNode> nodes = new ConcurrentHashMap<>();

    public FakeFacebook() throws IOException {
        graph = new FakeGraph();
        graph.route("/me/albums", (path, query, user) -> FakeGraph.Answer.json(graph.page(albums, query, "/me/albums", 25)));
        graph.route("/me/videos", (path, query, user) -> "uploaded".equals(query.get("type"))
                ? FakeGraph.Answer.json(graph.page(videos, query, "/me/videos", 25))
                : FakeGraph.Answer.json(graph.page(List.of(), query, "/me/videos", 25)));
        graph.route("/([0-9]+)/photos", (path, query, user) -> photos.containsKey(path.group(1))
                ? FakeGraph.Answer.json(graph.page(photos.get(path.group(1)), query, "/" + path.group(1) + "/photos", 25))
                : FakeGraph.error(400, "Unsupported get request.", "GraphMethodException", 100, 33));
        graph.route("/([0-9]+)", (path, query, user) -> {
            ObjectNode node = nodes.get(path.group(1));
            if (node == null) {
                return FakeGraph.error(400, "Unsupported get request. Object with ID '" + path.group(1) + "' does not exist",
                        "GraphMethodException", 100, 33);
            }
            ObjectNode out = FakeGraph.JSON.createObjectNode().put("id", path.group(1));
            for (String field : query.getOrDefault("fields", "id").split(",")) {
                if (node.has(field)) {
                    out.set(field, node.get(field));
                }
            }
            return FakeGraph.Answer.json(out);
        });
    }

    public void album(String id, String name, String description, String createdTime) {
        ObjectNode album = FakeGraph.JSON.createObjectNode().put("id", id).put("name", name).put("created_time", createdTime);
        if (description != null) {
            album.put("description", description);
        }
        albums.add(album);
        photos.put(id, new CopyOnWriteArrayList<>());
    }

    /** A photo in {@code album}: a small rendition and the original ({@code bytes}, width x height). */
    public void photo(String album, String id, String name, String createdTime, byte[] bytes, int width, int height,
                      Double latitude, Double longitude) {
        try {
            photo(album, id, name, createdTime, new ByteArrayInputStream(bytes), width, height, latitude, longitude);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@link #photo(String, String, String, String, byte[], int, int, Double, Double)} with the original read from {@code content}. */
    public void photo(String album, String id, String name, String createdTime, InputStream content, int width, int height,
                      Double latitude, Double longitude) throws IOException {
        ObjectNode photo = FakeGraph.JSON.createObjectNode().put("id", id).put("created_time", createdTime);
        if (name != null) {
            photo.put("name", name);
        }
        var images = photo.putArray("images");
        images.addObject().put("height", height / 4).put("width", width / 4).put("source", graph.cdn(id + "_s.jpg", new byte[]{1, 2, 3}));
        images.addObject().put("height", height).put("width", width).put("source", graph.cdn(id + "_o.jpg", content));
        if (latitude != null) {
            photo.putObject("place").put("name", "Somewhere").putObject("location").put("latitude", latitude).put("longitude", longitude);
        }
        photos.get(album).add(photo);
        nodes.put(id, photo);
    }

    public void video(String id, String title, String description, String createdTime, byte[] bytes) {
        try {
            video(id, title, description, createdTime, new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An uploaded video whose file is read from {@code content}. */
    public void video(String id, String title, String description, String createdTime, InputStream content) throws IOException {
        ObjectNode video = FakeGraph.JSON.createObjectNode().put("id", id).put("title", title).put("description", description)
                .put("created_time", createdTime).put("source", graph.cdn(id + ".mp4", content));
        videos.add(video);
        nodes.put(id, video);
    }

    @Override
    public void close() {
        graph.close();
    }
}
