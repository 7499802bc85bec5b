package org.dtp.adapters.facebook;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.metagraph.GraphApi;
import org.dtp.adapters.metagraph.GraphPage;
import org.dtp.adapters.metagraph.GraphTimes;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports a Facebook user's photo albums and uploaded videos (Graph API): the root's pages are the albums of
 * {@code GET /me/albums} (https://developers.facebook.com/docs/graph-api/reference/user/albums/), the first page also
 * a container {@value #VIDEOS} for {@code GET /me/videos?type=uploaded}
 * (https://developers.facebook.com/docs/graph-api/reference/user/videos/), which are in no album; an album's pages are
 * {@code GET /{album-id}/photos} (https://developers.facebook.com/docs/graph-api/reference/album/photos/). Photo bytes
 * are the largest of its {@code images}, video bytes its {@code source}, both asked again when opened (the CDN
 * addresses expire) and fetched unsigned. Export only: the Graph API does not let an application create albums or
 * photos in a person's own profile for this purpose.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=" + FacebookConnector.PROVIDER,
        AdapterProperties.PROVIDER_NAME + "=Facebook",
        AdapterProperties.VERTICAL + "=MEDIA"})
public final class FacebookMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    /** The container of the uploaded videos (album ids are numbers, so it cannot be one). */
    static final String VIDEOS = "videos";
    static final String PHOTO_REF = "facebook:photo:";
    static final String VIDEO_REF = "facebook:video:";

    private final FacebookConnector connector;

    @Activate
    public FacebookMediaExporter(@Reference FacebookConnector connector) {
        this.connector = connector;
    }

    /** The account as the user's id ({@code GET /me?fields=id}). */
    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.of(connector.graph().api(context).userId());
    }

    @Override
    public void release(TransferEndpoint source) throws AdapterException {
        connector.graph().revoke(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        GraphApi api = connector.graph().api(context);
        String limit = String.valueOf(connector.graph().pageSize());
        if (cursor.isRoot()) {
            GraphPage page = api.page("/me/albums", Map.of("fields", "id,name,description,created_time", "limit", limit),
                    cursor.continuation());
            List<PhotoAlbum> albums = new ArrayList<>();
            if (cursor.continuation() == null) {
                albums.add(new PhotoAlbum(VIDEOS, "Videos", "Videos uploaded to Facebook"));
            }
            List<ExportPage.Rejected> rejected = new ArrayList<>();
            for (JsonNode album : page.data()) {
                String id = album.path("id").asText("");
                if (!id.matches("[0-9]+")) {
                    rejected.add(new ExportPage.Rejected(id.isEmpty() ? "(no id)" : id, "Facebook gave an album without a usable id"));
                    continue;
                }
                String name = album.path("name").asText("");
                albums.add(new PhotoAlbum(id, name.isBlank() ? id : name, album.path("description").asText(null)));
            }
            return new ExportPage<PhotoAlbum, MediaItem>(albums, List.of(), page.after()).withRejected(rejected);
        }
        String container = cursor.containerId();
        List<MediaItem> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        GraphPage page;
        if (container.equals(VIDEOS)) {
            page = api.page("/me/videos", Map.of("type", "uploaded", "fields", "id,title,description,created_time,source",
                    "limit", limit), cursor.continuation());
            for (JsonNode video : page.data()) {
                String id = video.path("id").asText("");
                if (!id.matches("[0-9]+")) {
                    rejected.add(new ExportPage.Rejected(id.isEmpty() ? "(no id)" : id, "Facebook gave a video without a usable id"));
                    continue;
                }
                items.add(MediaItem.builder()
                        .id(VIDEOS + "/" + id)
                        .kind(MediaKind.VIDEO)
                        .fileName(id + ".mp4")
                        .title(video.path("title").asText(null))
                        .description(video.path("description").asText(null))
                        .takenAt(GraphTimes.parse(video.path("created_time").asText(null)))
                        .content(new MediaRef(VIDEO_REF + id, "video/mp4", -1))
                        .build());
            }
        } else if (container.matches("[0-9]+")) {
            page = api.page("/" + container + "/photos", Map.of("fields", "id,name,created_time,images,place", "limit", limit),
                    cursor.continuation());
            for (JsonNode photo : page.data()) {
                String id = photo.path("id").asText("");
                JsonNode largest = largest(photo.path("images"));
                if (!id.matches("[0-9]+") || largest == null) {
                    rejected.add(new ExportPage.Rejected(id.isEmpty() ? "(no id)" : container + "/" + id,
                            "Facebook gave a photo without a usable id or images"));
                    continue;
                }
                items.add(MediaItem.builder()
                        .id(container + "/" + id)
                        .kind(MediaKind.PHOTO)
                        .fileName(id + ".jpg")
                        .description(photo.path("name").asText(null))
                        .takenAt(GraphTimes.parse(photo.path("created_time").asText(null)))
                        .location(location(photo.path("place")))
                        .width(largest.path("width").isInt() ? largest.path("width").asInt() : null)
                        .height(largest.path("height").isInt() ? largest.path("height").asInt() : null)
                        .content(new MediaRef(PHOTO_REF + id, "image/jpeg", -1))
                        .build());
            }
        } else {
            throw new AdapterException("'" + container + "' is not a container of the Facebook exporter");
        }
        return new ExportPage<PhotoAlbum, MediaItem>(List.of(), items, page.after()).withRejected(rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        boolean photo = ref.uri().startsWith(PHOTO_REF);
        String id = ref.uri().substring(photo ? PHOTO_REF.length() : Math.min(ref.uri().length(), VIDEO_REF.length()));
        if (!(photo || ref.uri().startsWith(VIDEO_REF)) || !id.matches("[0-9]+")) {
            throw new ItemRejectedException("not a media reference of the Facebook exporter: " + ref.uri());
        }
        GraphApi api = connector.graph().api(context);
        String source;
        if (photo) {
            JsonNode largest = largest(api.get("/" + id, Map.of("fields", "images")).path("images"));
            source = largest == null ? "" : largest.path("source").asText("");
        } else {
            source = api.get("/" + id, Map.of("fields", "source")).path("source").asText("");
        }
        if (source.isEmpty()) {
            throw new ItemRejectedException("Facebook gives no file for " + (photo ? "photo " : "video ") + id);
        }
        try {
            return api.download(URI.create(source));
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("Facebook gave " + id + " an address that is not a URI");
        }
    }

    /** The largest rendition of a photo's {@code images} (the original's size), or null. */
    private static JsonNode largest(JsonNode images) {
        JsonNode best = null;
        for (JsonNode image : images) {
            if (image.path("source").isTextual() && (best == null
                    || (long) image.path("width").asInt() * image.path("height").asInt()
                    > (long) best.path("width").asInt() * best.path("height").asInt())) {
                best = image;
            }
        }
        return best;
    }

    private static GeoLocation location(JsonNode place) {
        JsonNode at = place.path("location");
        if (!at.path("latitude").isNumber() || !at.path("longitude").isNumber()) {
            return null;
        }
        try {
            return new GeoLocation(at.path("latitude").asDouble(), at.path("longitude").asDouble(), null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
