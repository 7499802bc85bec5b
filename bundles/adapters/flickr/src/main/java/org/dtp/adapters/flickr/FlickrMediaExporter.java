package org.dtp.adapters.flickr;

import org.dtp.adapters.flickr.FlickrApi.Page;
import org.dtp.adapters.flickr.FlickrApi.Photo;
import org.dtp.adapters.flickr.FlickrApi.Photoset;
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
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Exports a Flickr user's photosets (albums) with their photos and videos, and the photos in no photoset at the root.
 * The root's pages are first the pages of flickr.photosets.getList (continuation {@code s<page>}), then those of
 * flickr.photos.getNotInSet ({@code n<page>}); a photoset's pages are those of flickr.photosets.getPhotos
 * (continuation: the page number). Originals are {@code url_o}; a video's is the "Video Original" of
 * flickr.photos.getSizes, looked up when it is opened. Nothing at Flickr is changed.
 */
@Component(
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=flickr",
                AdapterProperties.PROVIDER_NAME + "=Flickr",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class FlickrMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    /** A video's reference: its original is found with flickr.photos.getSizes when opened. */
    static final String VIDEO = "flickr:video:";
    /** A photo whose owner does not let its original be downloaded (no url_o). */
    static final String NO_ORIGINAL = "flickr:no-original:";

    private final FlickrConnector connector;

    @Activate
    public FlickrMediaExporter(@Reference FlickrConnector connector) {
        this.connector = connector;
    }

    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return connector.accountId(context);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        FlickrApi api = connector.account(context.endpoint()).api();
        String continuation = cursor.continuation();
        if (cursor.isRoot()) {
            if (continuation == null || continuation.startsWith("s")) {
                Page<Photoset> page = api.photosets(pageOf(continuation, "s"));
                List<PhotoAlbum> albums = new ArrayList<>();
                for (Photoset set : page.items()) {
                    albums.add(new PhotoAlbum(set.id(), set.title().isBlank() ? set.id() : set.title(),
                            set.description().isBlank() ? null : set.description()));
                }
                return new ExportPage<>(albums, List.of(), page.last() ? "n1" : "s" + (page.page() + 1));
            }
            Page<Photo> page = api.notInSet(pageOf(continuation, "n"));
            return new ExportPage<>(List.of(), items(null, page.items()), page.last() ? null : "n" + (page.page() + 1));
        }
        String photosetId = cursor.containerId();
        if (!photosetId.matches("[0-9]+")) {
            throw new AdapterException("'" + photosetId + "' is not a Flickr photoset id");
        }
        Page<Photo> page = api.photosetPhotos(photosetId, pageOf(continuation, ""));
        return new ExportPage<>(List.of(), items(photosetId, page.items()), page.last() ? null : String.valueOf(page.page() + 1));
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        if (ref.uri().startsWith(NO_ORIGINAL)) {
            throw new ItemRejectedException("Flickr offers no original of photo " + ref.uri().substring(NO_ORIGINAL.length())
                    + " (its owner does not allow downloads of originals)");
        }
        FlickrApi api = connector.account(context.endpoint()).api();
        URI uri;
        if (ref.uri().startsWith(VIDEO)) {
            String photoId = ref.uri().substring(VIDEO.length());
            uri = api.videoOriginal(photoId).orElseThrow(() -> new ItemRejectedException(
                    "Flickr lists no \"Video Original\" size for video " + photoId + " (it may still be processing)"));
        } else {
            try {
                uri = URI.create(ref.uri());
            } catch (IllegalArgumentException e) {
                throw new ItemRejectedException("not a Flickr media address: " + e.getMessage());
            }
        }
        if (!allowed(uri)) {
            throw new ItemRejectedException("refusing to fetch " + uri.getScheme() + "://" + uri.getHost()
                    + ": not a Flickr media host (see mediaHosts in " + FlickrConfig.PID + ")");
        }
        return api.download(uri);
    }

    private static List<MediaItem> items(String photosetId, List<Photo> photos) {
        List<MediaItem> items = new ArrayList<>();
        for (Photo p : photos) {
            items.add(item(photosetId, p));
        }
        return items;
    }

    private static MediaItem item(String photosetId, Photo p) {
        String format = p.originalFormat().isBlank() ? (p.video() ? "mp4" : "jpg") : p.originalFormat().toLowerCase(Locale.ROOT);
        // Flickr keeps no file names: the photo's id and its original format make one.
        String fileName = p.id() + "." + format;
        String uri = p.video() ? VIDEO + p.id() : p.urlO().isBlank() ? NO_ORIGINAL + p.id() : p.urlO();
        return new MediaItem(
                photosetId == null ? p.id() : photosetId + "/" + p.id(),
                p.video() ? MediaKind.VIDEO : MediaKind.PHOTO,
                fileName,
                p.title().isBlank() ? null : p.title(),
                p.description().isBlank() ? null : p.description(),
                takenAt(p),
                location(p),
                p.width(),
                p.height(),
                Map.of(),
                new MediaRef(uri, contentTypeOf(format, p.video()), -1));
    }

    /** Flickr's date taken is a wall-clock time without a zone; it is read as UTC. */
    private static Instant takenAt(Photo p) {
        if (p.dateTakenUnknown() || p.dateTaken().isBlank()) {
            return null;
        }
        try {
            return LocalDateTime.parse(p.dateTaken(), FlickrApi.DATE_TAKEN).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static GeoLocation location(Photo p) {
        if (p.latitude() == 0 && p.longitude() == 0) {
            return null;
        }
        try {
            return new GeoLocation(p.latitude(), p.longitude(), null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String contentTypeOf(String format, boolean video) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "jpg", "jpeg" -> "image/jpeg";
            case "png" -> "image/png";
            case "gif" -> "image/gif";
            case "mp4", "m4v" -> "video/mp4";
            case "mov" -> "video/quicktime";
            default -> video ? "video/mp4" : "application/octet-stream";
        };
    }

    private boolean allowed(URI uri) {
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        URI rest = connector.settings().restUrl();
        if (host.equalsIgnoreCase(rest.getHost()) && uri.getPort() == rest.getPort()) {
            return scheme.equals("https") || scheme.equalsIgnoreCase(rest.getScheme());
        }
        return scheme.equals("https")
                && connector.settings().mediaHosts().stream().anyMatch(h -> host.equals(h) || host.endsWith("." + h));
    }

    private static int pageOf(String continuation, String prefix) throws AdapterException {
        if (continuation == null) {
            return 1;
        }
        try {
            int page = Integer.parseInt(continuation.substring(prefix.length()));
            if (page < 1 || !continuation.startsWith(prefix)) {
                throw new NumberFormatException();
            }
            return page;
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new AdapterException("'" + continuation + "' is not a continuation of the Flickr exporter");
        }
    }
}
