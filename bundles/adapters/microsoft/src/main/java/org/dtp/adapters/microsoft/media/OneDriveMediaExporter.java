package org.dtp.adapters.microsoft.media;

import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import com.fasterxml.jackson.databind.JsonNode;
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
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Exports the photos and videos of a OneDrive: the folders under the drive's root (or under the folder named by the
 * setting {@value #FOLDER}) become albums, at any depth; files with an image, photo or video facet, or an image/video
 * MIME type, become items. Listings page with {@code $top} and {@code @odata.nextLink} (the continuation). Bytes are
 * read from the item's pre-authenticated {@code @microsoft.graph.downloadUrl}, without the user's token. Nothing in
 * the drive is changed.
 */
@Component(
        name = "org.dtp.adapters.microsoft.OneDriveMediaExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft OneDrive",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class OneDriveMediaExporter extends GraphComponent implements Exporter<PhotoAlbum, MediaItem> {
    /** Endpoint setting: the folder to export, as a path from the drive's root (e.g. {@code Pictures}); default all. */
    public static final String FOLDER = "folder";
    /** A media reference's uri is this and the drive item id. */
    static final String REF = "onedrive:item:";

    @Activate
    public OneDriveMediaExporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        GraphApi api = connector.api(context);
        String collection;
        if (cursor.isRoot()) {
            String folder = context.endpoint().settings().getOrDefault(FOLDER, "").strip();
            collection = folder.isEmpty() || folder.equals("/") ? "/me/drive/root/children"
                    : "/me/drive/items/" + GraphApi.id(folderId(api, folder)) + "/children";
        } else {
            collection = "/me/drive/items/" + GraphApi.id(cursor.containerId()) + "/children";
        }
        GraphApi.Page page = api.page(collection, cursor.continuation());
        List<PhotoAlbum> albums = new ArrayList<>();
        List<MediaItem> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode child : page.values()) {
            String id = child.path("id").asText("");
            if (id.isEmpty() || !child.path("name").isTextual()) {
                rejected.add(new ExportPage.Rejected(id.isEmpty() ? "(no id)" : id, "OneDrive listed an item without id or name"));
            } else if (child.has("folder")) {
                albums.add(new PhotoAlbum(id, child.path("name").asText(), text(child, "description")));
            } else if (child.has("file")) {
                MediaKind kind = kindOf(child);
                if (kind != null) {
                    try {
                        items.add(item(child, kind));
                    } catch (IllegalArgumentException e) {
                        rejected.add(new ExportPage.Rejected(id, "OneDrive described it with values out of range: " + e.getMessage()));
                    }
                }
            }
        }
        return new ExportPage<>(albums, items, page.nextLink(), rejected);
    }

    private static String folderId(GraphApi api, String path) throws AdapterException {
        StringBuilder encoded = new StringBuilder();
        for (String segment : path.replaceAll("^/+|/+$", "").split("/+")) {
            encoded.append(encoded.length() == 0 ? "" : "/").append(GraphApi.segment(segment));
        }
        JsonNode folder = api.find("/me/drive/root:/" + encoded).orElseThrow(() -> new InvalidEndpointException(
                "OneDrive has no folder '" + path + "' (setting '" + FOLDER + "')"));
        if (!folder.has("folder")) {
            throw new InvalidEndpointException("'" + path + "' is a file in OneDrive, not a folder (setting '" + FOLDER + "')");
        }
        return folder.path("id").asText();
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        if (!ref.uri().startsWith(REF)) {
            throw new ItemRejectedException("not a OneDrive media reference: " + ref.uri());
        }
        GraphApi api = connector.api(context);
        JsonNode item = api.get("/me/drive/items/" + GraphApi.id(ref.uri().substring(REF.length())));
        // Not /content: it answers 302 to a pre-authenticated URL, and the JDK client would carry the token there.
        String downloadUrl = item.path("@microsoft.graph.downloadUrl").asText("");
        URI uri;
        try {
            uri = URI.create(downloadUrl);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || !"https".equalsIgnoreCase(uri.getScheme()) && !"http".equalsIgnoreCase(uri.getScheme())) {
            throw new ItemRejectedException("OneDrive gave no download address for '" + item.path("name").asText("") + "'");
        }
        return api.downloadUnsigned(uri);
    }

    static MediaKind kindOf(JsonNode item) {
        String type = item.path("file").path("mimeType").asText("").toLowerCase(Locale.ROOT);
        if (item.has("video") || type.startsWith("video/")) {
            return MediaKind.VIDEO;
        }
        if (item.has("image") || item.has("photo") || type.startsWith("image/")) {
            return MediaKind.PHOTO;
        }
        return null;
    }

    private static MediaItem item(JsonNode i, MediaKind kind) {
        JsonNode photo = i.path("photo");
        JsonNode dimensions = kind == MediaKind.VIDEO ? i.path("video") : i.path("image");
        String type = i.path("file").path("mimeType").asText(null);
        return new MediaItem(
                i.path("id").asText(),
                kind,
                i.path("name").asText(),
                null,
                text(i, "description"),
                GraphTimes.instant(photo.path("takenDateTime").asText(null)),
                location(i.path("location")),
                positive(dimensions.path("width")),
                positive(dimensions.path("height")),
                exif(photo),
                new MediaRef(REF + i.path("id").asText(), type, i.path("size").canConvertToLong() ? i.path("size").asLong(-1) : -1));
    }

    /** The photo facet's camera fields, under their EXIF tag names. */
    private static Map<String, String> exif(JsonNode photo) {
        Map<String, String> exif = new LinkedHashMap<>();
        Map<String, String> names = Map.of("cameraMake", "Make", "cameraModel", "Model", "fNumber", "FNumber",
                "focalLength", "FocalLength", "iso", "ISOSpeedRatings", "orientation", "Orientation");
        names.forEach((field, tag) -> {
            JsonNode value = photo.path(field);
            if (value.isValueNode() && !value.isNull()) {
                exif.put(tag, value.asText());
            }
        });
        if (photo.path("exposureNumerator").isNumber() && photo.path("exposureDenominator").isNumber()) {
            exif.put("ExposureTime", photo.path("exposureNumerator").asText() + "/" + photo.path("exposureDenominator").asText());
        }
        return exif;
    }

    private static GeoLocation location(JsonNode location) {
        if (!location.path("latitude").isNumber() || !location.path("longitude").isNumber()) {
            return null;
        }
        Double altitude = location.path("altitude").isNumber() ? location.path("altitude").asDouble() : null;
        return new GeoLocation(location.path("latitude").asDouble(), location.path("longitude").asDouble(), altitude);
    }

    private static Integer positive(JsonNode value) {
        return value.canConvertToInt() && value.asInt() > 0 ? value.asInt() : null;
    }

    private static String text(JsonNode node, String field) {
        String value = node.path(field).asText("");
        return value.isBlank() ? null : value;
    }
}
