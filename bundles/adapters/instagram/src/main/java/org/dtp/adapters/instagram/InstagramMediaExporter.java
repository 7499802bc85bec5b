package org.dtp.adapters.instagram;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.metagraph.GraphApi;
import org.dtp.adapters.metagraph.GraphPage;
import org.dtp.adapters.metagraph.GraphTimes;
import org.dtp.models.MediaRef;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports an Instagram user's photos and videos (https://developers.facebook.com/docs/instagram-platform/reference/instagram-media):
 * the pages of {@code GET /me/media} with cursor paging, every item at the root (Instagram has no albums). A carousel
 * post becomes its children, in order, each with the post's caption and time and the id {@code <post>/<child>}: the
 * destination keeps every picture and what was said of them without one album per post. Media bytes are fetched from
 * the item's current {@code media_url} (asked again when opened: the CDN addresses expire), never signed.
 * Export only: Instagram's API does not let an application publish to a person's own account for this purpose.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=" + InstagramConnector.PROVIDER,
        AdapterProperties.PROVIDER_NAME + "=Instagram",
        AdapterProperties.VERTICAL + "=MEDIA"})
public final class InstagramMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    static final String MEDIA_FIELDS = "id,caption,media_type,media_url,timestamp,children{media_type,media_url}";
    /** A media reference's uri: this prefix and the Instagram media id whose media_url holds the bytes. */
    static final String REF = "instagram:media:";

    private final InstagramConnector connector;

    @Activate
    public InstagramMediaExporter(@Reference InstagramConnector connector) {
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
        if (!cursor.isRoot()) {
            throw new AdapterException("the Instagram exporter has no container '" + cursor.containerId() + "'");
        }
        GraphApi api = connector.graph().api(context);
        GraphPage page = api.page("/me/media", Map.of("fields", MEDIA_FIELDS, "limit", String.valueOf(connector.graph().pageSize())),
                cursor.continuation());
        List<MediaItem> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode media : page.data()) {
            String id = media.path("id").asText("");
            if (!id.matches("[0-9A-Za-z_]+")) {
                rejected.add(new ExportPage.Rejected(id.isEmpty() ? "(no id)" : id, "Instagram gave a media object without a usable id"));
                continue;
            }
            String caption = media.path("caption").asText(null);
            Instant takenAt = GraphTimes.parse(media.path("timestamp").asText(null));
            if ("CAROUSEL_ALBUM".equals(media.path("media_type").asText())) {
                int n = 0;
                for (JsonNode child : media.path("children").path("data")) {
                    n++;
                    String childId = child.path("id").asText("");
                    item(id + "/" + childId, childId, id + "-" + n, child.path("media_type").asText(), caption, takenAt, items, rejected);
                }
            } else {
                item(id, id, id, media.path("media_type").asText(), caption, takenAt, items, rejected);
            }
        }
        return new ExportPage<PhotoAlbum, MediaItem>(List.of(), items, page.after()).withRejected(rejected);
    }

    private static void item(String itemId, String mediaId, String baseName, String type, String caption, Instant takenAt,
                             List<MediaItem> items, List<ExportPage.Rejected> rejected) {
        if (!mediaId.matches("[0-9A-Za-z_]+")) {
            rejected.add(new ExportPage.Rejected(itemId, "Instagram gave a carousel child without a usable id"));
            return;
        }
        boolean video = "VIDEO".equals(type);
        if (!video && !"IMAGE".equals(type)) {
            rejected.add(new ExportPage.Rejected(itemId, "unknown Instagram media_type '" + type + "'"));
            return;
        }
        items.add(MediaItem.builder()
                .id(itemId)
                .kind(video ? MediaKind.VIDEO : MediaKind.PHOTO)
                .fileName(baseName + (video ? ".mp4" : ".jpg"))
                .description(caption)
                .takenAt(takenAt)
                .content(new MediaRef(REF + mediaId, video ? "video/mp4" : "image/jpeg", -1))
                .build());
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        if (!ref.uri().startsWith(REF) || !ref.uri().substring(REF.length()).matches("[0-9A-Za-z_]+")) {
            throw new ItemRejectedException("not a media reference of the Instagram exporter: " + ref.uri());
        }
        String mediaId = ref.uri().substring(REF.length());
        GraphApi api = connector.graph().api(context);
        JsonNode media = api.get("/" + mediaId, Map.of("fields", "media_url"));
        String url = media.path("media_url").asText("");
        if (url.isEmpty()) {
            // Instagram omits media_url for media with copyrighted music, among others.
            throw new ItemRejectedException("Instagram gives no media_url for media " + mediaId);
        }
        try {
            return api.download(URI.create(url));
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("Instagram gave media " + mediaId + " an address that is not a URI");
        }
    }
}
