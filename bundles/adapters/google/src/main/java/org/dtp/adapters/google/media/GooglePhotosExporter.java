package org.dtp.adapters.google.media;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConfig;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.GoogleSettings;
import org.dtp.adapters.google.DescriptionMarkers;
import com.fasterxml.jackson.databind.JsonNode;
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
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Exports a user's Google Photos albums with their photos and videos, and the items that are in no album. The root's
 * pages are first the pages of albums ({@code GET /v1/albums}, continuation {@code a:<pageToken>}), then the pages of
 * the library ({@code GET /v1/mediaItems}, continuation {@code l:<pageToken>}) without the items that are in an album
 * ({@link AlbumMembership}); an album's pages are {@code POST /v1/mediaItems:search} with its id. Media references
 * are {@code google-photos:<mediaItemId>}: a baseUrl lasts 60 minutes, so {@link #openMedia} reads a fresh one
 * ({@code GET /v1/mediaItems/<id>}) and downloads {@code baseUrl=d} (photos, with their metadata) or {@code =dv}
 * (videos). Nothing at Google is changed.
 */
@Component(
        name = "org.dtp.adapters.google.GooglePhotosExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Photos",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class GooglePhotosExporter extends GoogleComponent implements Exporter<PhotoAlbum, MediaItem> {
    static final String MEDIA_SCHEME = "google-photos:";
    private static final String ALBUMS = "a:";
    private static final String LOOSE = "l:";

    @Activate
    public GooglePhotosExporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        PhotosApi api = api(context);
        GoogleSettings settings = connector.settings();
        String continuation = cursor.continuation();
        if (!cursor.isRoot()) {
            ApiPage page = api.albumItems(cursor.containerId(), continuation, settings.pageSize());
            return items(page.entries(), page.nextPageToken());
        }
        if (continuation == null || continuation.startsWith(ALBUMS)) {
            String token = continuation == null ? null : continuation.substring(ALBUMS.length());
            ApiPage page = api.albums(token, settings.albumPageSize(), false);
            List<PhotoAlbum> albums = new ArrayList<>();
            for (JsonNode album : page.entries()) {
                String id = album.path("id").asText("");
                if (!id.isEmpty()) {
                    String title = album.path("title").asText("").strip();
                    albums.add(new PhotoAlbum(id, title.isEmpty() ? "Untitled album" : title, null));
                }
            }
            return new ExportPage<>(albums, List.of(), page.nextPageToken() == null ? LOOSE : ALBUMS + page.nextPageToken());
        }
        if (!continuation.startsWith(LOOSE)) {
            throw new AdapterException("'" + continuation + "' is not a continuation of the Google Photos exporter");
        }
        String token = continuation.length() == LOOSE.length() ? null : continuation.substring(LOOSE.length());
        AlbumMembership inAlbums = membership(context, api);
        ApiPage page = api.libraryItems(token, settings.pageSize());
        List<JsonNode> loose = page.entries().stream().filter(i -> !inAlbums.contains(i.path("id").asText(""))).toList();
        return items(loose, page.nextPageToken() == null ? null : LOOSE + page.nextPageToken());
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        if (!ref.uri().startsWith(MEDIA_SCHEME) || ref.uri().length() == MEDIA_SCHEME.length()) {
            throw new ItemRejectedException("not a Google Photos media reference: " + ref.uri());
        }
        JsonNode item = api(context).mediaItem(ref.uri().substring(MEDIA_SCHEME.length()));
        String baseUrl = item.path("baseUrl").asText("");
        URI target;
        try {
            target = URI.create(baseUrl + (item.path("mediaMetadata").has("video") ? "=dv" : "=d"));
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("Google gave no usable baseUrl for " + ref.uri());
        }
        if (baseUrl.isEmpty() || !allowed(target)) {
            throw new ItemRejectedException("refusing to fetch the media of " + ref.uri() + " from " + target.getScheme() + "://"
                    + target.getHost() + ": not a Google media host (see mediaHosts in " + GoogleConfig.PID + ")");
        }
        return api(context).download(target);
    }

    private PhotosApi api(TransferContext context) throws AdapterException {
        return new PhotosApi(connector.http(context), connector.settings().photosBaseUrl());
    }

    /** The items of every album, read once per job (and again after a restart). */
    private AlbumMembership membership(TransferContext context, PhotosApi api) throws AdapterException {
        String key = context.jobId().toString();
        AlbumMembership known = connector.membership(key);
        if (known != null) {
            return known;
        }
        AlbumMembership.Builder builder = new AlbumMembership.Builder();
        ApiPage.forEach(token -> api.albums(token, connector.settings().albumPageSize(), false),
                album -> ApiPage.forEach(token -> api.albumItems(album.path("id").asText(), token, GoogleSettings.MAX_ITEM_PAGE),
                        item -> builder.add(item.path("id").asText(""))));
        AlbumMembership built = builder.build();
        connector.membership(key, built);
        return built;
    }

    private static ExportPage<PhotoAlbum, MediaItem> items(List<JsonNode> entries, String next) {
        List<MediaItem> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode entry : entries) {
            String id = entry.path("id").asText("");
            if (id.isEmpty()) {
                continue;
            }
            try {
                items.add(item(entry));
            } catch (IllegalArgumentException e) {
                rejected.add(new ExportPage.Rejected(id, e.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), items, next, rejected);
    }

    /** The canonical item of a MediaItem resource; IllegalArgumentException says why one cannot be exported. */
    static MediaItem item(JsonNode m) {
        String id = m.path("id").asText();
        JsonNode metadata = m.path("mediaMetadata");
        boolean video = metadata.has("video");
        if (video) {
            String status = metadata.path("video").path("status").asText("READY");
            if (!"READY".equals(status)) {
                throw new IllegalArgumentException("the video is not ready at Google Photos (status " + status + ")");
            }
        }
        String mimeType = m.path("mimeType").asText("");
        String fileName = m.path("filename").asText("").strip();
        if (fileName.isEmpty()) {
            fileName = id + extensionOf(mimeType);
        }
        Map<String, String> exif = new LinkedHashMap<>();
        JsonNode photo = metadata.path("photo");
        putText(exif, "Make", photo.path("cameraMake"));
        putText(exif, "Model", photo.path("cameraModel"));
        putText(exif, "FocalLength", photo.path("focalLength"));
        putText(exif, "FNumber", photo.path("apertureFNumber"));
        putText(exif, "ISOSpeedRatings", photo.path("isoEquivalent"));
        putText(exif, "ExposureTime", photo.path("exposureTime"));
        return MediaItem.builder()
                .id(id)
                .kind(video ? MediaKind.VIDEO : MediaKind.PHOTO)
                .fileName(fileName)
                .description(DescriptionMarkers.withoutMarker(m.path("description").asText(null)))
                .takenAt(instant(metadata.path("creationTime")))
                .width(integer(metadata.path("width")))
                .height(integer(metadata.path("height")))
                .exif(exif)
                .content(new MediaRef(MEDIA_SCHEME + id, mimeType.isEmpty() ? (video ? "video/mp4" : "image/jpeg") : mimeType, -1))
                .build();
    }

    private static void putText(Map<String, String> exif, String tag, JsonNode value) {
        if (value.isValueNode() && !value.asText().isBlank()) {
            exif.put(tag, value.asText());
        }
    }

    private static Instant instant(JsonNode value) {
        try {
            return value.isTextual() ? Instant.parse(value.asText()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Width and height are int64 sent as JSON strings. */
    private static Integer integer(JsonNode value) {
        try {
            long v = Long.parseLong(value.asText(""));
            return v > 0 && v <= Integer.MAX_VALUE ? (int) v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String extensionOf(String mimeType) {
        return switch (mimeType.toLowerCase(Locale.ROOT)) {
            case "image/jpeg" -> ".jpg";
            case "image/png" -> ".png";
            case "image/gif" -> ".gif";
            case "image/heic", "image/heif" -> ".heic";
            case "image/webp" -> ".webp";
            case "video/mp4" -> ".mp4";
            case "video/quicktime" -> ".mov";
            default -> "";
        };
    }

    private boolean allowed(URI uri) {
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        URI api = connector.settings().photosBaseUrl();
        if (host.equalsIgnoreCase(api.getHost())) {
            return scheme.equals("https") || scheme.equalsIgnoreCase(api.getScheme());
        }
        return scheme.equals("https")
                && connector.settings().mediaHosts().stream().anyMatch(h -> host.equals(h) || host.endsWith("." + h));
    }
}
